/**
 * Names and room ids arrive from other tabs, links and form fields. They are cleaned before they
 * are stored, sent or shown: control and invisible formatting characters removed, whitespace
 * collapsed, length capped. React renders them as text, never as HTML, so no escaping is needed
 * here; this keeps them readable and bounded.
 */

export const MAX_NAME_LENGTH = 40;
export const MAX_ROOM_NAME_LENGTH = 60;
export const MAX_ROOM_ID_LENGTH = 64;

// C0/C1 controls, zero-width and bidirectional overrides (which can make a name render misleadingly).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

function cleanText(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const text = value.normalize('NFC').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  // Cut by code points so a surrogate pair is never split in half.
  return Array.from(text).slice(0, maxLength).join('').trim();
}

/** A participant's display name; empty when nothing usable is left. */
export function sanitizeName(value: unknown): string {
  return cleanText(value, MAX_NAME_LENGTH);
}

export function sanitizeRoomName(value: unknown): string {
  return cleanText(value, MAX_ROOM_NAME_LENGTH);
}

/** A room id keeps letters, digits, '-' and '_' only (it is part of a URL and a channel name). */
export function sanitizeRoomId(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(/[^A-Za-z0-9_-]/g, '').slice(0, MAX_ROOM_ID_LENGTH);
}

export function isValidRoomId(value: string): boolean {
  return value.length > 0 && sanitizeRoomId(value) === value;
}

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no 0/o, 1/l: easy to read aloud

/** A new room id like "kq7-xm4p-2dv", from the given random source (crypto in the app). */
export function newRoomId(random: (count: number) => Uint8Array): string {
  const bytes = random(10);
  const chars = Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length] ?? 'a').join('');
  return `${chars.slice(0, 3)}-${chars.slice(3, 7)}-${chars.slice(7, 10)}`;
}

/** A participant id: short (it appears in file names) and random enough for one room. */
export function newParticipantId(random: (count: number) => Uint8Array): string {
  return Array.from(random(8), (b) => ID_ALPHABET[b % ID_ALPHABET.length] ?? 'a').join('');
}
