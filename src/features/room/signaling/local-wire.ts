/**
 * The frames LocalSignaling puts on a room's BroadcastChannel. Every tab of the browser profile
 * can post on it, so frames are size-capped and schema-parsed, and anything else is dropped.
 */
import {
  HOST_ONLY_EVENTS,
  outgoingAckSchemas,
  parseIncomingMessage,
  parseOutgoingMessage,
  type IncomingEvent,
  type IncomingMessage,
  type Ack,
  type JoinRoomAck,
  type OutgoingMessage,
} from '../../../protocol';
import { isRecord } from '../../../shared/json-record';

export type WireFrame =
  /** A client's request to the room (answered by the host's tab). */
  | ({ kind: 'request'; ackId: string | null; from: string } & OutgoingMessage)
  /** The host's acknowledgement of one request. */
  | { kind: 'ack'; ackId: string; to: string; ack: Ack | JoinRoomAck }
  /** An event for one participant, or for all members ('*') but `except`. */
  | ({ kind: 'event'; from: string; to: string; except?: string } & IncomingMessage);

/** Events a frame may carry: what the host sends for the room, signaling between peers, and room-created. */
const INCOMING: ReadonlySet<string> = new Set<IncomingEvent>(['signaling-message', 'room-created', ...HOST_ONLY_EVENTS]);

/** The most a frame may weigh, as JSON: an SDP offer with room to spare. Anything larger is dropped unread. */
export const MAX_FRAME_CHARS = 96 * 1024;

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 128;

function frameSize(data: unknown): number {
  try {
    return JSON.stringify(data).length;
  } catch {
    return Number.POSITIVE_INFINITY; // cycles, BigInt: nothing we send
  }
}

/**
 * A frame from the channel, or null. Every tab of the profile can post here, so a frame is size-capped
 * and its payload parsed with the protocol's schema for its event before anything reads it.
 */
export function parseWireFrame(data: unknown): WireFrame | null {
  if (!isRecord(data) || frameSize(data) > MAX_FRAME_CHARS) return null;
  switch (data.kind) {
    case 'request': {
      if (!isId(data.from)) return null;
      if (data.ackId !== null && !isId(data.ackId)) return null;
      const message = parseOutgoingMessage(data.event, data.payload);
      if (!message) return null;
      return { kind: 'request', ackId: data.ackId, from: data.from, ...message };
    }
    case 'ack': {
      if (!isId(data.ackId) || !isId(data.to)) return null;
      // The join acknowledgement's schema covers every acknowledgement (they all extend the plain one).
      const ack = outgoingAckSchemas['join-room'].safeParse(data.ack);
      if (!ack.success) return null;
      return { kind: 'ack', ackId: data.ackId, to: data.to, ack: ack.data };
    }
    case 'event': {
      if (!isId(data.from) || !isId(data.to) || typeof data.event !== 'string' || !INCOMING.has(data.event)) return null;
      const message = parseIncomingMessage(data.event, data.payload);
      if (!message) return null;
      const frame: WireFrame = { kind: 'event', from: data.from, to: data.to, ...message };
      if (isId(data.except)) frame.except = data.except;
      return frame;
    }
    default:
      return null;
  }
}

export const roomChannelName = (roomId: string): string => `room:${roomId}`;
export const hostLockName = (roomId: string): string => `framecast-room:${roomId}:host`;
export const memberLockName = (roomId: string, id: string): string => `framecast-room:${roomId}:member:${id}`;

/** Who is reading the channel, for the trust rules below. */
export interface ChannelReader {
  selfId: string;
  /** Let into the room (events to all members reach only admitted participants). */
  admitted: boolean;
  /** This tab answers for the room. */
  isHost: boolean;
  /** The host named by our join acknowledgement ('' until then). */
  hostId: string;
}

/** Only the host answers requests, and never one claiming to come from the host itself (its own requests never travel over the channel). */
export function answersRequest(frame: Extract<WireFrame, { kind: 'request' }>, reader: ChannelReader): boolean {
  return reader.isHost && frame.from !== reader.selfId;
}

/**
 * Whether a participant takes an event frame: it must be addressed to them (or to every member,
 * once admitted), a negotiation message must name its own sender, and room events must come from
 * the host this participant was told of. The host takes no room events from the channel at all.
 */
export function acceptsEvent(frame: Extract<WireFrame, { kind: 'event' }>, reader: ChannelReader): boolean {
  const forMe = frame.to === reader.selfId || (frame.to === '*' && reader.admitted && frame.except !== reader.selfId);
  if (!forMe) return false;
  if (frame.event === 'signaling-message') return frame.payload.from === frame.from;
  if (HOST_ONLY_EVENTS.has(frame.event)) return !reader.isHost && reader.hostId !== '' && frame.from === reader.hostId;
  return true;
}
