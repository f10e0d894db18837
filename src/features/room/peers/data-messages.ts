/**
 * JSON messages participants send each other over the `messages` data channel, parsed strictly:
 * anything unknown or malformed is ignored.
 */
import { parseJsonRecord } from '../../../shared/json-record';

export type PeerMessage =
  | { type: 'media-state'; videoEnabled: boolean; audioEnabled: boolean }
  | { type: 'screen-sharing-started' }
  | { type: 'screen-sharing-stopped' };

export function parsePeerMessage(text: unknown): PeerMessage | null {
  if (typeof text !== 'string' || text.length > 4096) return null;
  const record = parseJsonRecord(text);
  if (!record) return null;
  switch (record.type) {
    case 'media-state':
      if (typeof record.videoEnabled !== 'boolean' || typeof record.audioEnabled !== 'boolean') return null;
      return { type: 'media-state', videoEnabled: record.videoEnabled, audioEnabled: record.audioEnabled };
    case 'screen-sharing-started':
    case 'screen-sharing-stopped':
      return { type: record.type };
    default:
      return null;
  }
}
