/**
 * The signaling service's clock. Work that must happen later (a dropped connection's place given up
 * after its grace, a waiting guest auto-admitted) is stored with its room as a deadline, and every node
 * runs this sweep: it takes the rooms whose deadline has passed and settles each one in an atomic
 * update, so it does not matter which node started the wait or whether that node is still alive.
 * Two nodes settling the same room is harmless: the second finds nothing due.
 *
 * It also says this node is alive, and hands the places held on a node that went silent to the same
 * grace as a dropped connection. A failed step is logged and tried again on the next tick; a node whose
 * store is unreachable keeps running and reports itself unhealthy.
 */
import type { AuthorityState, Delivery } from '../src/protocol';
import type { Log } from './log';
import { applyRequests, departAfterGrace, departNode, dueRequests, type Grace } from './room-record';
import type { RoomStore } from './room-store';
import { StoreUnavailableError } from './store-errors';

export const SWEEP_MS = 250;
export const HEARTBEAT_MS = 2000;
/** A node that has not said it is alive for this long is taken for dead. */
export const SILENT_AFTER_MS = 15_000;
const ROOMS_PER_SWEEP = 100;
/** Departures kept for Redis to come back; beyond this (a long outage on a busy node) the oldest go. */
const MAX_RETRIED_DEPARTURES = 100_000;

/** A departure that could not be written (Redis away), kept until it can. */
export interface PendingDeparture {
  roomId: string;
  id: string;
  conn: string;
  /** When the connection went. */
  at: number;
}

const departureKey = (d: PendingDeparture) => `${d.conn}\u0000${d.roomId}\u0000${d.id}`;

export interface SweeperOptions {
  store: RoomStore;
  nodeId: string;
  now: () => number;
  log: Log;
  grace: Grace;
  deliver: (state: AuthorityState, deliveries: Delivery[]) => void;
  /** The store answers again after failing: this node's connections may need their places back. */
  recovered: () => void;
  sweepMs?: number;
  heartbeatMs?: number;
  silentAfterMs?: number;
}

export class RoomSweeper {
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly heartbeatTimer: ReturnType<typeof setInterval>;
  private beating = false;
  /** Rooms of a claimed node not yet handed over (a failure midway): tried again each tick. */
  private readonly claimedRooms: { node: string; roomId: string }[] = [];
  private readonly departures = new Map<string, PendingDeparture>();
  private running: Promise<void> | null = null;
  private beaten = false;
  /** Since when the store has answered every step without a break (null: it is failing now). */
  private answeringSince: number | null;
  private stopped = false;

  constructor(private readonly options: SweeperOptions) {
    this.answeringSince = options.now();
    this.timer = setInterval(() => {
      if (this.running || this.stopped) return;
      this.running = this.sweep().finally(() => {
        this.running = null;
      });
    }, options.sweepMs ?? SWEEP_MS);
    this.timer.unref();
    // Its own timer: a long sweep (many due rooms, a slow Redis) must not make this node look dead.
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeatTimer.unref();
    void this.heartbeat();
  }

  private async heartbeat(): Promise<void> {
    if (this.beating || this.stopped) return;
    this.beating = true;
    const { store, nodeId, now } = this.options;
    const listed = await this.step('heartbeat', () => store.heartbeat(nodeId, now()));
    // Taken for dead while alive (a long pause): the places it holds were handed to the grace period.
    if (listed === false && this.beaten) this.options.recovered();
    if (listed !== null) this.beaten = true;
    this.beating = false;
  }

  get healthy(): boolean {
    return this.answeringSince !== null;
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.heartbeatTimer);
  }

  async settled(): Promise<void> {
    await this.running;
  }

  retryDeparture(departure: PendingDeparture): void {
    const key = departureKey(departure);
    this.departures.delete(key);
    this.departures.set(key, departure);
    if (this.departures.size > MAX_RETRIED_DEPARTURES) this.departures.delete(this.departures.keys().next().value ?? '');
  }

  /** Runs one step; its result, or null when it failed (logged, and tried again next tick). */
  private async step<T>(context: string, run: () => Promise<T>): Promise<T | null> {
    try {
      const result = await run();
      if (this.answeringSince === null) {
        this.answeringSince = this.options.now();
        this.options.recovered();
      }
      return result;
    } catch (error) {
      // A busy room or a fault in one room's work is that room's problem, not the node's health.
      if (error instanceof StoreUnavailableError) this.answeringSince = null;
      this.options.log(context, error);
      return null;
    }
  }

  private async sweep(): Promise<void> {
    const { store, now } = this.options;
    for (const departure of [...this.departures.values()]) {
      if (this.stopped) return;
      const written = await this.step('departure (retried)', () =>
        store.update(departure.roomId, (record) => {
          if (!record) return { record, result: true };
          return { record: departAfterGrace(record, departure.id, departure.conn, departure.at, this.options.grace), result: true };
        }),
      );
      // Redis away: the rest waits for the next tick. One room failing otherwise does not hold up the others.
      if (!written && !this.healthy) return;
      if (written) this.departures.delete(departureKey(departure));
    }
    const due = await this.step('find due rooms', () => store.due(now(), ROOMS_PER_SWEEP));
    if (!due) return;
    for (const roomId of due) {
      if (this.stopped) return;
      await this.step(`settle room ${roomId}`, () => this.settle(roomId).then(() => true));
    }
    await this.claimSilentNodes();
  }

  /** Does what fell due in one room: auto-admits, then places given up. */
  private async settle(roomId: string): Promise<void> {
    const at = this.options.now();
    const outcome = await this.options.store.update(roomId, (record) => {
      // Written back even when nothing is due, so a stale deadline is corrected.
      if (!record) return { record, result: null };
      const requests = dueRequests(record, at);
      if (requests.length === 0) return { record, result: null };
      const applied = applyRequests(record, requests);
      return { record: applied.record, result: applied };
    });
    if (outcome) this.options.deliver(outcome.state, outcome.deliveries);
  }

  /**
   * Only a node that has itself reached the store for a whole silence period may judge another node
   * silent: after a Redis outage every node's last word is old, and each needs a moment to speak again.
   */
  private async claimSilentNodes(): Promise<void> {
    const { store, now, grace } = this.options;
    const silentAfter = this.options.silentAfterMs ?? SILENT_AFTER_MS;
    if (this.answeringSince === null || now() - this.answeringSince < silentAfter) return;
    const claimed = await this.step('claim silent nodes', () => store.claimSilentNodes(now() - silentAfter));
    for (const silent of claimed ?? []) {
      if (silent.node === this.options.nodeId) continue;
      for (const roomId of silent.rooms) this.claimedRooms.push({ node: silent.node, roomId });
    }
    for (const next of [...this.claimedRooms]) {
      if (this.stopped) return;
      const handed = await this.step(`hand over room ${next.roomId} of silent node`, () =>
        store.update(next.roomId, (record) => ({ record: record && departNode(record, next.node, now() + grace.memberMs), result: true })),
      );
      if (handed) this.claimedRooms.splice(this.claimedRooms.indexOf(next), 1);
      else if (!this.healthy) return;
    }
  }
}
