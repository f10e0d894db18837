/**
 * The room protocol's front door, for the browser's room feature and the signaling server alike: the
 * events and their zod schemas, the pure room authority, name and id sanitizing, and rate limits.
 */
export { HOST_ONLY_EVENTS, ROOM_ERRORS, ROOM_RECORDING_MODES, incomingSchemas, isIncomingEvent, isOutgoingEvent, outgoingAckSchemas, parseIncoming, parseIncomingMessage, parseOutgoingMessage, resumeAuthSchema, roomIdSchema, type Ack, type ClientToServerEvents, type ConnectionQuality, type IceServerConfig, type IncomingEvent, type IncomingEvents, type IncomingMessage, type JoinRoomAck, type MediaServerAccess, type OutgoingAcks, type OutgoingEvent, type OutgoingEvents, type OutgoingMessage, type ParticipantInfo, type PeerSignal, type PendingGuest, type RTCIceCandidateInitLike, type ResumeAuth, type RoomRecordingMode, type ServerEvent, type ServerToClientEvents } from './protocol';
export { ROOM_CREATE_LIMIT, ROOM_JOIN_LIMIT, takeAttempt, type RateDecision } from './rate-limit';
export { AUTO_ADMIT_MS, MAX_MEDIA_SERVER_PARTICIPANTS, MAX_PARTICIPANTS, autoAdmitsDue, capacityOf, createAuthority, decide, decideAll, dueForAutoAdmit, nextAutoAdmitAt, type AuthorityOptions, type AuthorityRequest, type AuthorityState, type DecidedRun, type Decision, type Delivery } from './room-authority';
export { MAX_NAME_LENGTH, isValidRoomId, newParticipantId, newRoomId, sanitizeName, sanitizeRoomId, sanitizeRoomName } from './sanitize';
export { toAuthorityRequest } from './wire-requests';
