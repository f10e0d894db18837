/**
 * The signaling server: the room's authority when people are on different computers (docs/signaling.md).
 * It gives every connection its participant id (a client never chooses or claims one), stamps the
 * sender on everything it relays, and decides joins, approvals, kicks, auto-admit and recording state
 * with the same pure `decide` the in-browser transport uses. A waiting guest hears only about itself;
 * WebRTC negotiation goes only between admitted members of one room. Every payload is parsed with the
 * protocol's schemas before use; each connection is rate limited, and handled in the order it sent.
 *
 * Nothing a client sends, and no failure of Redis, ends the process: every request's failure becomes
 * a refusal to that one request (logged when it is the server's fault), and the work that must happen
 * later (a place given up, a guest auto-admitted) is stored with the room and done by whichever node
 * sweeps next (room-sweeper.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server as IoServer, Socket as IoSocket } from 'socket.io';
import { createAuthority, decide, type AuthorityRequest, type AuthorityState, type Delivery, ROOM_ERRORS, isOutgoingEvent, parseOutgoingMessage, resumeAuthSchema, type Ack, type ClientToServerEvents, type IncomingEvents, type JoinRoomAck, type OutgoingEvent, type OutgoingEvents, type OutgoingMessage, type ResumeAuth, type ServerEvent, type ServerToClientEvents, sanitizeName, sanitizeRoomName, toAuthorityRequest } from '../src/protocol';
import { AddressLimits, ConnectionLimits, DEFAULT_ADDRESS_CAPS, type AddressCaps, type LimitKind } from './connection-limits';
import { KeyedQueue } from './keyed-queue';
import { createLog, type Log } from './log';
import { applyRequests, departAfterGrace, hold, isKnown, placeOfToken, pruned, type Grace, type Held, type RoomRecord } from './room-record';
import { RoomSweeper } from './room-sweeper';
import type { RoomStore } from './room-store';
import { StoreBusyError, StoreUnavailableError } from './store-errors';
import { turnCredentials, type TurnConfig } from './turn-credentials';
import type { MediaServers } from './sfu/media-servers';
import { RoomMedia, usesMediaServer } from './sfu/room-media';
import { addressKey, clientAddress } from './client-address';

/** A dropped connection keeps its place (and the host role) this long. */
export const RESUME_GRACE_MS = 30_000;
/** A waiting guest's dropped connection keeps its place in the queue this long: the queue is short. */
export const WAITING_GRACE_MS = 10_000;
/** How stale this node's view of a room's members may be when it relays negotiation. */
const MEMBERSHIP_TTL_MS = 1000;
/** However much refused negotiation one connection sends, it makes the node read the room afresh at most this often. */
const FRESH_READ_MIN_MS = 100;
/**
 * Requests one connection may have waiting; past it, more are refused, so a store that stops answering
 * cannot pile them up. Just above the negotiation burst a connection is allowed (600), which a call
 * setting up in a full room can use at once.
 */
const MAX_QUEUED_REQUESTS = 700;
const MEMBERSHIP_CACHE_ROOMS = 10_000;
const HOUSEKEEPING_MS = 5000;
/** How often each node brings the media servers in line with the rooms (RoomMedia.reconcile). */
export const MEDIA_RECONCILE_MS = 30_000;
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
  waitingGraceMs?: number;
  /** How long a guest waits before auto-admit in the rooms this node creates (AUTO_ADMIT_MS unless a test says). */
  autoAdmitMs?: number;
  /** How often this node looks for work that fell due (see RoomSweeper). */
  sweepMs?: number;
  heartbeatMs?: number;
  /** A node silent this long is taken for dead: its places wait for their connections to come back. */
  silentAfterMs?: number;
  caps?: AddressCaps;
  /** How many reverse proxies stand in front, each appending to X-Forwarded-For (server/client-address.ts). */
  trustProxy?: number;
  /** With them, rooms created here go through one of these media servers, and members may ask for access (docs/sfu.md). */
  mediaServers?: MediaServers | null;
  /** How often this node brings the media servers in line with the rooms (MEDIA_RECONCILE_MS unless a test says). */
  mediaReconcileMs?: number;
  log?: Log;
}

