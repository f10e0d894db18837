/**
 * The signaling server: the room's authority when people are on different computers (DECISIONS 24).
 * It gives every connection its participant id (a client never chooses or claims one), stamps the
 * sender on everything it relays, and decides joins, approvals, kicks, auto-admit and recording state
 * with the same pure `decide` the in-browser transport uses. A waiting guest hears only about itself;
 * WebRTC negotiation goes only between admitted members of one room. Every payload is parsed with the
 * protocol's schemas before use, and each connection is rate limited.
 *
 * Delivery goes through socket.io rooms named by participant ids, so with the Redis
 * adapter an event reaches its participant on whichever node holds the connection.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server as IoServer, Socket as IoSocket } from 'socket.io';
import {
  createAuthority,
  decide,
  dueForAutoAdmit,
  nextAutoAdmitAt,
  type AuthorityRequest,
  type AuthorityState,
  type Delivery,
} from '../src/features/room/signaling/room-authority';
import {
  ROOM_ERRORS,
  isOutgoingEvent,
  parseOutgoing,
  resumeAuthSchema,
  type Ack,
  type ClientToServerEvents,
  type IncomingEvents,
  type ServerEvent,
  type ServerToClientEvents,
  type JoinRoomAck,
  type OutgoingEvent,
  type OutgoingEvents,
} from '../src/features/room/signaling/protocol';
import { sanitizeName, sanitizeRoomName } from '../src/features/room/sanitize';
import { toAuthorityRequest } from '../src/features/room/signaling/wire-requests';
import { ConnectionLimits, type LimitKind } from './connection-limits';
import type { RoomRecord, RoomStore } from './room-store';
import { turnCredentials, type TurnConfig } from './turn-credentials';

/** A dropped connection keeps its place (and the host role) this long (issue 15). */
export const RESUME_GRACE_MS = 30_000;
/** How stale this node's view of a room's members may be when it relays negotiation. */
const MEMBERSHIP_TTL_MS = 1000;
const MEMBERSHIP_CACHE_ROOMS = 10_000;
const MEMBERSHIP_SWEEP_MS = 5000;
/** The largest message a client may send; socket.io closes a connection that sends more. */
export const MAX_MESSAGE_BYTES = 96 * 1024;

export const SERVER_ERRORS = {
  invalid: 'Invalid request',
  tooMany: 'Too many requests. Please wait a moment and try again.',
  otherRoom: 'You are already in another room.',
  notMember: ROOM_ERRORS.notInRoom,
} as const;

export interface SignalingOptions {
  store: RoomStore;
  turn?: TurnConfig | null;
  now?: () => number;
  resumeGraceMs?: number;
}

interface Connection {
  id: string;
  roomId: string | null;
  token: string | null;
  readonly limits: ConnectionLimits;
}

type Reply = (ack: Ack | JoinRoomAck) => void;

interface JoinOutcome {
  id: string;
  token: string | undefined;
  /** Null only with a refusal (a place that expired in a room that is gone). */
  record: RoomRecord | null;
  deliveries: Delivery[];
  /** The authority's reply to a join it decided; null when the room was created or resumed. */
  reply: Ack | JoinRoomAck | null;
}

interface ApplyOutcome {
  reply: Ack;
  /** The room after the request (null when there was no room). */
  state: AuthorityState | null;
  deliveries: Delivery[];
}

/**
 * Each participant is reached through the socket.io room named by its id. A new connection's id is
 * its socket's own id, a room every socket is already in, so an idle connection costs no extra room;
 * only a connection that took back an earlier place (or left and got a fresh id) joins another.
 */
const participantRoom = (id: string): string => id;

/** socket.io with the room protocol's typed events (what arrives is still parsed with its schema first). */
export type Server = IoServer<ClientToServerEvents, ServerToClientEvents>;
type Socket = IoSocket<ClientToServerEvents, ServerToClientEvents>;

/** What the handshake's resume attempt found, kept on the socket until its connection is accepted. */
type ResumeResult = { kind: 'resumed'; id: string; roomId: string; token: string; state: AuthorityState } | { kind: 'expired' } | { kind: 'none' };
const NO_RESUME: ResumeResult = { kind: 'none' };

