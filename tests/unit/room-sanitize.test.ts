import { describe, expect, it } from 'vitest';
import {
  MAX_NAME_LENGTH,
  MAX_ROOM_ID_LENGTH,
  isValidRoomId,
  newParticipantId,
  newRoomId,
  sanitizeName,
  sanitizeRoomId,
  sanitizeRoomName,
} from '../../src/protocol/sanitize';
import { ROOM_CREATE_LIMIT, ROOM_JOIN_LIMIT, takeAttempt } from '../../src/protocol/rate-limit';

describe('sanitizing names and room ids', () => {
  it('trims, collapses whitespace and removes control and invisible characters', () => {
    expect(sanitizeName('  Ada   Lovelace \n')).toBe('Ada Lovelace');
    expect(sanitizeName('Ev\u0000il\u0007')).toBe('Ev il');
    expect(sanitizeName('a\u202Egnp.exe')).toBe('a gnp.exe');
    expect(sanitizeName('zero\u200Bwidth')).toBe('zero width');
    expect(sanitizeName('\u0000\u0001  ')).toBe('');
  });

  it('keeps markup as plain text (it is rendered as text, never as HTML)', () => {
    expect(sanitizeName('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });

  it('caps the length without splitting a character in two', () => {
    expect(sanitizeName('x'.repeat(100))).toHaveLength(MAX_NAME_LENGTH);
    const emoji = sanitizeName('😀'.repeat(60));
    expect(Array.from(emoji)).toHaveLength(MAX_NAME_LENGTH);
    expect(emoji.endsWith('\uD83D')).toBe(false);
    expect(sanitizeRoomName('r'.repeat(200)).length).toBe(60);
  });

  it('rejects what is not text', () => {
    expect(sanitizeName(undefined)).toBe('');
    expect(sanitizeName(42)).toBe('');
    expect(sanitizeRoomId({})).toBe('');
  });

  it('keeps room ids to URL- and channel-safe characters', () => {
    expect(sanitizeRoomId('abc-DEF_123')).toBe('abc-DEF_123');
    expect(sanitizeRoomId('a/b?c#d e')).toBe('abcde');
    expect(sanitizeRoomId('x'.repeat(100))).toHaveLength(MAX_ROOM_ID_LENGTH);
    expect(isValidRoomId('abc-123')).toBe(true);
    expect(isValidRoomId('abc 123')).toBe(false);
    expect(isValidRoomId('')).toBe(false);
  });

  it('makes readable new ids from random bytes', () => {
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i * 7);
    const id = newRoomId(bytes);
    expect(id).toMatch(/^[a-z2-9]{3}-[a-z2-9]{4}-[a-z2-9]{3}$/);
    expect(isValidRoomId(id)).toBe(true);
    expect(newParticipantId(bytes)).toMatch(/^[a-z2-9]{8}$/);
  });
});

describe('rate limits', () => {
  it('allows up to the limit inside the window, then says how long to wait', () => {
    let attempts: number[] = [];
    for (let i = 0; i < ROOM_JOIN_LIMIT.max; i++) {
      const decision = takeAttempt(attempts, 1000 + i, ROOM_JOIN_LIMIT);
      expect(decision.allowed).toBe(true);
      attempts = decision.attempts;
    }
    const refused = takeAttempt(attempts, 2000, ROOM_JOIN_LIMIT);
    expect(refused.allowed).toBe(false);
    expect(refused.attempts).toEqual(attempts);
    expect(refused.retryAfterMs).toBe(1000 + ROOM_JOIN_LIMIT.windowMs - 2000);
  });

  it('slides: attempts older than the window no longer count', () => {
    const old = Array.from({ length: ROOM_CREATE_LIMIT.max }, (_, i) => i);
    expect(takeAttempt(old, ROOM_CREATE_LIMIT.windowMs - 1, ROOM_CREATE_LIMIT).allowed).toBe(false);
    const later = takeAttempt(old, ROOM_CREATE_LIMIT.windowMs + 10, ROOM_CREATE_LIMIT);
    expect(later.allowed).toBe(true);
    expect(later.attempts).toEqual([ROOM_CREATE_LIMIT.windowMs + 10]);
  });

  it('ignores garbage and future times (a changed clock must not lock anyone out)', () => {
    const decision = takeAttempt([Number.NaN, 1e15, 1e15, 1e15, 1e15, 1e15], 5000, ROOM_CREATE_LIMIT);
    expect(decision.allowed).toBe(true);
    expect(decision.attempts).toEqual([5000]);
  });

  it('lets one address create 5 rooms per 10 minutes and join 10 times a minute', () => {
    const burst = (limit: typeof ROOM_JOIN_LIMIT) => {
      let attempts: number[] = [];
      for (let count = 0; count < 100; count++) {
        const decision = takeAttempt(attempts, 0, limit);
        if (!decision.allowed) return { count, retryAfterMs: decision.retryAfterMs };
        attempts = decision.attempts;
      }
      return { count: Infinity, retryAfterMs: 0 };
    };
    expect(burst(ROOM_CREATE_LIMIT)).toEqual({ count: 5, retryAfterMs: 10 * 60_000 });
    expect(burst(ROOM_JOIN_LIMIT)).toEqual({ count: 10, retryAfterMs: 60_000 });
  });
});

describe('names that look empty, or like something they are not', () => {
  it('refuses names with nothing visible once invisible characters go', () => {
    for (const invisible of ['\u3164', '\u2800\u2800', '\u00ad', '\u{E0041}\u{E0042}', '\u115f\u1160', '\uffa0', '\u200d', '\u0301\u0301', '\ufe0f'])
      expect(sanitizeName(invisible), JSON.stringify(invisible)).toBe('');
  });

  it('removes hidden characters from inside a visible name', () => {
    expect(sanitizeName('Bo\u00adb')).toBe('Bob');
    expect(sanitizeName('A\u{E0048}\u{E006F}\u{E0073}\u{E0074}da')).toBe('Ada');
    expect(sanitizeName('\u3164Eve\u2800')).toBe('Eve');
    expect(sanitizeName('q' + '\u0301'.repeat(50))).toBe('q\u0301\u0301\u0301');
  });

  it('keeps emoji sequences whole, and never cuts one apart', () => {
    const family = '👨‍👩‍👧';
    const england = '🏴󠁧󠁢󠁥󠁮󠁧󠁿';
    expect(sanitizeName(`Ada ${family} ${england}`)).toBe(`Ada ${family} ${england}`);
    const cut = sanitizeName(family.repeat(60));
    expect(cut).toBe(family.repeat(MAX_NAME_LENGTH));
  });
});