/** One socket's standing: whose place it holds (if any), in which room, and its rate limits. */
interface Connection {
  readonly conn: string;
  id: string;
  roomId: string | null;
  token: string | null;
  readonly limits: ConnectionLimits;
  /** Requests waiting in this connection's queue. */
  queued: number;
  /** When a refused relay last read the room afresh. */
  freshReadAt: number;
  /**
   * A join whose answer from Redis was lost (the write may have happened): if this connection goes
   * before a join succeeds, the place it may hold is given its grace like any other.
   */
  uncertainJoin: string | null;
}

type Reply = (ack: Ack | JoinRoomAck) => void;

/** What a join decided, carried out of the store's atomic update. */
interface JoinOutcome {
  id: string;
  token: string | null;
  state: AuthorityState | null;
  deliveries: Delivery[];
  /** The authority's reply to a join it decided; null when the room was created or a place taken back. */
  reply: Ack | JoinRoomAck | null;
  /** Another connection that held the place just taken back: it is told and closed. */
  replaced: Held | null;
}

/** What a handshake's resume found, kept until socket.io hands over the connection. */
type Resume = { kind: 'resumed'; id: string; roomId: string; token: string; state: AuthorityState } | { kind: 'expired' };

/**
 * Each participant is reached through the socket.io room named by its id. A new connection's id is
 * its socket's own id, a room every socket is already in, so an idle connection costs no extra room;
 * only a connection that took back an earlier place (or left and got a fresh id) joins another.
 */
const participantRoom = (id: string): string => id;

/** socket.io with the room protocol's typed events (what arrives is still parsed with its schema first). */
export type Server = IoServer<ClientToServerEvents, ServerToClientEvents>;
type Socket = IoSocket<ClientToServerEvents, ServerToClientEvents>;

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
  // A client asks again every few seconds while the media server is away: the host's allowance, not a join's.
  'media-server-access': 'host',
};

const isMember = (state: AuthorityState, id: string): boolean => state.participants.some((p) => p.id === id);
/**
 * TURN relays media between members, so it is for a member of a room with someone to talk to: not for
 * a waiting guest, and not for whoever invents a room id and sits in it alone.
 */
const needsRelay = (state: AuthorityState, id: string): boolean => !state.ended && state.participants.length >= 2 && isMember(state, id);
const refusal = (error: string): Ack => ({ success: false, error });

export class SignalingNode {
  readonly nodeId = randomUUID();
  private readonly now: () => number;
  private readonly grace: Grace;
  private readonly log: Log;
  private readonly sweeper: RoomSweeper;
  private readonly addresses: AddressLimits;
  private readonly media: RoomMedia;
  /** Each connection's requests, one at a time and in order (a leave never overtakes its join). */
  private readonly requests = new KeyedQueue();
  /** This node's connections by socket id. */
  private readonly local = new Map<string, Connection>();
  /** Sockets socket.io handed over (a handshake that never got this far departs on its own). */
  private readonly accepted = new Set<string>();
  private readonly membershipCache = new Map<string, { state: AuthorityState | null; at: number }>();
  private readonly resumes = new WeakMap<Socket, Resume>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private closed = false;

  constructor(
    private readonly io: Server,
    private readonly options: SignalingOptions,
  ) {
    this.now = options.now ?? Date.now;
    const memberMs = options.resumeGraceMs ?? RESUME_GRACE_MS;
    this.grace = { memberMs, waitingMs: Math.min(memberMs, options.waitingGraceMs ?? WAITING_GRACE_MS) };
    this.log = options.log ?? createLog();
    this.addresses = new AddressLimits(options.caps ?? DEFAULT_ADDRESS_CAPS);
    this.media = new RoomMedia(options.mediaServers ?? null, (roomId) => this.membership(roomId, true), this.log);
    this.sweeper = new RoomSweeper({
      store: options.store,
      nodeId: this.nodeId,
      now: this.now,
      log: this.log,
      grace: this.grace,
      deliver: (state, deliveries) => {
        this.remember(state.roomId, state);
        this.deliver(state, deliveries);
      },
      recovered: () => {
        this.reclaimPlaces();
      },
      ...(options.sweepMs ? { sweepMs: options.sweepMs } : {}),
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
      ...(options.silentAfterMs ? { silentAfterMs: options.silentAfterMs } : {}),
    });
    io.use((socket, next) => {
      this.admit(socket, next);
    });
    io.on('connection', (socket) => {
      this.accept(socket);
    });
    // Take-backs are retried in this node's memory; this finishes any a dead node or a long outage left.
    if (this.media.configured) this.every(options.mediaReconcileMs ?? MEDIA_RECONCILE_MS, () => {
      this.media.reconcileInBackground();
    });
    this.every(HOUSEKEEPING_MS, () => {
      this.housekeeping();
    });
    if (options.turn) {
      const renewMs = Math.max(1000, (options.turn.ttlSeconds * 1000) / 2);
      this.every(renewMs, () => void this.renewIceServers());
    }
  }

