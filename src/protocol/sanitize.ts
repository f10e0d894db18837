/**
 * Names and room ids arrive from other tabs, links and form fields. They are cleaned before they
 * are stored, sent or shown: control and invisible characters removed (a name must keep something
 * visible), whitespace collapsed, length capped by whole user-perceived characters. React renders them as text, never as HTML, so no escaping is needed
 * here; this keeps them readable and bounded.
 */

export const MAX_NAME_LENGTH = 40;
export const MAX_ROOM_NAME_LENGTH = 60;
export const MAX_ROOM_ID_LENGTH = 64;

// C0/C1 controls, zero-width spaces and bidirectional overrides (which can make a name render
// misleadingly): each becomes a space. The zero-width joiner is not here: it belongs to emoji.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPACE_LIKE = /[\u0000-\u001f\u007f-\u009f\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Characters a font draws as nothing (soft hyphen, tag characters, variation selectors, Hangul fillers, …). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** Blank-looking characters that Unicode does not count as ignorable. */
const BLANK = /\u2800|\u115f|\u1160|\u3164|\uffa0/u;
/** Inside an emoji these join and style it (family sequences, flags of England or Scotland): kept there only. */
const EMOJI_PART = /\u200d|[\ufe00-\ufe0f]|[\u{e0020}-\u{e007f}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const MARK = /\p{M}/u;
/** A name must keep at least one of these: letters, digits, punctuation or symbols. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Accents stacked past this on one letter only draw over the lines around it. */
const MAX_MARKS_PER_CHARACTER = 3;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** One user-perceived character with its invisible parts removed (empty when nothing visible is left). */
function cleanGrapheme(grapheme: string): string {
  const emoji = PICTOGRAPHIC.test(grapheme);
  let marks = 0;
  let kept = '';
  for (const char of grapheme) {
    if (BLANK.test(char)) continue;
    if (IGNORABLE.test(char) && !(emoji && EMOJI_PART.test(char))) continue;
    if (MARK.test(char) && ++marks > MAX_MARKS_PER_CHARACTER) continue;
    kept += char;
  }
  return kept;
}

function cleanText(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const spaced = value.normalize('NFC').replace(SPACE_LIKE, ' ').replace(/\s+/g, ' ').trim();
  const kept: string[] = [];
  for (const { segment } of graphemes.segment(spaced)) {
    const clean = cleanGrapheme(segment);
    if (clean) kept.push(clean);
  }
  // Cut by user-perceived characters, so neither a surrogate pair nor an emoji sequence is split.
  const text = kept.join('').replace(/\s+/g, ' ').trim();
  const cut = Array.from(graphemes.segment(text), (part) => part.segment)
    .slice(0, maxLength)
    .join('')
    .trim();
  return VISIBLE.test(cut) ? cut : '';
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
