/**
 * The room's signaling vocabulary (docs/decisions/0010-room-signaling.md): every event name with its
 * payload schema and, where it has one, its acknowledgement. Every payload is defined once, as a zod
 * schema, and its type comes from the schema; transports (BroadcastChannel in the browser, socket.io to
 * the signaling server) and the server itself parse what they receive with these schemas before use.
 */
import { z } from '../shared/zod';
import { MAX_ROOM_ID_LENGTH } from './sanitize';

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
  removed: 'The host removed you from the room.',
  recordingActive: 'Recording already in progress',
  notRecording: 'No recording in progress',
  placeExpired: 'You were disconnected from the room for too long, so you have left it.',
  serverUnreachable: 'Could not reach the signaling server. Check your connection and try again.',
  invalidReply: 'The signaling server sent a reply this app cannot read.',
  serverReconnecting: 'The room server is reconnecting. Please try again in a moment.',
  serverBusy: 'The room is busy right now. Please try again.',
  serverFault: 'Something went wrong on the room server. Please try again.',
  tooManyConnections: 'Too many connections from your network. Close other rooms or try again later.',
  serverFull: 'The room server is full right now. Please try again later.',
  tooManyMessages: 'Too many messages. Slow down, or this connection will be closed.',
  roomLost: 'The room server restarted and lost this room. Please create or join the room again.',
  replaced: 'A newer connection took over your place in this room, so it was closed here.',
  noMediaServer: 'This room server has no media server: the room stays peer to peer.',
  mediaServerDown: 'The media server is not answering. Please try again in a moment.',
} as const;

export type ConnectionQuality = 'excellent' | 'good' | 'fair' | 'poor';
export const ROOM_RECORDING_MODES = ['mixed', 'separate', 'local-only'] as const;
export type RoomRecordingMode = (typeof ROOM_RECORDING_MODES)[number];

/** The largest SDP accepted (a mesh participant's offer with a few tracks is a few KB). */
export const MAX_SDP_LENGTH = 64 * 1024;
/** Names arrive unsanitised (they are cleaned where stored); this only bounds their size. */
const MAX_RAW_NAME = 400;

const idSchema = z.string().min(1).max(128);
export const roomIdSchema = z.string().min(1).max(MAX_ROOM_ID_LENGTH).regex(/^[A-Za-z0-9_-]+$/);
const rawName = z.string().max(MAX_RAW_NAME);
const recordingModeSchema = z.enum(ROOM_RECORDING_MODES);

/** A participant as the signaling service knows them: who, not their media. */
export const participantInfoSchema = z.object({ id: idSchema, name: rawName, isHost: z.boolean(), joinedAt: z.number() });
export type ParticipantInfo = z.infer<typeof participantInfoSchema>;

/** A guest waiting for the host; `requestedAt` in epoch ms (shown as "just now" when unreadable). */
export const pendingGuestSchema = z.object({ id: idSchema, name: rawName, requestedAt: z.number() });
export type PendingGuest = z.infer<typeof pendingGuestSchema>;

export type PeerSignalType = 'offer' | 'answer' | 'ice-candidate';

/** RTCIceCandidateInit without the DOM lib, so this module stays usable in workers, tests and the server. */
const iceCandidateSchema = z.object({
  candidate: z.string().max(4096).optional(),
  sdpMid: z.string().max(256).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export type RTCIceCandidateInitLike = z.infer<typeof iceCandidateSchema>;

/** One WebRTC negotiation message between two participants. */
export const peerSignalSchema = z.object({
  type: z.enum(['offer', 'answer', 'ice-candidate']),
  /** An SDP description for offer/answer, an ICE candidate (or null for end of candidates). */
  data: z.object({
    connectionId: idSchema,
    description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(MAX_SDP_LENGTH) }).optional(),
    candidate: iceCandidateSchema.nullable().optional(),
  }),
  /** The sender: stamped by whoever relays it (the server, or the host tab's channel rules). */
  from: idSchema,
  to: idSchema,
  roomId: roomIdSchema,
});
export type PeerSignal = z.infer<typeof peerSignalSchema>;

const ackSchema = z.object({ success: z.boolean(), error: z.string().max(1000).optional() });
export type Ack = z.infer<typeof ackSchema>;

const createRoomAckSchema = ackSchema.extend({ roomId: roomIdSchema.optional() });
export type CreateRoomAck = z.infer<typeof createRoomAckSchema>;

const iceServerSchema = z.object({
  urls: z.union([z.string().max(512), z.array(z.string().max(512)).max(8)]),
  username: z.string().max(512).optional(),
  credential: z.string().max(512).optional(),
});
export type IceServerConfig = z.infer<typeof iceServerSchema>;

