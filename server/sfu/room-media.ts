/**
 * The signaling node's side of the media server: it answers a member's request for access, and takes
 * access back when the authority decides someone is gone (left, kicked, given up) or the room ended.
 * The node that applies a decision delivers it once, so each take-back is done once; a failed one is
 * tried again for minutes, each time against who is in the room then, because until it succeeds the
 * person removed may still send and receive. Every grant checks the room again once it is done, so a
 * kick that lands meanwhile is not undone by it.
 */
import { MAX_MEDIA_SERVER_PARTICIPANTS, ROOM_ERRORS, capacityOf, type AuthorityState, type Delivery, type MediaServerAccess } from '../../src/protocol';
import type { Log } from '../log';
import type { MediaServer } from './media-server';
import type { MediaServers } from './media-servers';

export type AccessAnswer = { success: true; access: MediaServerAccess } | { success: false; error: string };

/** Reads a room afresh from the store (another node may have changed it a moment ago). */
export type ReadRoom = (roomId: string) => Promise<AuthorityState | null>;

const RETRY_DELAYS_MS = [250, 1000, 4000, 15_000, 60_000];

const isMember = (state: AuthorityState | null, id: string): state is AuthorityState =>
  !!state && !state.ended && state.participants.some((p) => p.id === id);

const notConfigured = (state: AuthorityState) => new Error(`room ${state.roomId} is on media server ${String(state.mediaServer)}, which this node is not given`);

/** Whether this room's media goes through the media server: it was created on a node that has one. */
export const usesMediaServer = (state: AuthorityState): boolean => capacityOf(state) === MAX_MEDIA_SERVER_PARTICIPANTS;

export class RoomMedia {
  private readonly pending = new Set<Promise<void>>();
  private reconciling: Promise<void> | null = null;

  constructor(
    private readonly servers: MediaServers | null,
    private readonly read: ReadRoom,
    private readonly log: Log,
  ) {}

  get configured(): boolean {
    return this.servers !== null;
  }

  /** Where a new room's media goes: the name of the media server it is placed on, or undefined for a mesh. */
  placeRoom(roomId: string): string | undefined {
    return this.servers?.place(roomId);
  }

  /** Access for `id` while it is a member of the live room `roomId`. */
  async access(roomId: string, id: string): Promise<AccessAnswer> {
    const { servers } = this;
    if (!servers) return { success: false, error: ROOM_ERRORS.noMediaServer };
    const state = await this.read(roomId);
    if (!isMember(state, id)) return { success: false, error: ROOM_ERRORS.notInRoom };
    if (!usesMediaServer(state)) return { success: false, error: ROOM_ERRORS.noMediaServer };
    const server = servers.of(state);
    if (!server) {
      this.log('media server access', notConfigured(state));
      return { success: false, error: ROOM_ERRORS.mediaServerDown };
    }
    let access: MediaServerAccess;
    try {
      access = await server.grant(roomId, id);
    } catch (error) {
      this.log('media server access', error);
      return { success: false, error: ROOM_ERRORS.mediaServerDown };
    }
    const now = await this.read(roomId);
    if (isMember(now, id)) return { success: true, access };
    // Removed (or the room ended) while the grant was on its way: take it back as the removal would have.
    this.retrying(`take back media access of ${id}`, async () => {
      const latest = await this.read(roomId);
      if (!latest || latest.ended) await server.closeRoom(roomId, latest?.participants.map((p) => p.id) ?? [id]);
      else await server.revoke(roomId, id, latest.participants.map((p) => p.id));
    });
    return { success: false, error: ROOM_ERRORS.notInRoom };
  }

  /** What the media server must undo for these decided deliveries. */
  follow(state: AuthorityState, deliveries: readonly Delivery[]): void {
    if (!this.servers || !usesMediaServer(state)) return;
    const server = this.servers.of(state);
    if (!server) {
      this.log('media server take-back', notConfigured(state));
      return;
    }
    const { roomId } = state;
    if (deliveries.some((delivery) => delivery.event === 'room-ended')) {
      const members = state.participants.map((p) => p.id);
      this.retrying('close media server room', () => server.closeRoom(roomId, members));
      return;
    }
    // A kick tells the room and the one kicked: one take-back.
    const gone = new Set(deliveries.flatMap((delivery) => (delivery.event === 'participant-left' ? [delivery.payload.participantId] : [])));
    for (const id of gone) {
      // Each attempt keeps who is in the room then: someone let in meanwhile is not put out.
      this.retrying(`take back media access of ${id}`, async () => {
        const latest = (await this.read(roomId)) ?? state;
        await server.revoke(roomId, id, latest.participants.map((p) => p.id));
      });
    }
  }

  /**
   * Brings every media server in line with the rooms as stored: whoever is not a member of a live room
   * placed there is put out, a Janus room whose room is over is destroyed, and every token that is not
   * a current member's goes. This finishes what a take-back could not (its node died, or Janus was
   * away longer than its retries); any node may run it at any time, and a second run finds nothing.
   *
   * What is listed comes before the room is read, so whatever a listing shows was granted to someone
   * who was a member then, and the read that follows still has them unless they have gone since.
   */
  async reconcile(): Promise<void> {
    const { servers } = this;
    if (!servers) return;
    // One server or room failing (a Janus away, a store hiccup) holds up none of the others.
    await Promise.all(
      servers.all().map(async (server) => {
        try {
          await this.reconcileServer(servers, server);
        } catch (error) {
          this.log('bring a media server in line with the rooms', error);
        }
      }),
    );
  }

  private async reconcileServer(servers: MediaServers, server: MediaServer): Promise<void> {
    const tokens = await server.tokens();
    const valid = new Set<string>();
    let complete = true;
    for (const roomId of await server.rooms()) {
      try {
        const present = await server.participants(roomId);
        const state = await this.read(roomId);
        if (!state || state.ended || !usesMediaServer(state) || servers.of(state) !== server) {
          await server.closeRoom(roomId, []);
          continue;
        }
        const members = state.participants.map((p) => p.id);
        for (const id of members) valid.add(server.tokenFor(roomId, id));
        await server.keepOnly(roomId, members, present);
      } catch (error) {
        complete = false;
        this.log(`bring media room ${roomId} in line`, error);
      }
    }
    // A room that could not be read may have members whose tokens are not in `valid`: they stay until the next run.
    if (!complete) return;
    for (const token of tokens) if (!valid.has(token)) await server.removeToken(token);
  }

  /** Runs `reconcile` unless a run is under way; a failure is logged, and the next run tries again. */
  reconcileInBackground(): void {
    if (this.reconciling) return;
    const run = this.reconcile()
      .catch((error: unknown) => {
        this.log('bring the media servers in line with the rooms', error);
      })
      .finally(() => {
        this.reconciling = null;
        this.pending.delete(run);
      });
    this.reconciling = run;
    this.pending.add(run);
  }

  /** Resolves when every take-back started so far has succeeded or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private retrying(context: string, run: () => Promise<void>): void {
    const attempt = async () => {
      for (let index = 0; ; index += 1) {
        try {
          await run();
          return;
        } catch (error) {
          this.log(context, error);
          const delay = RETRY_DELAYS_MS[index];
          if (delay === undefined) return;
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    };
    const task = attempt();
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }
}
