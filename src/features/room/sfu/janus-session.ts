/**
 * A browser's session with Janus over its WebSocket API (docs/sfu.md): requests matched to their
 * answers by transaction, events routed to the plugin handle they are for, and a keepalive so Janus
 * keeps the session. Every request carries this member's token. What arrives is parsed first.
 */
import { ROOM_ERRORS } from '../../../protocol';
import { z } from '../../../shared/zod';

const messageSchema = z.object({
  janus: z.string().max(64),
  transaction: z.string().max(64).optional(),
  session_id: z.number().optional(),
  sender: z.number().optional(),
  data: z.object({ id: z.number().optional() }).optional(),
  error: z.object({ code: z.number(), reason: z.string().max(1000) }).optional(),
  plugindata: z.object({ plugin: z.string().max(64), data: z.record(z.string(), z.unknown()) }).optional(),
  jsep: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(256 * 1024) }).optional(),
  reason: z.string().max(1000).optional(),
});
export type JanusMessage = z.infer<typeof messageSchema>;
export type Jsep = NonNullable<JanusMessage['jsep']>;

/** What one VideoRoom handle hears: plugin events (with an SDP when there is one), and its end. */
export interface HandleListener {
  event(data: Record<string, unknown>, jsep: Jsep | undefined): void;
  /** Janus hung up the handle's connection or detached it. */
  gone(reason: string): void;
}

export class JanusRequestError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus ${String(code)}: ${reason}`);
    this.name = 'JanusRequestError';
  }
}

const KEEPALIVE_MS = 25_000;
const REQUEST_TIMEOUT_MS = 10_000;

interface Waiting {
  resolve(message: JanusMessage): void;
  reject(error: Error): void;
  /** A plugin request is answered by an event after Janus's "ack": wait for that, not the ack. */
  untilEvent: boolean;
  timer: ReturnType<typeof setTimeout>;
}

export class JanusSession {
  private readonly waiting = new Map<string, Waiting>();
  private readonly handles = new Map<number, HandleListener>();
  private sessionId = 0;
  private keepalive: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  private constructor(
    private readonly socket: WebSocket,
    private readonly token: string,
    private readonly onLost: (reason: string) => void,
  ) {
    socket.addEventListener('message', (event) => {
      this.receive(event.data);
    });
    socket.addEventListener('close', () => {
      this.end('The connection to the media server closed.');
    });
  }

  /** Opens the WebSocket and a session; `onLost` hears once if either ends without `close()`. */
  static async open(url: string, token: string, onLost: (reason: string) => void): Promise<JanusSession> {
    const socket = new WebSocket(new URL(url, location.href).href.replace(/^http/, 'ws'), 'janus-protocol');
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(ROOM_ERRORS.mediaServerDown)), REQUEST_TIMEOUT_MS);
        socket.addEventListener('open', () => {
          clearTimeout(timer);
          resolve();
        }, { once: true });
        socket.addEventListener('error', () => {
          clearTimeout(timer);
          reject(new Error(ROOM_ERRORS.mediaServerDown));
        }, { once: true });
      });
    } catch (error) {
      socket.close();
      throw error;
    }
    const session = new JanusSession(socket, token, onLost);
    try {
      const created = await session.send({ janus: 'create' });
      session.sessionId = created.data?.id ?? 0;
    } catch (error) {
      session.close();
      throw error;
    }
    session.keepalive = setInterval(() => {
      void session.send({ janus: 'keepalive' }).catch(() => undefined);
    }, KEEPALIVE_MS);
    return session;
  }

  /** A VideoRoom handle whose events go to `listener`. */
  async attach(listener: HandleListener): Promise<number> {
    const attached = await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' });
    const handle = attached.data?.id;
    if (handle === undefined) throw new JanusRequestError(0, 'no handle id');
    this.handles.set(handle, listener);
    return handle;
  }

  /** A VideoRoom request: the plugin's answer (its error as a JanusRequestError), with its SDP if any. */
  async request(handle: number, body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit): Promise<{ data: Record<string, unknown>; jsep: Jsep | undefined }> {
    const answer = await this.send({ janus: 'message', handle_id: handle, body, ...(jsep ? { jsep } : {}) }, true);
    const data = answer.plugindata?.data ?? {};
    if (typeof data.error_code === 'number') throw new JanusRequestError(data.error_code, typeof data.error === 'string' ? data.error : 'VideoRoom error');
    return { data, jsep: answer.jsep };
  }

  /** Sends this handle's ICE candidates to Janus (null: gathering is complete). */
  trickle(handle: number, candidate: RTCIceCandidate | null): void {
    const body = candidate ? { candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex } } : { candidate: { completed: true } };
    void this.send({ janus: 'trickle', handle_id: handle, ...body }).catch(() => undefined);
  }

  async detach(handle: number): Promise<void> {
    this.handles.delete(handle);
    await this.send({ janus: 'detach', handle_id: handle }).catch(() => undefined);
  }

  close(): void {
    if (this.closed) return;
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ janus: 'destroy', session_id: this.sessionId, token: this.token, transaction: crypto.randomUUID() }));
    this.closed = true;
    this.stop('closed');
    this.socket.close();
  }

  private send(message: Record<string, unknown>, untilEvent = false): Promise<JanusMessage> {
    if (this.closed) return Promise.reject(new Error('The media server session is closed.'));
    const transaction = crypto.randomUUID();
    return new Promise<JanusMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(transaction);
        reject(new Error('The media server did not answer.'));
      }, REQUEST_TIMEOUT_MS);
      this.waiting.set(transaction, { resolve, reject, untilEvent, timer });
      this.socket.send(JSON.stringify({ ...message, transaction, token: this.token, ...(this.sessionId ? { session_id: this.sessionId } : {}) }));
    });
  }

  private receive(raw: unknown): void {
    let parsed: JanusMessage;
    try {
      parsed = messageSchema.parse(JSON.parse(String(raw)));
    } catch {
      return;
    }
    const waiting = parsed.transaction ? this.waiting.get(parsed.transaction) : undefined;
    if (waiting && parsed.transaction) {
      if (parsed.janus === 'ack' && waiting.untilEvent) return;
      this.waiting.delete(parsed.transaction);
      clearTimeout(waiting.timer);
      if (parsed.janus === 'error') waiting.reject(new JanusRequestError(parsed.error?.code ?? 0, parsed.error?.reason ?? 'error'));
      else waiting.resolve(parsed);
      return;
    }
    const listener = parsed.sender === undefined ? undefined : this.handles.get(parsed.sender);
    if (parsed.janus === 'timeout') this.end('The media server ended the session.');
    if (!listener) return;
    if (parsed.janus === 'event' && parsed.plugindata) listener.event(parsed.plugindata.data, parsed.jsep);
    else if (parsed.janus === 'hangup' || parsed.janus === 'detached') listener.gone(parsed.reason ?? parsed.janus);
  }

  private end(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.stop(reason);
    this.onLost(reason);
  }

  private stop(reason: string): void {
    clearInterval(this.keepalive);
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error(reason));
    }
    this.waiting.clear();
    this.handles.clear();
  }
}
