/** Requests that arrive over the wire, turned into the host authority's typed requests. */
import type { AuthorityRequest } from './room-authority';
import { ROOM_RECORDING_MODES, type OutgoingEvent, type RoomRecordingMode } from './protocol';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Turns a request off the wire into an authority request, or null when its payload is unusable. */
export function toAuthorityRequest(
  from: string,
  event: OutgoingEvent,
  body: Record<string, unknown>,
  now: number = Date.now(),
): AuthorityRequest | null {
  switch (event) {
    case 'join-room':
      return { type: 'join', from, name: str(body.participantName), now };
    case 'approve-guest':
      return { type: 'approve', by: from, guestId: str(body.guestId), now };
    case 'reject-guest':
      return { type: 'reject', by: from, guestId: str(body.guestId) };
    case 'kick-participant':
      return { type: 'kick', by: from, participantId: str(body.participantId) };
    case 'start-recording': {
      const mode = ROOM_RECORDING_MODES.find((m) => m === body.mode);
      return mode ? { type: 'start-recording', by: from, mode: mode satisfies RoomRecordingMode, now } : null;
    }
    case 'stop-recording':
      return { type: 'stop-recording', by: from };
    case 'pause-recording':
      return { type: 'pause-recording', by: from };
    case 'resume-recording':
      return { type: 'resume-recording', by: from };
    case 'set-auto-admit':
      return typeof body.enabled === 'boolean' ? { type: 'set-auto-admit', by: from, enabled: body.enabled } : null;
    case 'leave-room':
      return { type: 'leave', from, reason: 'left' };
    case 'create-room':
    case 'signaling-message':
      return null;
  }
}