const resumeTokenSchema = z.string().min(1).max(256);

const joinRoomAckSchema = ackSchema.extend({
  participants: z.array(participantInfoSchema).max(64).optional(),
  /** The joiner waits for the host's decision; `room-joined` or an `error` follows. */
  pending: z.boolean().optional(),
  /** The joiner became the host of an empty room. */
  isHost: z.boolean().optional(),
  selfId: idSchema.optional(),
  hostId: idSchema.optional(),
  roomName: rawName.optional(),
  /** Given by a signaling server: rejoin with it after a dropped connection to keep one's place. */
  resumeToken: resumeTokenSchema.optional(),
  /** Given by a signaling server configured with TURN: time-limited credentials for this participant. */
  iceServers: z.array(iceServerSchema).max(8).optional(),
  /** The room's media goes through the server's media server: members ask `media-server-access`. */
  mediaServer: z.boolean().optional(),
});
export type JoinRoomAck = z.infer<typeof joinRoomAckSchema>;

/** A member's way into its room on the media server (docs/sfu.md): join `room` as `id` with `token`. */
const mediaServerAccessSchema = z.object({
  url: z.string().max(512),
  room: z.string().max(128),
  /** The participant id, a dot, and a suffix only this member is given. */
  id: z.string().min(1).max(160),
  token: z.string().max(256),
});
export type MediaServerAccess = z.infer<typeof mediaServerAccessSchema>;
const mediaServerAckSchema = ackSchema.extend({ access: mediaServerAccessSchema.optional() });

const roomRef = z.object({ roomId: roomIdSchema });

/**
 * What a client sends with its connection (socket.io's handshake `auth`) once it has a place in a
 * room: a connection that drops and comes back is given its place again before any event is read,
 * so nothing it sent while offline goes out under a new identity.
 */
export const resumeAuthSchema = z.object({ roomId: roomIdSchema, resumeToken: resumeTokenSchema });
export type ResumeAuth = z.infer<typeof resumeAuthSchema>;
const empty = z.object({}).strict();

/** Events a client sends: each payload's schema. */
export const outgoingSchemas = {
  'create-room': z.object({ roomId: roomIdSchema, roomName: rawName, hostName: rawName }),
  'join-room': z.object({ roomId: roomIdSchema, participantName: rawName, resumeToken: resumeTokenSchema.optional() }),
  'signaling-message': peerSignalSchema,
  'start-recording': z.object({ roomId: roomIdSchema, mode: recordingModeSchema }),
  'stop-recording': roomRef,
  'pause-recording': roomRef,
  'resume-recording': roomRef,
  'leave-room': roomRef,
  'approve-guest': z.object({ guestId: idSchema, roomId: roomIdSchema }),
  'reject-guest': z.object({ guestId: idSchema, roomId: roomIdSchema }),
  'kick-participant': z.object({ participantId: idSchema, roomId: roomIdSchema }),
  'set-auto-admit': z.object({ roomId: roomIdSchema, enabled: z.boolean() }),
  'media-server-access': roomRef,
} as const;

export type OutgoingEvent = keyof typeof outgoingSchemas;
export type OutgoingEvents = { [E in OutgoingEvent]: z.infer<(typeof outgoingSchemas)[E]> };

/** The acknowledgement each outgoing event gets; `null` means fire and forget. */
export const outgoingAckSchemas = {
  'create-room': createRoomAckSchema,
  'join-room': joinRoomAckSchema,
  'signaling-message': null,
  'start-recording': ackSchema,
  'stop-recording': ackSchema,
  'pause-recording': ackSchema,
  'resume-recording': ackSchema,
  'leave-room': null,
  'approve-guest': ackSchema,
  'reject-guest': ackSchema,
  'kick-participant': ackSchema,
  'set-auto-admit': ackSchema,
  'media-server-access': mediaServerAckSchema,
} as const satisfies Record<OutgoingEvent, z.ZodType | null>;

export type OutgoingAcks = {
  [E in OutgoingEvent]: (typeof outgoingAckSchemas)[E] extends z.ZodType ? z.infer<(typeof outgoingAckSchemas)[E]> : undefined;
};

export const PARTICIPANT_LEFT_REASONS = ['left', 'kicked', 'disconnected'] as const;
export type ParticipantLeftReason = (typeof PARTICIPANT_LEFT_REASONS)[number];

