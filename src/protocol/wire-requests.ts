/** Requests that arrive over the wire, parsed, turned into the host authority's typed requests. */
import type { AuthorityRequest } from './room-authority';
import type { OutgoingMessage } from './protocol';

/** Turns a parsed request into an authority request; null for the requests the authority does not decide. */
export function toAuthorityRequest(from: string, message: OutgoingMessage, now: number = Date.now()): AuthorityRequest | null {
  switch (message.event) {
    case 'join-room':
      return { type: 'join', from, name: message.payload.participantName, now };
    case 'approve-guest':
      return { type: 'approve', by: from, guestId: message.payload.guestId, now };
    case 'reject-guest':
      return { type: 'reject', by: from, guestId: message.payload.guestId };
    case 'kick-participant':
      return { type: 'kick', by: from, participantId: message.payload.participantId };
    case 'start-recording':
      return { type: 'start-recording', by: from, mode: message.payload.mode, now };
    case 'stop-recording':
      return { type: 'stop-recording', by: from };
    case 'pause-recording':
      return { type: 'pause-recording', by: from };
    case 'resume-recording':
      return { type: 'resume-recording', by: from };
    case 'set-auto-admit':
      return { type: 'set-auto-admit', by: from, enabled: message.payload.enabled };
    case 'leave-room':
      return { type: 'leave', from, reason: 'left' };
    case 'create-room':
    case 'signaling-message':
    case 'media-server-access':
      return null;
  }
}
