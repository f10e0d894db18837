/**
 * Where the signaling service keeps each room (a RoomRecord) and when each room next needs work
 * (a place to give up, a guest to admit). Every change goes through `update`, which runs one function
 * on one room's record with no other update of that room in between, so two joins racing for an
 * empty room give one host; the room's deadline is written in the same step. With several nodes,
 * each node says it is alive, and the places a silent node held are found and handed to the sweep.
 */
import { nextDeadline, type RoomRecord } from './room-record';

export type { RoomRecord } from './room-record';

export interface Change<T> {
  /** The room's next record; null deletes the room. */
  record: RoomRecord | null;
  result: T;
}

export interface SilentNode {
  node: string;
  /** Rooms in which the node held a place at some point (some may have moved on or ended). */
  rooms: string[];
}

export interface RoomStore {
  /** Runs `change` on the room's current record (null when there is none) atomically, deadline included. */
  update<T>(roomId: string, change: (record: RoomRecord | null) => Change<T>): Promise<T>;
  get(roomId: string): Promise<RoomRecord | null>;
  /** Rooms with something due at or before `now`, oldest first. */
  due(now: number, limit: number): Promise<string[]>;
  /** This node is alive at `now`; false when the node was not listed (new, or taken for dead meanwhile). */
  heartbeat(node: string, now: number): Promise<boolean>;
  /** Nodes that last said they were alive before `before`: each is handed to exactly one caller. */
  claimSilentNodes(before: number): Promise<SilentNode[]>;
  /** Rooms held, for the benchmark and tests. */
  size(): Promise<number>;
  close(): Promise<void>;
}

/** One node's rooms in memory: changes are synchronous functions, so each runs alone. */
export class MemoryRoomStore implements RoomStore {
  private readonly rooms = new Map<string, RoomRecord>();
  private readonly deadlines = new Map<string, number>();

  update<T>(roomId: string, change: (record: RoomRecord | null) => Change<T>): Promise<T> {
    const { record, result } = change(this.rooms.get(roomId) ?? null);
    const deadline = record ? nextDeadline(record) : null;
    if (record) this.rooms.set(roomId, record);
    else this.rooms.delete(roomId);
    if (deadline === null) this.deadlines.delete(roomId);
    else this.deadlines.set(roomId, deadline);
    return Promise.resolve(result);
  }

  get(roomId: string): Promise<RoomRecord | null> {
    return Promise.resolve(this.rooms.get(roomId) ?? null);
  }

  due(now: number, limit: number): Promise<string[]> {
    const due = [...this.deadlines].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1]);
    return Promise.resolve(due.slice(0, limit).map(([roomId]) => roomId));
  }

  // One node alone: nobody else could finish its work, so there is nothing to track.
  heartbeat(): Promise<boolean> {
    return Promise.resolve(true);
  }

  claimSilentNodes(): Promise<SilentNode[]> {
    return Promise.resolve([]);
  }

  size(): Promise<number> {
    return Promise.resolve(this.rooms.size);
  }

  close(): Promise<void> {
    this.rooms.clear();
    this.deadlines.clear();
    return Promise.resolve();
  }
}
