/**
 * Signaling with no server (docs/decisions/0010-room-signaling.md): the tabs of one browser profile
 * meet on a BroadcastChannel per room. The first tab to join holds the room's host lock (Web Locks) and
 * answers for the room with the authoritative state; later tabs send it requests and wait as pending
 * guests. Locks also tell who is still there: each member holds its own lock, which the browser
 * releases when the tab closes or crashes, so the host notices departures and guests notice the host
 * going away, without heartbeats.
 */
import { AUTO_ADMIT_MS, autoAdmitsDue, createAuthority, decideAll, nextAutoAdmitAt, parseOutgoingMessage, type AuthorityRequest, type AuthorityState, type Delivery, ROOM_ERRORS, type Ack, type JoinRoomAck, type OutgoingEvent, type OutgoingMessage, sanitizeName, sanitizeRoomId, sanitizeRoomName, toAuthorityRequest } from '../../../protocol';
import { acceptsEvent, answersRequest, hostLockName, memberLockName, parseWireFrame, roomChannelName, type ChannelReader, type WireFrame } from './local-wire';
import { SignalingClient } from './signaling-transport';
import { holdLock, LockWatches, type Release } from '../../../shared/web-locks';
import { Lifetime } from '../../../shared/lifetime';

export interface LocalSignalingOptions {
  selfId: string;
  /** Asked before this tab creates a room (becomes its host); false refuses with the creation limit. */
  allowCreate: () => boolean;
}

export class LocalSignaling extends SignalingClient {
  private channel: BroadcastChannel | null = null;
  private roomId = '';
  private authority: AuthorityState | null = null;
  private hostId = '';
  private admitted = false;
  private releaseHost: Release | null = null;
  private releaseMember: Release | null = null;
  /** Presence: the host watches everyone in or waiting for the room; a guest watches the host. */
  private readonly watches = new LockWatches();
  private autoAdmitTimer: ReturnType<typeof setTimeout> | undefined;
  /** The id of our pending join request: only its acknowledgement may name the host. */
  private joinAckId: string | null = null;
  /** Renewed by every join and teardown, so a join that was overtaken by either knows it is stale. */
  private readonly lifetime = new Lifetime();

  constructor(private readonly options: LocalSignalingOptions) {
    super(options.selfId);
  }

  get isHost(): boolean {
    return this.authority !== null;
  }

  connect(): Promise<void> {
    // A BroadcastChannel needs no connection: the transport is ready as soon as it exists.
    this.setConnected(true);
    return Promise.resolve();
  }

  override disconnect(): void {
    this.teardown();
    super.disconnect();
  }

  protected send(event: OutgoingEvent, payload: unknown, ackId: string | null): void {
    const message = parseOutgoingMessage(event, payload);
    if (!message) {
      // The same schema the server applies: what it would refuse, this tab refuses too.
      const error = event === 'create-room' ? ROOM_ERRORS.createFailed : event === 'join-room' ? ROOM_ERRORS.joinFailed : ROOM_ERRORS.notInRoom;
      if (ackId) this.resolveAck(ackId, { success: false, error });
      return;
    }
    switch (message.event) {
      case 'join-room':
        void this.join(sanitizeRoomId(message.payload.roomId), sanitizeName(message.payload.participantName), ackId, false);
        return;
      case 'create-room': {
        const { roomId, hostName, roomName } = message.payload;
        void this.join(sanitizeRoomId(roomId), sanitizeName(hostName), ackId, true, sanitizeRoomName(roomName));
        return;
      }
      case 'signaling-message':
        this.post({ kind: 'event', from: this.selfId, to: message.payload.to, event: 'signaling-message', payload: message.payload });
        return;
      case 'leave-room':
        this.leave();
        return;
      default:
        if (this.authority) this.answer(this.selfId, message, ackId);
        else if (this.channel) this.post({ kind: 'request', ackId, from: this.selfId, ...message });
        else if (ackId) this.resolveAck(ackId, { success: false, error: ROOM_ERRORS.notInRoom });
    }
  }

