/**
 * The room's signaling vocabulary (SPEC section 7): every event name with its typed payload and,
 * where the spec gives one, its acknowledgement. Transports (BroadcastChannel today, socket.io
 * later) carry exactly these shapes, so the room code never depends on which one is in use.
 */

/** The room's error and refusal texts, shown to users or logged, in one place. */
export const ROOM_ERRORS = {
  notConnected: 'Not connected to signaling server',
  notInRoom: 'Not connected or not in a room',
  rejected: 'Guest request rejected by host',
  mediaFailed: 'Failed to access camera/microphone',
  screenShareActive: 'Screen sharing already active',
  noLocalParticipant: 'No local participant found',
  peerNotFound: 'Peer connection not found',
  creationInProgress: 'Connection creation already in progress',
  connectionTimeout: 'Connection timeout after 30000ms',
  ackTimeout: 'Signaling request timed out',
  hostUnreachable: 'The room did not answer. Ask the host to keep the room open in a visible tab, then try again.',
  createFailed: 'Failed to create room',
  joinFailed: 'Failed to join room',
  tooManyCreates: 'Too many room creation attempts. Please wait before creating another room.',
  tooManyJoins: 'Too many join attempts. Please wait before trying again.',
  roomFull: 'This room is full.',
  tooManyWaiting: 'Too many people are waiting to join this room. Please try again later.',
  hostOnlyStart: 'Only the host can start recording.',
  hostOnlyStop: 'Only the host can stop recording.',
  hostOnlyApprove: 'Only the host can approve guests.',
  hostOnlyReject: 'Only the host can reject guests.',
  hostOnlyAction: 'Only the host can do that.',
  unknownGuest: 'That guest is no longer waiting.',
  unknownParticipant: 'That participant is not in the room.',
  recordingActive: 'Recording already in progress',
  notRecording: 'No recording in progress',
} as const;

export type ConnectionQuality = 'excellent' | 'good' | 'fair' | 'poor';
export type RoomRecordingMode = 'mixed' | 'separate' | 'local-only';
export const ROOM_RECORDING_MODES: readonly RoomRecordingMode[] = ['mixed', 'separate', 'local-only'];

/** A participant as the signaling service knows them: who, not their media. */
export interface ParticipantInfo {
  id: string;
  name: string;
  isHost: boolean;
  /** Epoch milliseconds. */
  joinedAt: number;
}

export interface PendingGuest {
  id: string;
  name: string;
  /** Epoch milliseconds (may be invalid if a transport sends garbage; shown as "just now"). */
  requestedAt: number;
}

export type PeerSignalType = 'offer' | 'answer' | 'ice-candidate';

/** One WebRTC negotiation message between two participants. */
export interface PeerSignal {
  type: PeerSignalType;
  /** An SDP description for offer/answer, an ICE candidate (or null for end of candidates). */
  data: { connectionId: string; description?: { type: 'offer' | 'answer'; sdp: string }; candidate?: RTCIceCandidateInitLike | null };
  from: string;
  to: string;
  roomId: string;
}

/** RTCIceCandidateInit without the DOM lib, so this module stays usable in workers and tests. */
export interface RTCIceCandidateInitLike {
  candidate?: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

export interface Ack {
  success: boolean;
  error?: string;
}

export interface CreateRoomAck extends Ack {
  roomId?: string;
}

export interface JoinRoomAck extends Ack {
  participants?: ParticipantInfo[];
  /** The joiner waits for the host's decision; `room-joined` or an `error` follows. */
  pending?: boolean;
  /** The joiner became the host of an empty room. */
  isHost?: boolean;
  selfId?: string;
  hostId?: string;
  roomName?: string;
}

/** Events a client sends, with their payloads. */
export interface OutgoingEvents {
  'create-room': { roomId: string; roomName: string; hostName: string };
  'join-room': { roomId: string; participantName: string };
  'signaling-message': PeerSignal;
  'start-recording': { roomId: string; mode: RoomRecordingMode };
  'stop-recording': { roomId: string };
  'pause-recording': { roomId: string };
  'resume-recording': { roomId: string };
  'leave-room': { roomId: string };
  'approve-guest': { guestId: string; roomId: string };
  'reject-guest': { guestId: string; roomId: string };
  'kick-participant': { participantId: string; roomId: string };
  'set-auto-admit': { roomId: string; enabled: boolean };
}

/** The acknowledgement each outgoing event gets; `undefined` means fire and forget. */
export interface OutgoingAcks {
  'create-room': CreateRoomAck;
  'join-room': JoinRoomAck;
  'signaling-message': undefined;
  'start-recording': Ack;
  'stop-recording': Ack;
  'pause-recording': Ack;
  'resume-recording': Ack;
  'leave-room': undefined;
  'approve-guest': Ack;
  'reject-guest': Ack;
  'kick-participant': Ack;
  'set-auto-admit': Ack;
}

export type OutgoingEvent = keyof OutgoingEvents;

export type ParticipantLeftReason = 'left' | 'kicked' | 'disconnected';

/** Events a client receives, with their payloads. */
export interface IncomingEvents {
  connect: Record<string, never>;
  disconnect: Record<string, never>;
  'signaling-message': PeerSignal;
  'room-created': { roomId: string; roomName: string; hostId: string };
  'room-joined': { roomId: string; roomName: string; hostId: string; selfId: string; participants: ParticipantInfo[] };
  'participant-joined': { participant: ParticipantInfo };
  'participant-left': { participantId: string; reason: ParticipantLeftReason };
  'guest-request': { guest: PendingGuest };
  'pending-guests': { guests: PendingGuest[] };
  'recording-started': { mode: RoomRecordingMode; startedAt: number };
  'recording-paused': Record<string, never>;
  'recording-resumed': Record<string, never>;
  'recording-stopped': Record<string, never>;
  'auto-admit-changed': { enabled: boolean };
  'room-ended': { reason: 'host-left' };
  error: { message: string };
}

export type IncomingEvent = keyof IncomingEvents;

/** Events the host sends on the room's behalf; clients accept them from the host only. */
export const HOST_ONLY_EVENTS: ReadonlySet<IncomingEvent> = new Set<IncomingEvent>([
  'room-joined',
  'participant-joined',
  'participant-left',
  'guest-request',
  'pending-guests',
  'recording-started',
  'recording-paused',
  'recording-resumed',
  'recording-stopped',
  'auto-admit-changed',
  'room-ended',
  'error',
]);