const LIMIT_OF: Record<OutgoingEvent, LimitKind> = {
  'create-room': 'join',
  'join-room': 'join',
  'signaling-message': 'signaling',
  'start-recording': 'host',
  'stop-recording': 'host',
  'pause-recording': 'host',
  'resume-recording': 'host',
  'approve-guest': 'host',
  'reject-guest': 'host',
  'kick-participant': 'host',
  'set-auto-admit': 'host',
  'leave-room': 'leave',
};

const isMember = (state: AuthorityState, id: string): boolean => state.participants.some((p) => p.id === id);
const isKnown = (state: AuthorityState, id: string): boolean => isMember(state, id) || state.pending.some((g) => g.id === id);

export class SignalingNode {
  private readonly now: () => number;
  private readonly graceMs: number;
  private readonly autoAdmitTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly graceTimers = new Set<ReturnType<typeof setTimeout>>();
  private readonly membershipCache = new Map<string, { state: AuthorityState | null; at: number }>();
  /** What each handshake's resume attempt found, until its connection is accepted (not on socket.data: see accept). */
  private readonly resumes = new WeakMap<Socket, ResumeResult>();
  /** Drops cached rooms nobody negotiated in for a while: an idle room's state then lives only in the store. */
  private readonly cacheSweep: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly io: Server,
    private readonly options: SignalingOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.graceMs = options.resumeGraceMs ?? RESUME_GRACE_MS;
    // Runs before socket.io reports the connection to either side, so a client that comes back is
    // its old self again before anything it queued while offline is read.
    io.use((socket, next) => {
      this.resumeFromHandshake(socket.handshake.auth)
        .then((result) => {
          this.resumes.set(socket, result);
          next();
        })
        .catch(() => {
          next();
        });
    });
    io.on('connection', (socket) => {
      this.accept(socket);
    });
    this.cacheSweep = setInterval(() => {
      const now = this.now();
      for (const [roomId, entry] of this.membershipCache) if (now - entry.at >= MEMBERSHIP_TTL_MS) this.membershipCache.delete(roomId);
    }, MEMBERSHIP_SWEEP_MS);
    this.cacheSweep.unref();
  }

  /** Stops this node's timers (rooms stay in the store for the other nodes). */
  close(): void {
    this.closed = true;
    clearInterval(this.cacheSweep);
    for (const timer of this.autoAdmitTimers.values()) clearTimeout(timer);
    for (const timer of this.graceTimers) clearTimeout(timer);
    this.autoAdmitTimers.clear();
    this.graceTimers.clear();
  }

  private async resumeFromHandshake(auth: unknown): Promise<ResumeResult> {
    const parsed = resumeAuthSchema.safeParse(auth);
    if (!parsed.success) return NO_RESUME;
    const { roomId, resumeToken } = parsed.data;
    return this.options.store.update<ResumeResult>(roomId, (record) => {
      const place = takeBackPlace(record, resumeToken);
      if (!place) return { record, result: { kind: 'expired' } };
      return { record: place.record, result: { kind: 'resumed', id: place.id, roomId, token: resumeToken, state: place.record.authority } };
    });
  }

  private accept(socket: Socket): void {
    const resume = this.resumes.get(socket) ?? NO_RESUME;
    this.resumes.delete(socket);
    const resumed = resume.kind === 'resumed' ? resume : null;
    const connection: Connection = {
      id: resumed?.id ?? socket.id,
      roomId: resumed?.roomId ?? null,
      token: resumed?.token ?? null,
      limits: new ConnectionLimits(),
    };
    if (connection.id !== socket.id) void socket.join(participantRoom(connection.id));
    // One listener for every event, not one per event: each connection's listeners are part of what an
    // idle room costs. socket.io passes the acknowledgement callback last, when the client asked for one.
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (!isOutgoingEvent(event)) return;
      const ack = args.at(-1);
      const reply: Reply = typeof ack === 'function' ? (ack as Reply) : () => undefined;
      const payload = typeof args[0] === 'function' ? undefined : args[0];
      this.handle(socket, connection, event, payload, reply).catch(() => {
        reply({ success: false, error: SERVER_ERRORS.invalid });
      });
    });
    socket.on('disconnect', () => {
      void this.dropped(connection);
    });
    if (resume.kind === 'expired') socket.emit('error', { message: ROOM_ERRORS.placeExpired });
    if (resumed) {
      this.membershipCache.set(resumed.roomId, { state: resumed.state, at: this.now() });
      this.greetReturningHost(resumed.state, resumed.id);
    }
  }

  /** A host coming back sees who is waiting. */
  private greetReturningHost(state: AuthorityState, id: string): void {
    if (state.hostId === id && state.pending.length > 0) this.deliver(state, [{ to: id, event: 'pending-guests', payload: { guests: state.pending } }]);
  }

  private async handle(socket: Socket, connection: Connection, event: OutgoingEvent, raw: unknown, reply: Reply): Promise<void> {
    if (!connection.limits.allow(LIMIT_OF[event], this.now())) {
      reply({ success: false, error: SERVER_ERRORS.tooMany });
      return;
    }
    const payload = parseOutgoing(event, raw);
    if (!payload) {
      reply({ success: false, error: SERVER_ERRORS.invalid });
      return;
    }
    switch (event) {
      case 'create-room': {
        const body = payload as OutgoingEvents['create-room'];
        await this.join(socket, connection, body.roomId, body.hostName, body.roomName, undefined, reply);
        return;
      }
      case 'join-room': {
        const body = payload as OutgoingEvents['join-room'];
        await this.join(socket, connection, body.roomId, body.participantName, '', body.resumeToken, reply);
        return;
      }
      case 'signaling-message':
        await this.relay(connection, payload as OutgoingEvents['signaling-message']);
        return;
      case 'leave-room':
        if (payload.roomId === connection.roomId) await this.leave(socket, connection);
        return;
      default:
        reply(await this.hostAction(connection, event, payload));
    }
  }

  private async join(
    socket: Socket,
    connection: Connection,
    roomId: string,
    rawName: string,
    rawRoomName: string,
    resumeToken: string | undefined,
    reply: Reply,
  ): Promise<void> {
    if (connection.roomId && connection.roomId !== roomId) {
      reply({ success: false, error: SERVER_ERRORS.otherRoom });
      return;
    }
    const now = this.now();
    const name = sanitizeName(rawName);
    const outcome = await this.options.store.update<JoinOutcome>(roomId, (record) => {
      if (resumeToken) {
        const place = takeBackPlace(record, resumeToken);
        // Past its grace the place is gone: the client is told so, never silently made someone new.
        if (!place) return { record, result: { id: connection.id, token: undefined, record, deliveries: [], reply: { success: false, error: ROOM_ERRORS.placeExpired } } };
        return { record: place.record, result: { id: place.id, token: resumeToken, record: place.record, deliveries: [], reply: null } };
      }
      const token = randomBytes(18).toString('base64url');
      if (!record || record.authority.ended) {
        const authority = createAuthority(roomId, sanitizeRoomName(rawRoomName) || `${name}'s room`, { id: connection.id, name }, now);
        const next: RoomRecord = { authority, tokens: { [token]: connection.id }, online: { [connection.id]: true } };
        return { record: next, result: { id: connection.id, token, record: next, deliveries: [], reply: null } };
      }
      const decision = decide(record.authority, { type: 'join', from: connection.id, name, now });
      if (!decision.reply.success) return { record, result: { id: connection.id, token: undefined, record, deliveries: [], reply: decision.reply } };
      const next: RoomRecord = {
        authority: decision.state,
        tokens: { ...record.tokens, [token]: connection.id },
        online: { ...record.online, [connection.id]: true },
      };
      return { record: next, result: { id: connection.id, token, record: next, deliveries: decision.deliveries, reply: decision.reply } };
    });
    if ((outcome.reply && !outcome.reply.success) || !outcome.record) {
      reply(outcome.reply ?? { success: false, error: SERVER_ERRORS.invalid });
      return;
    }
    if (outcome.id !== connection.id) {
      void socket.leave(participantRoom(connection.id));
      connection.id = outcome.id;
      if (connection.id !== socket.id) void socket.join(participantRoom(connection.id));
    }
    connection.roomId = roomId;
    connection.token = outcome.token ?? null;
    const { authority } = outcome.record;
    this.membershipCache.set(roomId, { state: authority, at: this.now() });
    this.deliver(authority, outcome.deliveries);
    this.scheduleAutoAdmit(roomId, authority);
    const member = isMember(authority, connection.id);
    const ack: JoinRoomAck = {
      success: true,
      selfId: connection.id,
      hostId: authority.hostId,
      isHost: authority.hostId === connection.id,
      ...(member ? { participants: authority.participants, roomName: authority.roomName } : { pending: true }),
      ...(connection.token ? { resumeToken: connection.token } : {}),
      ...(this.options.turn ? { iceServers: [turnCredentials(this.options.turn, connection.id, this.now())] } : {}),
    };
    reply(ack);
    if (member && outcome.reply === null) this.greetReturningHost(authority, connection.id);
  }

  /** Relays one negotiation message between two admitted members of the sender's room, sender stamped. */
  private async relay(connection: Connection, signal: OutgoingEvents['signaling-message']): Promise<void> {
    if (!connection.roomId || signal.roomId !== connection.roomId) return;
    if (signal.to === connection.id) return;
    const both = (state: AuthorityState | null) => !!state && !state.ended && isMember(state, connection.id) && isMember(state, signal.to);
    // A refusal is always decided on a fresh read: someone admitted on another node a moment ago is in.
    if (!both(await this.membership(connection.roomId)) && !both(await this.membership(connection.roomId, true))) return;
    this.io.to(participantRoom(signal.to)).emit('signaling-message', { ...signal, from: connection.id, roomId: connection.roomId });
  }

  /**
   * The room as negotiation sees it: read from the store at most every MEMBERSHIP_TTL_MS per room,
   * because a call setting up sends dozens of ICE candidates and each would otherwise be a store read
   * (a Redis round trip with many nodes). This node's own changes refresh it at once; someone who left
   * or was removed on another node may still be reached for up to that long, while a refusal is always
   * checked against the store.
   */
  private async membership(roomId: string, fresh = false): Promise<AuthorityState | null> {
    const cached = this.membershipCache.get(roomId);
    if (!fresh && cached && this.now() - cached.at < MEMBERSHIP_TTL_MS) return cached.state;
    const record = await this.options.store.get(roomId);
    const state = record?.authority ?? null;
    this.membershipCache.delete(roomId); // re-inserted last, so the oldest rooms go first
    this.membershipCache.set(roomId, { state, at: this.now() });
    if (this.membershipCache.size > MEMBERSHIP_CACHE_ROOMS) this.membershipCache.delete(this.membershipCache.keys().next().value ?? '');
    return state;
  }

  private async hostAction(connection: Connection, event: OutgoingEvent, payload: unknown): Promise<Ack> {
    const body = payload as { roomId: string };
    if (!connection.roomId || body.roomId !== connection.roomId) return { success: false, error: SERVER_ERRORS.notMember };
    // The same mapping the in-browser host uses for requests off its channel.
    const request = toAuthorityRequest(connection.id, event, payload as Record<string, unknown>, this.now());
    if (!request) return { success: false, error: SERVER_ERRORS.invalid };
    return this.apply(connection.roomId, request);
  }

  /** Decides one request on the room and delivers what it produced; the room goes when it ends or empties. */
  private async apply(roomId: string, request: AuthorityRequest): Promise<Ack> {
    const outcome = await this.options.store.update<ApplyOutcome>(roomId, (record) => {
      if (!record) return { record, result: { reply: { success: false, error: ROOM_ERRORS.notInRoom }, state: null, deliveries: [] } };
      const decision = decide(record.authority, request);
      const state = decision.state;
      const gone = state.ended || state.participants.length === 0;
      const next: RoomRecord | null = gone ? null : { ...record, authority: state, tokens: keepTokens(record.tokens, state) };
      return { record: next, result: { reply: decision.reply, state, deliveries: decision.deliveries } };
    });
    this.membershipCache.set(roomId, { state: outcome.state, at: this.now() });
    if (outcome.state) {
      this.deliver(outcome.state, outcome.deliveries);
      this.scheduleAutoAdmit(roomId, outcome.state);
    }
    return { success: outcome.reply.success, ...(outcome.reply.error ? { error: outcome.reply.error } : {}) };
  }

  private async leave(socket: Socket, connection: Connection): Promise<void> {
    const roomId = connection.roomId;
    if (!roomId) return;
    connection.roomId = null;
    connection.token = null;
    await this.apply(roomId, { type: 'leave', from: connection.id, reason: 'left' });
    // A fresh id for whatever this connection does next: the old one belongs to the room's history.
    void socket.leave(participantRoom(connection.id));
    connection.id = randomUUID();
    if (connection.id !== socket.id) void socket.join(participantRoom(connection.id));
  }

  /** A connection dropped: its place is kept for the grace period, then it has left. */
  private async dropped(connection: Connection): Promise<void> {
    const roomId = connection.roomId;
    if (!roomId) return;
    const id = connection.id;
    await this.options.store.update(roomId, (record) => ({
      record: record ? { ...record, online: { ...record.online, [id]: false } } : null,
      result: null,
    }));
    // A node shutting down leaves its clients' places to them: they reconnect to a node and resume.
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.graceTimers.delete(timer);
      void this.expire(roomId, id);
    }, this.graceMs);
    this.graceTimers.add(timer);
  }

  private async expire(roomId: string, id: string): Promise<void> {
    const record = await this.options.store.get(roomId);
    if (!record || record.online[id] !== false) return;
    await this.apply(roomId, { type: 'leave', from: id, reason: 'disconnected' });
  }

  private scheduleAutoAdmit(roomId: string, state: AuthorityState): void {
    clearTimeout(this.autoAdmitTimers.get(roomId));
    this.autoAdmitTimers.delete(roomId);
    const at = nextAutoAdmitAt(state);
    if (at === null) return;
    const timer = setTimeout(() => {
      this.autoAdmitTimers.delete(roomId);
      void this.autoAdmit(roomId);
    }, Math.max(0, at - this.now()));
    this.autoAdmitTimers.set(roomId, timer);
  }

  private async autoAdmit(roomId: string): Promise<void> {
    const record = await this.options.store.get(roomId);
    if (!record) return;
    for (const guestId of dueForAutoAdmit(record.authority, this.now())) {
      await this.apply(roomId, { type: 'auto-admit', guestId, now: this.now() });
    }
    const latest = await this.options.store.get(roomId);
    if (latest) this.scheduleAutoAdmit(roomId, latest.authority);
  }

  private deliver(state: AuthorityState, deliveries: readonly Delivery[]): void {
    for (const delivery of deliveries) {
      if (typeof delivery.to === 'string') {
        send(this.io.to(participantRoom(delivery.to)), delivery.event, delivery.payload);
        continue;
      }
      const except = delivery.to.except;
      const rooms = state.participants.filter((p) => p.id !== except).map((p) => participantRoom(p.id));
      if (rooms.length > 0) send(this.io.to(rooms), delivery.event, delivery.payload);
    }
  }
}

/** Emits one room event; the event ties the payload's type, which socket.io's own typing cannot follow through a union. */
function send<E extends ServerEvent>(target: ReturnType<Server['to']>, event: E, payload: IncomingEvents[E]): void {
  target.emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
}

/**
 * A dropped connection coming back within its grace with its token: the same id and place (host role
 * included), marked online again. Null when the token names nobody still in or waiting for the room.
 */
function takeBackPlace(record: RoomRecord | null, token: string): { id: string; record: RoomRecord } | null {
  const id = record?.tokens[token];
  if (!record || !id || !isKnown(record.authority, id)) return null;
  return { id, record: { ...record, online: { ...record.online, [id]: true } } };
}

/** Tokens of people still in the room or waiting; the rest can no longer resume anything. */
function keepTokens(tokens: Record<string, string>, state: AuthorityState): Record<string, string> {
  return Object.fromEntries(Object.entries(tokens).filter(([, id]) => isKnown(state, id)));
}
