/**
 * Where the signaling server keeps each room: the authoritative room state (room-authority), the
 * resume tokens that let a dropped connection keep its place, and who is connected right now. Every
 * change goes through `update`, which runs one function on one room's record with no other update of
 * that room in between, so two joins racing for an empty room give one host.
 */
import type { AuthorityState } from '../src/features/room/signaling/room-authority';

export interface RoomRecord {
  authority: AuthorityState;
  /** Resume token → participant id (members and waiting guests). */
  tokens: Record<string, string>;
  /** Participant ids whose connection is up; a dropped one has RESUME_GRACE_MS to come back. */
  online: Record<string, boolean>;
}

export interface Change<T> {
  /** The room's next record; null deletes the room. */
  record: RoomRecord | null;
  result: T;
}

export interface RoomStore {
  /** Runs `change` on the room's current record (null when there is none) atomically. */
  update<T>(roomId: string, change: (record: RoomRecord | null) => Change<T>): Promise<T>;
  get(roomId: string): Promise<RoomRecord | null>;
  /** Rooms held, for the benchmark and tests. */
  size(): Promise<number>;
  close(): Promise<void>;
}

/** One node's rooms in memory: changes are synchronous functions, so each runs alone. */
export class MemoryRoomStore implements RoomStore {
  private readonly rooms = new Map<string, RoomRecord>();

  update<T>(roomId: string, change: (record: RoomRecord | null) => Change<T>): Promise<T> {
    const { record, result } = change(this.rooms.get(roomId) ?? null);
    if (record) this.rooms.set(roomId, record);
    else this.rooms.delete(roomId);
    return Promise.resolve(result);
  }

  get(roomId: string): Promise<RoomRecord | null> {
    return Promise.resolve(this.rooms.get(roomId) ?? null);
  }

  size(): Promise<number> {
    return Promise.resolve(this.rooms.size);
  }

  close(): Promise<void> {
    this.rooms.clear();
    return Promise.resolve();
  }
}