/** Events a client receives (connect and disconnect come from the transport itself): each payload's schema. */
export const incomingSchemas = {
  connect: empty,
  disconnect: empty,
  'signaling-message': peerSignalSchema,
  'room-created': z.object({ roomId: roomIdSchema, roomName: rawName, hostId: idSchema }),
  'room-joined': z.object({
    roomId: roomIdSchema,
    roomName: rawName,
    hostId: idSchema,
    selfId: idSchema,
    participants: z.array(participantInfoSchema).max(64),
    /** From a signaling server with TURN: credentials for the one let in (a waiting guest gets none). */
    iceServers: z.array(iceServerSchema).max(8).optional(),
    /** From a signaling server with a media server: the room's media goes through it. */
    mediaServer: z.boolean().optional(),
  }),
  /** Fresh TURN credentials before the last ones run out, while this participant stays in the room. */
  'ice-servers': z.object({ iceServers: z.array(iceServerSchema).max(8) }),
  'participant-joined': z.object({ participant: participantInfoSchema }),
  'participant-left': z.object({ participantId: idSchema, reason: z.enum(PARTICIPANT_LEFT_REASONS) }),
  'guest-request': z.object({ guest: pendingGuestSchema }),
  'pending-guests': z.object({ guests: z.array(pendingGuestSchema).max(64) }),
  'recording-started': z.object({ mode: recordingModeSchema, startedAt: z.number() }),
  'recording-paused': empty,
  'recording-resumed': empty,
  'recording-stopped': empty,
  'auto-admit-changed': z.object({ enabled: z.boolean() }),
  'room-ended': z.object({ reason: z.literal('host-left') }),
  error: z.object({ message: z.string().max(1000) }),
} as const;

export type IncomingEvent = keyof typeof incomingSchemas;
export type IncomingEvents = { [E in IncomingEvent]: z.infer<(typeof incomingSchemas)[E]> };

/** Each event of `P` with its payload, as one union that a switch on `event` narrows. */
type MessageOf<P> = { [E in keyof P]: { event: E; payload: P[E] } }[keyof P];

/** A parser of untrusted messages for `schemas`: null when the event is unknown or its payload does not match its schema. */
function messageParser<S extends Record<string, z.ZodType>>(schemas: S) {
  return (event: unknown, payload: unknown): MessageOf<{ [E in keyof S]: z.infer<S[E]> }> | null => {
    if (typeof event !== 'string' || !Object.hasOwn(schemas, event)) return null;
    const result = (schemas[event] as z.ZodType).safeParse(payload);
    // TypeScript cannot pair a runtime event with its payload in the union: the event's own schema checked the pair.
    return result.success ? ({ event, payload: result.data } as MessageOf<{ [E in keyof S]: z.infer<S[E]> }>) : null;
  };
}

/** One client request, parsed: its event and that event's payload, which a switch on `event` narrows together. */
export type OutgoingMessage = MessageOf<OutgoingEvents>;
export const parseOutgoingMessage: (event: unknown, payload: unknown) => OutgoingMessage | null = messageParser(outgoingSchemas);

/** One event for a participant, parsed: its name and that event's payload, which a switch on `event` narrows together. */
export type IncomingMessage = MessageOf<IncomingEvents>;
export const parseIncomingMessage: (event: unknown, payload: unknown) => IncomingMessage | null = messageParser(incomingSchemas);

/** Parses an untrusted incoming payload for `event`; null when it does not match its schema. */
export function parseIncoming<E extends IncomingEvent>(event: E, payload: unknown): IncomingEvents[E] | null {
  const result = incomingSchemas[event].safeParse(payload);
  return result.success ? (result.data as IncomingEvents[E]) : null;
}

export const isOutgoingEvent = (value: unknown): value is OutgoingEvent => typeof value === 'string' && Object.hasOwn(outgoingSchemas, value);
export const isIncomingEvent = (value: unknown): value is IncomingEvent => typeof value === 'string' && Object.hasOwn(incomingSchemas, value);

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
  'ice-servers',
  'error',
]);

/** Events the signaling server sends (connect and disconnect are the socket's own). */
export type ServerEvent = Exclude<IncomingEvent, 'connect' | 'disconnect'>;

/** socket.io's typed events, server to client: every room event with its payload. */
export type ServerToClientEvents = { [E in ServerEvent]: (payload: IncomingEvents[E]) => void };

/** socket.io's typed events, client to server: acknowledged events take a callback for their ack. */
export type ClientToServerEvents = {
  [E in OutgoingEvent]: OutgoingAcks[E] extends undefined
    ? (payload: OutgoingEvents[E]) => void
    : (payload: OutgoingEvents[E], ack: (ack: OutgoingAcks[E]) => void) => void;
};
