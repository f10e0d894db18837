/**
 * The room's authoritative state, kept by the host's tab (with no server, the host answers for
 * the room). Every request goes through `decide`, which returns the new state, the reply to the
 * requester and the events to deliver. It checks who is asking: only the host may admit, reject,
 * remove, record or change settings, and requests claiming to come from the host over the wire
 * are refused before they get here (see LocalSignaling).
 */
import { sanitizeName } from './sanitize';
import {
  ROOM_ERRORS,
  type Ack,
  type ServerEvent,
  type IncomingEvents,
  type JoinRoomAck,
  type ParticipantInfo,
  type PendingGuest,
  type RoomRecordingMode,
} from './protocol';

/**
 * A guest with no decision after this long is admitted, unless auto-admit is off
 * (docs/decisions/0011-room-host-and-guests.md).
 */
export const AUTO_ADMIT_MS = 5000;
/** Every participant sends to and receives from every other one (a mesh): more than this overloads most machines. */
export const MAX_PARTICIPANTS = 8;
/** Through a media server each participant sends once (docs/sfu.md): the room takes this many. */
export const MAX_MEDIA_SERVER_PARTICIPANTS = 30;
/** Waiting guests beyond this are turned away: a runaway tab cannot flood the host's dialog and memory. */
export const MAX_PENDING_GUESTS = 20;
/** The connections removed from a room that are kept, newest last: enough for any host, bounded for the record. */
export const MAX_REMOVED = 64;

export type AuthorityRecording = 'idle' | 'recording' | 'paused';

export interface AuthorityState {
  roomId: string;
  roomName: string;
  hostId: string;
  participants: ParticipantInfo[];
  pending: PendingGuest[];
  autoAdmit: boolean;
  recording: AuthorityRecording;
  /** What the running recording was announced as, so a guest admitted mid-recording is told too. */
  recordingStarted: IncomingEvents['recording-started'] | null;
  ended: boolean;
  /**
   * How long a guest waits before auto-admit, when a host chose other than AUTO_ADMIT_MS (a test
   * server does, to check the behaviour in less time). Absent in rooms stored before it existed.
   */
  autoAdmitAfterMs?: number;
  /** Set in rooms whose media goes through a media server; absent in a mesh (MAX_PARTICIPANTS). */
  maxParticipants?: number;
  /** Which of the deployment's media servers carries the room's media (its name), when one does. */
  mediaServer?: string;
  /**
   * Connections the host removed: a join from one is refused, so a removed guest cannot ask again on
   * the same connection and be let back in by auto-admit. Absent until the first removal.
   */
  removed?: string[];
}

/** How many people the room takes. */
export const capacityOf = (state: AuthorityState): number => state.maxParticipants ?? MAX_PARTICIPANTS;

export interface AuthorityOptions {
  /** How long a guest waits before auto-admit (AUTO_ADMIT_MS unless a test server says). */
  autoAdmitAfterMs?: number;
  /** The media server (its name) the room's media goes through: it then takes MAX_MEDIA_SERVER_PARTICIPANTS. */
  mediaServer?: string;
}

export type AuthorityRequest =
  | { type: 'join'; from: string; name: string; now: number }
  | { type: 'approve'; by: string; guestId: string; now: number }
  | { type: 'reject'; by: string; guestId: string }
  | { type: 'auto-admit'; guestId: string; now: number }
  | { type: 'leave'; from: string; reason: 'left' | 'disconnected' }
  | { type: 'kick'; by: string; participantId: string }
  | { type: 'start-recording'; by: string; mode: RoomRecordingMode; now: number }
  | { type: 'stop-recording'; by: string }
  | { type: 'pause-recording'; by: string }
  | { type: 'resume-recording'; by: string }
  | { type: 'set-auto-admit'; by: string; enabled: boolean };

/** An event for one participant, or for every admitted member (optionally but one). */
export type Delivery = {
  [E in ServerEvent]: { to: string | { members: true; except?: string }; event: E; payload: IncomingEvents[E] };
}[ServerEvent];

export interface Decision {
  state: AuthorityState;
  reply: Ack | JoinRoomAck;
  deliveries: Delivery[];
}

export function createAuthority(roomId: string, roomName: string, host: { id: string; name: string }, now: number, options: AuthorityOptions = {}): AuthorityState {
  const { autoAdmitAfterMs = AUTO_ADMIT_MS, mediaServer } = options;
  return {
    ...(autoAdmitAfterMs === AUTO_ADMIT_MS ? {} : { autoAdmitAfterMs }),
    ...(mediaServer === undefined ? {} : { maxParticipants: MAX_MEDIA_SERVER_PARTICIPANTS, mediaServer }),
    roomId,
    roomName,
    hostId: host.id,
    participants: [{ id: host.id, name: sanitizeName(host.name) || 'Host', isHost: true, joinedAt: now }],
    pending: [],
    autoAdmit: true,
    recording: 'idle',
    recordingStarted: null,
    ended: false,
  };
}

