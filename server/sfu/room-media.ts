/**
 * The signaling node's side of the media server: it answers a member's request for access, and takes
 * access back when the authority decides someone is gone (left, kicked, given up) or the room ended.
 * The node that applies a decision delivers it once, so each take-back is done once; a failed one is
 * tried again, because until it succeeds a kicked participant may still send and receive.
 */
import { ROOM_ERRORS, type AuthorityState, type Delivery, type MediaServerAccess } from '../../src/protocol';
import type { Log } from '../log';
import type { MediaServer } from './media-server';

export type AccessAnswer = { success: true; access: MediaServerAccess } | { success: false; error: string };

const RETRY_DELAYS_MS = [250, 1000, 4000];

export class RoomMedia {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly server: MediaServer | null,
    private readonly log: Log,
  ) {}

  /** Access for `id` when it is a member of a live room (`state` read fresh by the caller). */
  async access(state: AuthorityState | null, id: string): Promise<AccessAnswer> {
    if (!this.server) return { success: false, error: ROOM_ERRORS.noMediaServer };
    if (!state || state.ended || !state.participants.some((p) => p.id === id)) return { success: false, error: ROOM_ERRORS.notInRoom };
    try {
      return { success: true, access: await this.server.grant(state.roomId, id) };
    } catch (error) {
      this.log('media server access', error);
      return { success: false, error: ROOM_ERRORS.mediaServerDown };
    }
  }

  /** What the media server must undo for these decided deliveries. */
  follow(state: AuthorityState, deliveries: readonly Delivery[]): void {
    const server = this.server;
    if (!server) return;
    const members = state.participants.map((p) => p.id);
    if (deliveries.some((delivery) => delivery.event === 'room-ended')) {
      this.retrying('close media server room', () => server.closeRoom(state.roomId, members));
      return;
    }
    // A kick tells the room and the one kicked: one take-back.
    const gone = new Set(deliveries.flatMap((delivery) => (delivery.event === 'participant-left' ? [delivery.payload.participantId] : [])));
    for (const id of gone) this.retrying(`take back media access of ${id}`, () => server.revoke(state.roomId, id, members));
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