  /** Whether the room store answers: what /healthz reports. */
  get healthy(): boolean {
    return this.sweeper.healthy;
  }

  get connections(): number {
    return this.local.size;
  }

  /**
   * Stops taking work. Each connection still here gives its place the usual grace (stored, so another
   * node gives it up if the client does not come back): call before socket.io closes its sockets,
   * then `settled()` before the store goes.
   */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.sweeper.stop();
  }

  /** Resolves when every request and departure this node started has finished. */
  async settled(): Promise<void> {
    await this.requests.idle();
    await this.sweeper.settled();
    await this.media.settled();
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** What the connection counts against in the per-address caps. */
  private addressOf(socket: Socket): string {
    return addressKey(clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for'], this.options.trustProxy ?? 0));
  }

  /**
   * Runs before socket.io reports the connection to either side: caps per address and in all, then a
   * resume in the handshake, so a client that comes back is its old self again before anything it
   * queued while offline is read.
   */
  private admit(socket: Socket, next: (error?: Error) => void): void {
    if (this.closed) {
      next(new Error(ROOM_ERRORS.serverReconnecting));
      return;
    }
    const address = this.addressOf(socket);
    const verdict = this.addresses.admit(address, this.now());
    if (verdict !== 'ok') {
      next(new Error(verdict === 'total' ? ROOM_ERRORS.serverFull : ROOM_ERRORS.tooManyConnections));
      return;
    }
    socket.conn.once('close', () => {
      this.addresses.release(address);
    });
    const auth = resumeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) {
      next();
      return;
    }
    this.requests
      .run(socket.id, () => this.resumeFromHandshake(socket, auth.data))
      .then(
        () => {
          next();
        },
        (error: unknown) => {
          // The client retries with the same token: its place waits for it meanwhile.
          next(new Error(this.failureMessage('resume from handshake', error)));
        },
      );
  }

  private async resumeFromHandshake(socket: Socket, auth: ResumeAuth): Promise<void> {
    const held: Held = { conn: socket.id, node: this.nodeId };
    // Set inside the store's change, which the compiler cannot follow.
    const asked: { place: string | null } = { place: null };
    let outcome;
    try {
      outcome = await this.options.store.update(auth.roomId, (record) => {
        const id = placeOfToken(record, auth.resumeToken);
        if (!record || !id) return { record, result: null };
        asked.place = id;
        const taken = hold(record, id, held);
        return { record: taken.record, result: { id, state: taken.record.authority, replaced: taken.replaced } };
      });
    } catch (error) {
      // Whether this connection now holds the place could not be learned, and the client is told to
      // retry: should it not, the place must not stay held by a connection that never opened. The
      // departure is a no-op if the place was not taken.
      if (asked.place !== null && error instanceof StoreUnavailableError) this.sweeper.retryDeparture({ roomId: auth.roomId, id: asked.place, conn: socket.id, at: this.now() });
      throw error;
    }
    if (!outcome) {
      this.resumes.set(socket, { kind: 'expired' });
      return;
    }
    this.resumes.set(socket, { kind: 'resumed', id: outcome.id, roomId: auth.roomId, token: auth.resumeToken, state: outcome.state });
    if (outcome.replaced) this.evict(outcome.replaced, socket.id);
    // A handshake that never becomes a connection (the client gave up meanwhile) gives the place its grace.
    if (socket.conn.readyState !== 'open') {
      await this.departure(auth.roomId, outcome.id, socket.id);
      return;
    }
    socket.conn.once('close', () => {
      if (!this.accepted.has(socket.id)) void this.requests.run(socket.id, () => this.departure(auth.roomId, outcome.id, socket.id));
    });
  }

  private accept(socket: Socket): void {
    const resume = this.resumes.get(socket);
    this.resumes.delete(socket);
    const resumed = resume?.kind === 'resumed' ? resume : null;
    const connection: Connection = {
      conn: socket.id,
      id: resumed?.id ?? socket.id,
      roomId: resumed?.roomId ?? null,
      token: resumed?.token ?? null,
      limits: new ConnectionLimits(),
      queued: 0,
      freshReadAt: -Infinity,
      uncertainJoin: null,
    };
    this.local.set(socket.id, connection);
    this.accepted.add(socket.id);
    if (connection.id !== socket.id) void socket.join(participantRoom(connection.id));
    // One listener for every event, not one per event: each connection's listeners are part of what an
    // idle room costs. socket.io passes the acknowledgement callback last, when the client asked for one.
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (!isOutgoingEvent(event)) {
        // Not part of the protocol: ignored, but it counts against the flood limit like anything else.
        this.limit(socket, connection, 'signaling');
        return;
      }
      const ack = args.at(-1);
      const reply: Reply = typeof ack === 'function' ? (ack as Reply) : () => undefined;
      const payload = typeof args[0] === 'function' ? undefined : args[0];
      this.receive(socket, connection, event, payload, reply);
    });
    socket.on('disconnect', () => {
      this.local.delete(socket.id);
      // Kept until the engine's own close has run (it comes after), so that one writes no second departure.
      setTimeout(() => this.accepted.delete(socket.id), 0);
      void this.requests.run(socket.id, () => this.dropped(connection));
    });
    if (resume?.kind === 'expired') socket.emit('error', { message: ROOM_ERRORS.placeExpired });
    if (resumed) {
      this.remember(resumed.roomId, resumed.state);
      this.greetReturningHost(resumed.state, resumed.id);
      // Credentials given before the drop may be near their end.
      if (this.options.turn && needsRelay(resumed.state, resumed.id)) socket.emit('ice-servers', { iceServers: this.iceServersFor(resumed.id) });
    }
  }

  /** Counts one message against the connection's limit: false when refused (warned first, closed at last). */
  private limit(socket: Socket, connection: Connection, kind: LimitKind): boolean {
    const verdict = connection.limits.check(kind, this.now());
    if (verdict === 'allow') return true;
    if (verdict === 'warn') socket.emit('error', { message: ROOM_ERRORS.tooManyMessages });
    if (verdict === 'close') socket.disconnect(true);
    return false;
  }

  /** Rate limit and parse first (a flood costs a count), then the request joins its connection's queue. */
  private receive(socket: Socket, connection: Connection, event: OutgoingEvent, raw: unknown, reply: Reply): void {
    if (!this.limit(socket, connection, LIMIT_OF[event]) || connection.queued >= MAX_QUEUED_REQUESTS) {
      reply(refusal(SERVER_ERRORS.tooMany));
      return;
    }
    const message = parseOutgoingMessage(event, raw);
    if (!message) {
      reply(refusal(SERVER_ERRORS.invalid));
      return;
    }
    connection.queued += 1;
    this.requests
      .run(socket.id, () => this.handle(socket, connection, message, reply))
      .catch((error: unknown) => {
        reply(refusal(this.failureMessage(event, error)));
      })
      .finally(() => {
        connection.queued -= 1;
      });
  }

  /** The refusal a client is shown for a failed request; the server's own faults are logged. */
  private failureMessage(context: string, error: unknown): string {
    if (error instanceof StoreUnavailableError) {
      this.log(context, error);
      return ROOM_ERRORS.serverReconnecting;
    }
    if (error instanceof StoreBusyError) {
      this.log(context, error);
      return ROOM_ERRORS.serverBusy;
    }
    this.log(context, error);
    return ROOM_ERRORS.serverFault;
  }

  /** A host coming back sees who is waiting. */
  private greetReturningHost(state: AuthorityState, id: string): void {
    if (state.hostId === id && state.pending.length > 0) this.deliver(state, [{ to: id, event: 'pending-guests', payload: { guests: state.pending } }]);
  }

  private async handle(socket: Socket, connection: Connection, message: OutgoingMessage, reply: Reply): Promise<void> {
    switch (message.event) {
      case 'create-room': {
        const { roomId, hostName, roomName } = message.payload;
        reply(await this.join(socket, connection, roomId, hostName, roomName, undefined));
        return;
      }
      case 'join-room': {
        const { roomId, participantName, resumeToken } = message.payload;
        reply(await this.join(socket, connection, roomId, participantName, '', resumeToken));
        return;
      }
      case 'signaling-message':
        await this.relay(connection, message.payload);
        return;
      case 'leave-room':
        if (message.payload.roomId === connection.roomId) await this.leave(socket, connection);
        return;
      case 'media-server-access': {
        const { roomId } = message.payload;
        reply(roomId === connection.roomId ? await this.media.access(roomId, connection.id) : refusal(SERVER_ERRORS.notMember));
        return;
      }
      default:
        reply(await this.hostAction(connection, message));
    }
  }

  /**
   * Joins (or creates, or takes back a place in) a room. One room per connection: the check and the
   * store update run inside this connection's queue, so ten joins sent at once are decided one by one.
   */
  private async join(
    socket: Socket,
    connection: Connection,
    roomId: string,
    rawName: string,
    rawRoomName: string,
    resumeToken: string | undefined,
  ): Promise<Ack | JoinRoomAck> {
    if (connection.roomId && connection.roomId !== roomId) return refusal(SERVER_ERRORS.otherRoom);
    const now = this.now();
    const name = sanitizeName(rawName);
    const held: Held = { conn: socket.id, node: this.nodeId };
    const refused = (reply: Ack | JoinRoomAck, record: RoomRecord | null) => ({
      record,
      result: { id: connection.id, token: null, state: null, deliveries: [], reply, replaced: null } satisfies JoinOutcome,
    });
    const decided = this.options.store.update<JoinOutcome>(roomId, (record) => {
      if (resumeToken) {
        const id = placeOfToken(record, resumeToken);
        // Past its grace the place is gone: the client is told so, never silently made someone new.
        if (!record || !id) return refused(refusal(ROOM_ERRORS.placeExpired), record);
        // One place per connection: a connection already in the room cannot also take someone else's.
        if (connection.roomId === roomId && id !== connection.id) return refused(refusal(SERVER_ERRORS.otherRoom), record);
        const taken = hold(record, id, held);
        return { record: taken.record, result: { id, token: resumeToken, state: taken.record.authority, deliveries: [], reply: null, replaced: taken.replaced } };
      }
      if (!record || record.authority.ended) {
        const token = randomBytes(18).toString('base64url');
        const mediaServer = this.media.placeRoom(roomId);
        const authority = createAuthority(roomId, sanitizeRoomName(rawRoomName) || `${name}'s room`, { id: connection.id, name }, now, {
          ...(this.options.autoAdmitMs === undefined ? {} : { autoAdmitAfterMs: this.options.autoAdmitMs }),
          ...(mediaServer === undefined ? {} : { mediaServer }),
        });
        const created: RoomRecord = { authority, tokens: { [connection.id]: token }, presence: { [connection.id]: held } };
        return { record: created, result: { id: connection.id, token, state: authority, deliveries: [], reply: null, replaced: null } };
      }
      const decision = decide(record.authority, { type: 'join', from: connection.id, name, now });
      if (!decision.reply.success) return refused(decision.reply, record);
      const token = record.tokens[connection.id] ?? randomBytes(18).toString('base64url');
      const next = pruned({
        authority: decision.state,
        tokens: { ...record.tokens, [connection.id]: token },
        presence: { ...record.presence, [connection.id]: held },
      });
      return { record: next, result: { id: connection.id, token, state: decision.state, deliveries: decision.deliveries, reply: decision.reply, replaced: null } };
    });
    let outcome: JoinOutcome;
    try {
      outcome = await decided;
    } catch (error) {
      if (error instanceof StoreUnavailableError && !resumeToken && !connection.roomId) connection.uncertainJoin = roomId;
      throw error;
    }
    connection.uncertainJoin = null;
    if ((outcome.reply && !outcome.reply.success) || !outcome.state) return outcome.reply ?? refusal(SERVER_ERRORS.invalid);
    if (outcome.replaced) this.evict(outcome.replaced, socket.id);
    if (outcome.id !== connection.id) {
      this.moveTo(socket, connection, outcome.id);
    }
    connection.roomId = roomId;
    connection.token = outcome.token;
    const authority = outcome.state;
    this.remember(roomId, authority);
    this.deliver(authority, outcome.deliveries);
    const member = isMember(authority, connection.id);
    if (member && outcome.reply === null) this.greetReturningHost(authority, connection.id);
    return {
      success: true,
      selfId: connection.id,
      hostId: authority.hostId,
      isHost: authority.hostId === connection.id,
      ...(member ? { participants: authority.participants, roomName: authority.roomName } : { pending: true }),
      ...(connection.token ? { resumeToken: connection.token } : {}),
      ...(this.options.turn && needsRelay(authority, connection.id) ? { iceServers: this.iceServersFor(connection.id) } : {}),
      ...this.mediaRoute(authority),
    };
  }

  /**
   * Tells the connection that held a place that it no longer does, and closes it (on whichever node it
   * is). A socket's id names a socket.io room of its own, but the first connection's id is also the
   * participant's id, whose room the new connection joins: the new one is left out by name, since the
   * close travels through Redis and may arrive after it joined.
   */
  private evict(held: Held, by: string): void {
    this.io.to(held.conn).except(by).emit('error', { message: ROOM_ERRORS.replaced });
    this.io.in(held.conn).except(by).disconnectSockets(true);
  }

  /** Relays one negotiation message between two admitted members of the sender's room, sender stamped. */
  private async relay(connection: Connection, signal: OutgoingEvents['signaling-message']): Promise<void> {
    if (!connection.roomId || signal.roomId !== connection.roomId) return;
    if (signal.to === connection.id) return;
    const both = (state: AuthorityState | null) => !!state && !state.ended && isMember(state, connection.id) && isMember(state, signal.to);
    // A refusal is decided on a fresh read (someone admitted on another node a moment ago is in), but a
    // connection that keeps sending to someone who is not there gets at most one such read per interval.
    if (!both(await this.membership(connection.roomId))) {
      const now = this.now();
      if (now - connection.freshReadAt < FRESH_READ_MIN_MS) return;
      connection.freshReadAt = now;
      if (!both(await this.membership(connection.roomId, true))) return;
    }
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
    this.remember(roomId, state);
    return state;
  }

  private remember(roomId: string, state: AuthorityState | null): void {
    this.membershipCache.delete(roomId); // re-inserted last, so the oldest rooms go first
    this.membershipCache.set(roomId, { state, at: this.now() });
    if (this.membershipCache.size > MEMBERSHIP_CACHE_ROOMS) this.membershipCache.delete(this.membershipCache.keys().next().value ?? '');
  }

  private async hostAction(connection: Connection, message: OutgoingMessage): Promise<Ack> {
    if (!connection.roomId || message.payload.roomId !== connection.roomId) return refusal(SERVER_ERRORS.notMember);
    // The same mapping the in-browser host uses for requests off its channel.
    const request = toAuthorityRequest(connection.id, message, this.now());
    if (!request) return refusal(SERVER_ERRORS.invalid);
    return this.apply(connection.roomId, request);
  }

  /** The connection now acts as `id`: it leaves the old participant's socket.io room, never its own socket's. */
  private moveTo(socket: Socket, connection: Connection, id: string): void {
    if (connection.id !== socket.id) void socket.leave(participantRoom(connection.id));
    connection.id = id;
    if (id !== socket.id) void socket.join(participantRoom(id));
  }

  /** Decides one request on the room and delivers what it produced; the room goes when it ends or empties. */
  private async apply(roomId: string, request: AuthorityRequest): Promise<Ack> {
    const outcome = await this.options.store.update(roomId, (record) => {
      if (!record) return { record, result: null };
      const applied = applyRequests(record, [request]);
      return { record: applied.record, result: applied };
    });
    if (!outcome) return refusal(ROOM_ERRORS.notInRoom);
    this.remember(roomId, outcome.state);
    this.deliver(outcome.state, outcome.deliveries);
    return { success: outcome.reply.success, ...(outcome.reply.error ? { error: outcome.reply.error } : {}) };
  }

  private async leave(socket: Socket, connection: Connection): Promise<void> {
    const roomId = connection.roomId;
    if (!roomId) return;
    await this.apply(roomId, { type: 'leave', from: connection.id, reason: 'left' });
    connection.roomId = null;
    connection.token = null;
    // A fresh id for whatever this connection does next: the old one belongs to the room's history.
    this.moveTo(socket, connection, randomUUID());
  }

  /** A connection dropped: if it still held its place, the place waits for it (stored with the room). */
  private async dropped(connection: Connection): Promise<void> {
    const roomId = connection.roomId ?? connection.uncertainJoin;
    if (roomId) await this.departure(roomId, connection.id, connection.conn);
  }

  private async departure(roomId: string, id: string, conn: string): Promise<void> {
    const at = this.now();
    try {
      await this.options.store.update(roomId, (record) => {
        if (!record) return { record, result: null };
        return { record: departAfterGrace(record, id, conn, at, this.grace), result: null };
      });
    } catch (error) {
      // Redis is away: the sweep writes it once Redis is back, with the deadline from now.
      this.log('departure', error);
      this.sweeper.retryDeparture({ roomId, id, conn, at });
    }
  }

  /**
   * After the store was unreachable, every connection here takes its place back: while Redis was away
   * another node may have taken this one for dead, and a Redis restarted without its data lost rooms.
   */
  private reclaimPlaces(): void {
    for (const connection of this.local.values()) {
      if (connection.roomId) void this.requests.run(connection.conn, () => this.reclaim(connection));
    }
  }

  private async reclaim(connection: Connection): Promise<void> {
    const roomId = connection.roomId;
    if (!roomId || !this.local.has(connection.conn)) return;
    const held: Held = { conn: connection.conn, node: this.nodeId };
    try {
      const outcome = await this.options.store.update(roomId, (record) => {
        if (!record) return { record, result: ROOM_ERRORS.roomLost };
        if (!isKnown(record.authority, connection.id)) return { record, result: ROOM_ERRORS.placeExpired };
        const now = record.presence[connection.id];
        // Taken over by a newer connection: that one has the place, and this one was told.
        if (now && 'conn' in now && now.conn !== connection.conn) return { record, result: null };
        return { record: hold(record, connection.id, held).record, result: null };
      });
      if (!outcome) return;
      connection.roomId = null;
      connection.token = null;
      this.io.to(connection.conn).emit('error', { message: outcome });
    } catch (error) {
      // Still unreachable: the next recovery tries again.
      this.log('reclaim place', error);
    }
  }

  private housekeeping(): void {
    const now = this.now();
    for (const [roomId, entry] of this.membershipCache) if (now - entry.at >= MEMBERSHIP_TTL_MS) this.membershipCache.delete(roomId);
    this.addresses.sweep();
  }

  /** Someone let in gets TURN credentials with the room, and word that its media goes through the media server. */
  private joinedExtras(state: AuthorityState, payload: IncomingEvents['room-joined'], id: string): IncomingEvents['room-joined'] {
    return { ...payload, ...(this.options.turn ? { iceServers: this.iceServersFor(id) } : {}), ...this.mediaRoute(state) };
  }

  /** A room created through the media server says so, whichever node answers (a room from before it was set up stays a mesh). */
  private mediaRoute(state: AuthorityState): { mediaServer?: true } {
    return this.media.configured && usesMediaServer(state) ? { mediaServer: true } : {};
  }

  private iceServersFor(id: string) {
    return this.options.turn ? [turnCredentials(this.options.turn, id, this.now())] : [];
  }

  /** Fresh TURN credentials for every member connected here, before the last ones run out; none for anyone removed. */
  private async renewIceServers(): Promise<void> {
    for (const connection of this.local.values()) {
      if (!connection.roomId) continue;
      try {
        const state = await this.membership(connection.roomId, true);
        if (state && needsRelay(state, connection.id)) {
          this.io.to(connection.conn).emit('ice-servers', { iceServers: this.iceServersFor(connection.id) });
        }
      } catch (error) {
        this.log('renew TURN credentials', error);
      }
    }
  }

  private deliver(state: AuthorityState, deliveries: readonly Delivery[]): void {
    this.media.follow(state, deliveries);
    for (const delivery of deliveries) {
      if (typeof delivery.to === 'string') {
        const payload = delivery.event === 'room-joined' ? this.joinedExtras(state, delivery.payload, delivery.to) : delivery.payload;
        send(this.io.to(participantRoom(delivery.to)), delivery.event, payload);
        continue;
      }
      // Someone let in: the members already there may have had no one to relay to until now.
      if (delivery.event === 'participant-joined' && this.options.turn) {
        for (const member of state.participants) {
          if (member.id !== delivery.payload.participant.id) this.io.to(participantRoom(member.id)).emit('ice-servers', { iceServers: this.iceServersFor(member.id) });
        }
      }
      const except = delivery.to.except;
      const rooms = state.participants.filter((p) => p.id !== except).map((p) => participantRoom(p.id));
      if (rooms.length > 0) send(this.io.to(rooms), delivery.event, delivery.payload);
    }
  }
}

/** Emits one room event; the event ties the payload's type, which socket.io's own typing cannot follow through a union. */
export function send<E extends ServerEvent>(target: ReturnType<Server['to']>, event: E, payload: IncomingEvents[E]): void {
  target.emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
}
