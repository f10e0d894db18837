/**
 * The room this browser is in, kept in localStorage so a reloaded page can offer the same name again;
 * cleared when the user leaves.
 */
import { sanitizeName, sanitizeRoomId, sanitizeRoomName } from '../../protocol';
import { parseJsonRecord } from '../../shared/json-record';

export const STORED_ROOM_KEY = 'framecast-current-room';

export type StoredRoom =
  | { roomId: string; userName: string; isHost: true; roomName: string; createdAt: number }
  | { roomId: string; userName: string; isHost: false; joinedAt: number };

/** Reads stored JSON text; anything malformed gives null rather than a half-valid room. */
export function parseStoredRoom(text: string | null): StoredRoom | null {
  if (!text) return null;
  const record = parseJsonRecord(text);
  if (!record) return null;
  const roomId = sanitizeRoomId(record.roomId);
  const userName = sanitizeName(record.userName);
  if (!roomId || !userName || typeof record.isHost !== 'boolean') return null;
  if (record.isHost) {
    const createdAt = Number(record.createdAt);
    if (!Number.isFinite(createdAt)) return null;
    return { roomId, userName, isHost: true, roomName: sanitizeRoomName(record.roomName), createdAt };
  }
  const joinedAt = Number(record.joinedAt);
  if (!Number.isFinite(joinedAt)) return null;
  return { roomId, userName, isHost: false, joinedAt };
}