const refuse = (state: AuthorityState, error: string): Decision => ({ state, reply: { success: false, error }, deliveries: [] });
const done = (state: AuthorityState, deliveries: Delivery[] = []): Decision => ({ state, reply: { success: true }, deliveries });

function deliver<E extends ServerEvent>(to: Delivery['to'], event: E, payload: IncomingEvents[E]): Delivery {
  return { to, event, payload } as Delivery;
}

const pendingUpdate = (state: AuthorityState): Delivery => deliver(state.hostId, 'pending-guests', { guests: state.pending });

export function decide(state: AuthorityState, request: AuthorityRequest): Decision {
  if (state.ended) return refuse(state, ROOM_ERRORS.notInRoom);
  switch (request.type) {
    case 'join':
      return join(state, request.from, request.name, request.now);
    case 'approve':
      if (request.by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyApprove);
      return admit(state, request.guestId, request.now);
    case 'auto-admit':
      if (!state.autoAdmit) return refuse(state, 'Auto-admit is off');
      return admit(state, request.guestId, request.now);
    case 'reject':
      return reject(state, request.by, request.guestId);
    case 'leave':
      return leave(state, request.from, request.reason);
    case 'kick':
      return kick(state, request.by, request.participantId);
    case 'start-recording':
      if (request.by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyStart);
      if (state.recording !== 'idle') return refuse(state, ROOM_ERRORS.recordingActive);
    {
      const started = { mode: request.mode, startedAt: request.now };
      return done({ ...state, recording: 'recording', recordingStarted: started }, [deliver({ members: true }, 'recording-started', started)]);
    }
    case 'stop-recording':
      if (request.by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyStop);
      if (state.recording === 'idle') return refuse(state, ROOM_ERRORS.notRecording);
      return done({ ...state, recording: 'idle', recordingStarted: null }, [deliver({ members: true }, 'recording-stopped', {})]);
    case 'pause-recording':
      if (request.by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyAction);
      if (state.recording !== 'recording') return refuse(state, ROOM_ERRORS.notRecording);
      return done({ ...state, recording: 'paused' }, [deliver({ members: true }, 'recording-paused', {})]);
    case 'resume-recording':
      if (request.by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyAction);
      if (state.recording !== 'paused') return refuse(state, ROOM_ERRORS.notRecording);
      return done({ ...state, recording: 'recording' }, [deliver({ members: true }, 'recording-resumed', {})]);
    case 'set-auto-admit':
      if (request.by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyAction);
      return done({ ...state, autoAdmit: request.enabled }, [deliver(state.hostId, 'auto-admit-changed', { enabled: request.enabled })]);
  }
}

function join(state: AuthorityState, from: string, rawName: string, now: number): Decision {
  const member = state.participants.find((p) => p.id === from);
  if (member) {
    // A repeated join (a retry after a lost acknowledgement) gets the room again, nothing changes.
    const joined = roomJoined(state, from);
    return {
      state,
      reply: { success: true, participants: state.participants, selfId: from, hostId: state.hostId, roomName: state.roomName },
      deliveries: [joined, ...recordingNews(state, from)],
    };
  }
  if (state.pending.some((g) => g.id === from)) return { state, reply: { success: true, pending: true, selfId: from, hostId: state.hostId }, deliveries: [] };
  if (state.removed?.includes(from)) return refuse(state, ROOM_ERRORS.removed);
  if (state.participants.length >= capacityOf(state)) return refuse(state, ROOM_ERRORS.roomFull);
  if (state.pending.length >= MAX_PENDING_GUESTS) return refuse(state, ROOM_ERRORS.tooManyWaiting);
  const guest: PendingGuest = { id: from, name: sanitizeName(rawName) || 'Guest', requestedAt: now };
  const next = { ...state, pending: [...state.pending, guest] };
  return {
    state: next,
    reply: { success: true, pending: true, selfId: from, hostId: state.hostId },
    deliveries: [deliver(state.hostId, 'guest-request', { guest }), pendingUpdate(next)],
  };
}

function roomJoined(state: AuthorityState, id: string): Delivery {
  return deliver(id, 'room-joined', {
    roomId: state.roomId,
    roomName: state.roomName,
    hostId: state.hostId,
    selfId: id,
    participants: state.participants,
  });
}

function admit(state: AuthorityState, guestId: string, now: number): Decision {
  const guest = state.pending.find((g) => g.id === guestId);
  if (!guest) return refuse(state, ROOM_ERRORS.unknownGuest);
  if (state.participants.length >= capacityOf(state)) return refuse(state, ROOM_ERRORS.roomFull);
  const participant: ParticipantInfo = { id: guest.id, name: guest.name, isHost: false, joinedAt: now };
  const next: AuthorityState = {
    ...state,
    pending: state.pending.filter((g) => g.id !== guestId),
    participants: [...state.participants, participant],
  };
  return done(next, [
    roomJoined(next, guest.id),
    // Nobody is recorded without being told: a guest let in mid-recording hears of it at once.
    ...recordingNews(next, guest.id),
    deliver({ members: true, except: guest.id }, 'participant-joined', { participant }),
    pendingUpdate(next),
  ]);
}

