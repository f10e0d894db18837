/**
 * Signaling through a signaling server over socket.io, for rooms between computers. The server is
 * the room's authority (it names every participant and decides every request); this transport only
 * carries messages and parses everything it receives with the protocol's schemas before use.
 * socket.io keeps what is sent while the connection is down and reconnects by itself; once this
 * participant has a place in a room, its resume token rides in every reconnection's handshake, so the
 * server gives the place back (within 30 s) before it reads anything sent meanwhile.
 */
import { io, type Socket } from 'socket.io-client';
import {
  ROOM_ERRORS,
  incomingSchemas,
  isIncomingEvent,
  outgoingAckSchemas,
  parseIncoming,
  type ClientToServerEvents,
  type IncomingEvent,
  type OutgoingAcks,
  type ServerEvent,
  type ServerToClientEvents,
  type OutgoingEvent,
  type OutgoingEvents,
} from '../../../protocol';
import { SignalingHandlers, type Handler } from './signaling-handlers';
import { ACK_TIMEOUT_MS, type SignalingTransport } from './signaling-transport';

/** How long a first connection may take before the server counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 5000;
/** A reconnection the server refused (it is reconnecting to its own store, or full) is tried again after this. */
const REFUSED_RETRY_MS = 2000;
/** Refusals the server gives a connection, shown as they are; anything else reads as unreachable. */
const SERVER_REFUSALS: ReadonlySet<string> = new Set([ROOM_ERRORS.serverReconnecting, ROOM_ERRORS.tooManyConnections, ROOM_ERRORS.serverFull]);

const SOCKET_PATH = '/socket.io';
/** Events the server sends; connect and disconnect come from the socket itself. */
const SERVER_EVENTS = Object.keys(incomingSchemas).filter(
  (event): event is ServerEvent => isIncomingEvent(event) && event !== 'connect' && event !== 'disconnect',
);

type TypedSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export class SocketSignaling implements SignalingTransport {
  private readonly socket: TypedSocket;
  private readonly handlers = new SignalingHandlers();
  private id = '';
  private connectedOnce = false;
  private closedByUs = false;

  constructor(
    url: string,
    private readonly connectTimeoutMs = CONNECT_TIMEOUT_MS,
  ) {
    this.socket = io(url, {
      path: SOCKET_PATH,
      autoConnect: false,
      // Each join is its own connection, never one shared with an earlier join's manager.
      forceNew: true,
      timeout: connectTimeoutMs,
      // A dropped connection comes back well inside the server's 30 s grace.
      reconnectionDelay: 500,
      reconnectionDelayMax: 3000,
    });
    for (const event of SERVER_EVENTS) {
      this.socket.on(event, (payload: unknown) => {
        const parsed = parseIncoming(event, payload);
        if (parsed) this.handlers.dispatch(event, parsed);
        else console.warn('Room: ignored a malformed message from the signaling server:', event);
      });
    }
    this.socket.on('error', ({ message }: { message?: unknown }) => {
      // The server no longer knows our place (it expired while we were away): never try to resume it again.
      if (message === ROOM_ERRORS.placeExpired) this.socket.auth = {};
    });
    this.socket.on('connect', () => {
      this.connectedOnce = true;
      this.handlers.dispatch('connect', {});
    });
    this.socket.on('connect_error', () => {
      // socket.io retries a network failure by itself; a connection the server refused it does not.
      if (this.socket.active || this.closedByUs || !this.connectedOnce) return;
      setTimeout(() => {
        if (!this.closedByUs && !this.socket.connected && !this.socket.active) this.socket.connect();
      }, REFUSED_RETRY_MS);
    });
    this.socket.on('disconnect', () => {
      this.handlers.dispatch('disconnect', {});
    });
  }

  /** Our participant id, as the server assigned it (empty until a join is answered). */
  get selfId(): string {
    return this.id;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Connects, retrying until CONNECT_TIMEOUT_MS; fails with the server-unreachable message. */
  connect(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const settle = (error: Error | null) => {
        clearTimeout(timer);
        this.socket.off('connect', onConnect);
        this.socket.off('connect_error', onRefused);
        if (!error) {
          resolve();
          return;
        }
        this.socket.disconnect();
        reject(error);
      };
      const onConnect = () => {
        settle(null);
      };
      const onRefused = (error: Error) => {
        if (this.socket.active) return;
        settle(new Error(SERVER_REFUSALS.has(error.message) ? error.message : ROOM_ERRORS.serverUnreachable));
      };
      const timer = setTimeout(() => {
        settle(new Error(ROOM_ERRORS.serverUnreachable));
      }, this.connectTimeoutMs);
      this.socket.on('connect', onConnect);
      this.socket.on('connect_error', onRefused);
      this.closedByUs = false;
      this.socket.connect();
    });
  }

  disconnect(): void {
    this.closedByUs = true;
    this.socket.auth = {};
    this.socket.disconnect();
  }

  on<E extends IncomingEvent>(event: E, handler: Handler<E>): () => void {
    return this.handlers.on(event, handler);
  }

  async emit<E extends OutgoingEvent>(event: E, payload: OutgoingEvents[E]): Promise<OutgoingAcks[E]> {
    const ackSchema = outgoingAckSchemas[event];
    // This method's signature ties the payload to its event; socket.io's conditional event types cannot
    // follow a generic event name, so the calls below go through the untyped view of the same socket.
    const socket = this.socket as unknown as Socket;
    if (!ackSchema) {
      // Leaving gives up the place: a reconnect after this must not take it back.
      if (event === 'leave-room') this.socket.auth = {};
      socket.emit(event, payload);
      return undefined as OutgoingAcks[E];
    }
    let raw: unknown;
    try {
      raw = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
    } catch {
      throw new Error(ROOM_ERRORS.ackTimeout);
    }
    const parsed = ackSchema.safeParse(raw);
    if (!parsed.success) throw new Error(ROOM_ERRORS.invalidReply);
    const ack = parsed.data as OutgoingAcks[E];
    if (event === 'join-room' || event === 'create-room') this.joined(payload as OutgoingEvents['join-room'], ack as OutgoingAcks['join-room']);
    return ack;
  }

  private joined(request: OutgoingEvents['join-room'], ack: OutgoingAcks['join-room']): void {
    if (!ack.success) return;
    if (ack.selfId) this.id = ack.selfId;
    if (ack.resumeToken) this.socket.auth = { roomId: request.roomId, resumeToken: ack.resumeToken };
  }
}