  private async join(roomId: string, name: string, ackId: string | null, createOnly: boolean, roomName = ''): Promise<void> {
    const reply = (ack: JoinRoomAck) => {
      if (ackId) this.resolveAck(ackId, ack);
    };
    if (!roomId || !name) {
      reply({ success: false, error: ROOM_ERRORS.joinFailed });
      return;
    }
    this.teardown();
    // Leaving (or a new join) while a lock is being granted makes this attempt stale: what it was
    // granted afterwards is let go at once, so a page that left can never end up hosting the room.
    const { signal } = this.lifetime;
    const stale = () => signal.aborted;
    try {
      this.roomId = roomId;
      this.openChannel(roomId);
      // Hold our own presence lock first, so the host can never see it free before we arrived.
      const releaseMember = await holdLock(memberLockName(roomId, this.selfId), false);
      if (stale()) {
        releaseMember?.();
        return;
      }
      this.releaseMember = releaseMember;
      const releaseHost = await holdLock(hostLockName(roomId), true);
      if (stale()) {
        releaseHost?.();
        return;
      }
      if (releaseHost) {
        if (!this.options.allowCreate()) {
          releaseHost();
          this.teardown();
          reply({ success: false, error: ROOM_ERRORS.tooManyCreates });
          return;
        }
        this.releaseHost = releaseHost;
        const authority = this.becomeHost(roomId, name, roomName || `${name}'s room`);
        reply({
          success: true,
          isHost: true,
          selfId: this.selfId,
          hostId: this.selfId,
          roomName: authority.roomName,
          participants: authority.participants,
        });
        return;
      }
      if (createOnly) {
        this.teardown();
        reply({ success: false, error: ROOM_ERRORS.createFailed });
        return;
      }
      // Someone hosts this room: ask them. Their acknowledgement answers our request directly.
      this.joinAckId = ackId;
      this.post({ kind: 'request', ackId, from: this.selfId, event: 'join-room', payload: { roomId, participantName: name } });
    } catch {
      if (stale()) return;
      this.teardown();
      reply({ success: false, error: ROOM_ERRORS.joinFailed });
    }
  }

  private becomeHost(roomId: string, name: string, roomName: string): AuthorityState {
    const authority = createAuthority(roomId, roomName, { id: this.selfId, name }, Date.now());
    this.authority = authority;
    this.hostId = this.selfId;
    this.admitted = true;
    this.dispatch('room-created', { roomId, roomName: authority.roomName, hostId: this.selfId });
    return authority;
  }

  private openChannel(roomId: string): void {
    const channel = new BroadcastChannel(roomChannelName(roomId));
    channel.onmessage = (message: MessageEvent<unknown>) => {
      const frame = parseWireFrame(message.data);
      if (frame) this.receive(frame);
    };
    this.channel = channel;
  }

  private receive(frame: WireFrame): void {
    switch (frame.kind) {
      case 'request':
        if (answersRequest(frame, this.reader())) this.answer(frame.from, frame, frame.ackId);
        return;
      case 'ack':
        if (frame.to !== this.selfId) return;
        this.onAck(frame.ackId, frame.ack);
        return;
      case 'event':
        this.onEvent(frame);
        return;
    }
  }

  private onAck(ackId: string, ack: Ack | JoinRoomAck): void {
    // Only an answer to a request this tab sent counts; any tab could post an ack naming us.
    if (!this.awaits(ackId)) return;
    // The answer to our join names the host: from now on, room events are trusted from that tab only.
    if (ackId === this.joinAckId && 'hostId' in ack && typeof ack.hostId === 'string' && !this.authority && !this.hostId) {
      this.hostId = ack.hostId;
      this.watches.watch('host', hostLockName(this.roomId), () => {
        this.dispatch('room-ended', { reason: 'host-left' });
      });
    }
    this.resolveAck(ackId, ack);
  }

  private reader(): ChannelReader {
    return { selfId: this.selfId, admitted: this.admitted, isHost: this.authority !== null, hostId: this.hostId };
  }

  private onEvent(frame: Extract<WireFrame, { kind: 'event' }>): void {
    if (!acceptsEvent(frame, this.reader())) return;
    if (frame.event === 'room-joined') this.admitted = true;
    this.dispatch(frame.event, frame.payload);
  }