function recordingNews(state: AuthorityState, to: string): Delivery[] {
  if (state.recording === 'idle' || !state.recordingStarted) return [];
  const news = [deliver(to, 'recording-started', state.recordingStarted)];
  if (state.recording === 'paused') news.push(deliver(to, 'recording-paused', {}));
  return news;
}

function reject(state: AuthorityState, by: string, guestId: string): Decision {
  if (by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyReject);
  if (!state.pending.some((g) => g.id === guestId)) return refuse(state, ROOM_ERRORS.unknownGuest);
  const next = { ...state, pending: state.pending.filter((g) => g.id !== guestId) };
  return done(next, [deliver(guestId, 'error', { message: ROOM_ERRORS.rejected }), pendingUpdate(next)]);
}

function leave(state: AuthorityState, from: string, reason: 'left' | 'disconnected'): Decision {
  if (from === state.hostId) {
    // The host leaving ends the room for everyone, waiting guests included
    // (docs/decisions/0011-room-host-and-guests.md).
    const ended = { ...state, ended: true, recording: 'idle' as const, recordingStarted: null };
    const deliveries: Delivery[] = [deliver({ members: true, except: state.hostId }, 'room-ended', { reason: 'host-left' })];
    for (const guest of state.pending) deliveries.push(deliver(guest.id, 'room-ended', { reason: 'host-left' }));
    return done({ ...ended, pending: [] }, deliveries);
  }
  if (state.pending.some((g) => g.id === from)) {
    const next = { ...state, pending: state.pending.filter((g) => g.id !== from) };
    return done(next, [pendingUpdate(next)]);
  }
  if (!state.participants.some((p) => p.id === from)) return done(state);
  const next = { ...state, participants: state.participants.filter((p) => p.id !== from) };
  return done(next, [deliver({ members: true }, 'participant-left', { participantId: from, reason })]);
}

function kick(state: AuthorityState, by: string, participantId: string): Decision {
  if (by !== state.hostId) return refuse(state, ROOM_ERRORS.hostOnlyAction);
  if (participantId === state.hostId || !state.participants.some((p) => p.id === participantId)) {
    return refuse(state, ROOM_ERRORS.unknownParticipant);
  }
  const removed = [...(state.removed ?? []), participantId].slice(-MAX_REMOVED);
  const next = { ...state, participants: state.participants.filter((p) => p.id !== participantId), removed };
  const left = { participantId, reason: 'kicked' as const };
  return done(next, [deliver({ members: true }, 'participant-left', left), deliver(participantId, 'participant-left', left)]);
}

/** Guests whose auto-admit time has come at `now`. */
export function dueForAutoAdmit(state: AuthorityState, now: number): string[] {
  if (!state.autoAdmit || state.ended) return [];
  // An unreadable request time admits at once rather than never.
  const after = autoAdmitDelay(state);
  return state.pending.filter((g) => !Number.isFinite(g.requestedAt) || g.requestedAt + after <= now).map((g) => g.id);
}

/** When the next auto-admit falls due, or null when none is waiting. */
export function nextAutoAdmitAt(state: AuthorityState): number | null {
  if (!state.autoAdmit || state.ended || state.pending.length === 0) return null;
  const after = autoAdmitDelay(state);
  return Math.min(...state.pending.map((g) => (Number.isFinite(g.requestedAt) ? g.requestedAt + after : 0)));
}

const autoAdmitDelay = (state: AuthorityState): number => state.autoAdmitAfterMs ?? AUTO_ADMIT_MS;

/** What a run of requests decided: the state after them, all they deliver, and the reply to the last. */
export interface DecidedRun {
  state: AuthorityState;
  deliveries: Delivery[];
  reply: Decision['reply'];
  /** The room ended or nobody is left in it: whoever holds it lets it go. */
  gone: boolean;
}

/**
 * The one loop around decide(), for every host of a room (the signaling server inside its store's
 * atomic update, the browser tab that hosts a room without a server): requests are decided in order,
 * each on the state the one before left. The host then stores the state and delivers; the tab host
 * answers the requester first, since a guest on its channel trusts room events only from the host its
 * join acknowledgement named.
 */
export function decideAll(state: AuthorityState, requests: readonly AuthorityRequest[]): DecidedRun {
  let current = state;
  const deliveries: Delivery[] = [];
  let reply: Decision['reply'] = { success: true };
  for (const request of requests) {
    const decision = decide(current, request);
    current = decision.state;
    reply = decision.reply;
    deliveries.push(...decision.deliveries);
  }
  return { state: current, deliveries, reply, gone: current.ended || current.participants.length === 0 };
}

/** The auto-admit requests due at `now`, in the order the guests asked. */
export function autoAdmitsDue(state: AuthorityState, now: number): AuthorityRequest[] {
  return dueForAutoAdmit(state, now).map((guestId) => ({ type: 'auto-admit', guestId, now }));
}
