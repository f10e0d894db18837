/** The listeners a signaling transport calls for each incoming event (shared by every transport). */
import type { IncomingEvent, IncomingEvents } from '../../../protocol';

export type Handler<E extends IncomingEvent> = (payload: IncomingEvents[E]) => void;

export class SignalingHandlers {
  private readonly handlers = new Map<IncomingEvent, Set<(payload: never) => void>>();

  on<E extends IncomingEvent>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    const stored = handler as (payload: never) => void;
    set.add(stored);
    return () => set.delete(stored);
  }

  dispatch<E extends IncomingEvent>(event: E, payload: IncomingEvents[E]): void {
    const set = this.handlers.get(event);
    if (!set) return;
    for (const handler of [...set]) (handler as Handler<E>)(payload);
  }
}