  /** The host's side: runs a request through the authority and delivers what it decided. */
  private answer(from: string, message: OutgoingMessage, ackId: string | null): void {
    const authority = this.authority;
    if (!authority) return;
    // Tabs of one browser always talk directly.
    if (message.event === 'media-server-access') {
      this.ackTo(from, ackId, { success: false, error: ROOM_ERRORS.noMediaServer });
      return;
    }
    const request = toAuthorityRequest(from, message);
    if (!request || ('roomId' in message.payload && message.payload.roomId !== authority.roomId)) {
      this.ackTo(from, ackId, { success: false, error: ROOM_ERRORS.notInRoom });
      return;
    }
    this.decide([request], from, ackId);
  }

  /**
   * Decides requests on the room this tab hosts (decideAll, as the signaling server does), then answers
   * the requester and delivers. Synchronous: a tab that leaves has delivered its goodbye before its
   * channel closes.
   */
  private decide(requests: readonly AuthorityRequest[], from: string | null, ackId: string | null): void {
    if (!this.authority || requests.length === 0) return;
    const run = decideAll(this.authority, requests);
    this.authority = run.state;
    if (from) this.ackTo(from, ackId, run.reply);
    for (const delivery of run.deliveries) this.deliver(delivery);
    this.syncWatches();
    this.scheduleAutoAdmit();
  }

  private ackTo(to: string, ackId: string | null, ack: Ack | JoinRoomAck): void {
    if (!ackId) return;
    if (to === this.selfId) this.resolveAck(ackId, ack);
    else this.post({ kind: 'ack', ackId, to, ack });
  }

  private deliver({ to, ...message }: Delivery): void {
    if (typeof to === 'string') {
      if (to === this.selfId) this.dispatch(message.event, message.payload);
      else this.post({ kind: 'event', from: this.selfId, to, ...message });
      return;
    }
    if (to.except !== this.selfId) this.dispatch(message.event, message.payload);
    this.post({ kind: 'event', from: this.selfId, to: '*', ...(to.except ? { except: to.except } : {}), ...message });
  }

  /** Watches the presence lock of everyone in or waiting for the room, and stops watching who left. */
  private syncWatches(): void {
    const authority = this.authority;
    if (!authority) return;
    const present = new Set([...authority.participants.map((p) => p.id), ...authority.pending.map((g) => g.id)]);
    present.delete(this.selfId);
    this.watches.sync(
      present,
      (id) => memberLockName(authority.roomId, id),
      (id) => {
        this.decide([{ type: 'leave', from: id, reason: 'disconnected' }], null, null);
      },
    );
  }

  private scheduleAutoAdmit(): void {
    clearTimeout(this.autoAdmitTimer);
    const authority = this.authority;
    const at = authority ? nextAutoAdmitAt(authority) : null;
    if (at === null) return;
    this.autoAdmitTimer = setTimeout(
      () => {
        if (this.authority) this.decide(autoAdmitsDue(this.authority, Date.now()), null, null);
        this.scheduleAutoAdmit();
      },
      Math.max(0, Math.min(at - Date.now(), AUTO_ADMIT_MS)),
    );
  }

  private leave(): void {
    if (this.authority) this.decide([{ type: 'leave', from: this.selfId, reason: 'left' }], null, null);
    else if (this.channel) this.post({ kind: 'request', ackId: null, from: this.selfId, event: 'leave-room', payload: { roomId: this.roomId } });
    this.teardown();
  }

  private teardown(): void {
    this.lifetime.renew();
    clearTimeout(this.autoAdmitTimer);
    this.watches.clear();
    this.releaseHost?.();
    this.releaseHost = null;
    this.releaseMember?.();
    this.releaseMember = null;
    this.channel?.close();
    this.channel = null;
    this.authority = null;
    this.hostId = '';
    this.joinAckId = null;
    this.admitted = false;
  }

  private post(frame: WireFrame): void {
    this.channel?.postMessage(frame);
  }
}
