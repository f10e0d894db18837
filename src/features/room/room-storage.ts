/**
 * The room's two localStorage entries: the stored current room, and the times of recent create
 * and join attempts for the rate limits. Storage can be unavailable (private modes, disabled
 * storage): then nothing is remembered and nothing breaks.
 */
import { takeAttempt, ROOM_CREATE_LIMIT, ROOM_JOIN_LIMIT, type RateDecision } from '../../protocol';
import { parseStoredRoom, STORED_ROOM_KEY, type StoredRoom } from './stored-room';
import { reportError } from '../../shared/report-error';

export const ROOM_ATTEMPTS_KEY = 'framecast-room-attempts';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    // Storage full or disabled: the room works without it.
    reportError('room: remember the room in localStorage', error);
  }
}

export function loadStoredRoom(): StoredRoom | null {
  return parseStoredRoom(read(STORED_ROOM_KEY));
}

export function saveStoredRoom(room: StoredRoom): void {
  write(STORED_ROOM_KEY, JSON.stringify(room));
}

export function clearStoredRoom(): void {
  write(STORED_ROOM_KEY, null);
}

type AttemptKind = 'create' | 'join';

function readAttempts(): Record<AttemptKind, number[]> {
  const empty = { create: [], join: [] };
  const text = read(ROOM_ATTEMPTS_KEY);
  if (!text) return empty;
  try {
    const value = JSON.parse(text) as Partial<Record<AttemptKind, unknown>>;
    const list = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : []);
    return { create: list(value.create), join: list(value.join) };
  } catch {
    return empty;
  }
}

/** Records one attempt if the limit allows it. */
export function takeRoomAttempt(kind: AttemptKind, now = Date.now()): RateDecision {
  const attempts = readAttempts();
  const decision = takeAttempt(attempts[kind], now, kind === 'create' ? ROOM_CREATE_LIMIT : ROOM_JOIN_LIMIT);
  attempts[kind] = decision.attempts;
  write(ROOM_ATTEMPTS_KEY, JSON.stringify(attempts));
  return decision;
}
