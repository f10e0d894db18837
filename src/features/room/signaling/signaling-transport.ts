/**
 * The signaling transport: how a participant reaches the room (docs/decisions/0010-room-signaling.md).
 * Requests that expect an acknowledgement resolve with it or fail after 10 s; anything sent while
 * disconnected waits in a queue and goes out, in order, once connected. Subclasses only move messages:
 * LocalSignaling over BroadcastChannel. (The socket.io transport, SocketSignaling, leaves queues and
 * acknowledgements to socket.io.)
 */
import {
  ROOM_ERRORS,
  type IncomingEvent,
  type IncomingEvents,
  type OutgoingAcks,
  type OutgoingEvent,
  type OutgoingEvents,
} from '../../../protocol';
import { SignalingHandlers, type Handler } from './signaling-handlers';

export type { Handler };

export const ACK_TIMEOUT_MS = 10_000;

/** Which outgoing events are acknowledged (the rest are fire and forget). */
const ACKNOWLEDGED: Record<OutgoingEvent, boolean> = {
  'create-room': true,
  'join-room': true,
  'signaling-message': false,
  'start-recording': true,
  'stop-recording': true,
  'pause-recording': true,
  'resume-recording': true,
  'leave-room': false,
  'approve-guest': true,
  'reject-guest': true,
  'kick-participant': true,
  'set-auto-admit': true,
  'media-server-access': true,
};

export interface SignalingTransport {
  /** This client's id in the room (its participant id). */
  readonly selfId: string;
  readonly connected: boolean;
  connect(): Promise<void>;
  disconnect(): void;
  on<E extends IncomingEvent>(event: E, handler: Handler<E>): () => void;
  emit<E extends OutgoingEvent>(event: E, payload: OutgoingEvents[E]): Promise<OutgoingAcks[E]>;
}

interface Queued {
  event: OutgoingEvent;
  payload: unknown;
  ackId: string | null;
}

interface PendingAck {
  resolve: (ack: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export abstract class SignalingClient implements SignalingTransport {
  private queue: Queued[] = [];
  private readonly acks = new Map<string, PendingAck>();
  private readonly handlers = new SignalingHandlers();
  private nextAck = 0;
  private isConnected = false;

  protected constructor(readonly selfId: string) {}

  get connected(): boolean {
    return this.isConnected;
  }

  abstract connect(): Promise<void>;

  /** Puts one message on the wire; `ackId` is set when an acknowledgement is expected. */
  protected abstract send(event: OutgoingEvent, payload: unknown, ackId: string | null): void;

  disconnect(): void {
    this.setConnected(false);
    for (const [id, pending] of this.acks) {
      clearTimeout(pending.timer);
      pending.reject(new Error(ROOM_ERRORS.notConnected));
      this.acks.delete(id);
    }
    this.queue = [];
  }

  on<E extends IncomingEvent>(event: E, handler: Handler<E>): () => void {
    return this.handlers.on(event, handler);
  }

  emit<E extends OutgoingEvent>(event: E, payload: OutgoingEvents[E]): Promise<OutgoingAcks[E]> {
    if (!ACKNOWLEDGED[event]) {
      this.enqueue({ event, payload, ackId: null });
      return Promise.resolve(undefined as OutgoingAcks[E]);
    }
    return new Promise<OutgoingAcks[E]>((resolve, reject) => {
      const ackId = `${this.selfId}:${String(++this.nextAck)}`;
      const timer = setTimeout(() => {
        this.acks.delete(ackId);
        this.queue = this.queue.filter((q) => q.ackId !== ackId);
        reject(new Error(ROOM_ERRORS.ackTimeout));
      }, ACK_TIMEOUT_MS);
      this.acks.set(ackId, { resolve: resolve as (ack: unknown) => void, reject, timer });
      this.enqueue({ event, payload, ackId });
    });
  }

  /** Number of messages waiting for a connection (for tests and diagnostics). */
  get queuedCount(): number {
    return this.queue.length;
  }

  protected setConnected(connected: boolean): void {
    if (connected === this.isConnected) return;
    this.isConnected = connected;
    if (connected) this.flush();
    if (connected) this.dispatch('connect', {});
    else this.dispatch('disconnect', {});
  }

  /** Whether this client sent a request with this id and still waits for its acknowledgement. */
  protected awaits(ackId: string): boolean {
    return this.acks.has(ackId);
  }

  protected resolveAck(ackId: string, ack: unknown): void {
    const pending = this.acks.get(ackId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.acks.delete(ackId);
    pending.resolve(ack);
  }

  protected dispatch<E extends IncomingEvent>(event: E, payload: IncomingEvents[E]): void {
    this.handlers.dispatch(event, payload);
  }

  private enqueue(message: Queued): void {
    if (this.isConnected) this.send(message.event, message.payload, message.ackId);
    else this.queue.push(message);
  }

  private flush(): void {
    const queued = this.queue;
    this.queue = [];
    for (const message of queued) {
      if (!this.isConnected) {
        this.queue.push(message);
        continue;
      }
      this.send(message.event, message.payload, message.ackId);
    }
  }
}
