import { describe, expect, it } from 'vitest';
import { cursorConstraint, pointerRecordedAgainstWish } from '../../src/media/client/cursor-capture';

describe('cursorConstraint', () => {
  it('asks for the pointer when Capture cursor is on, and for none when off', () => {
    expect(cursorConstraint(true)).toBe('always');
    expect(cursorConstraint(false)).toBe('never');
  });
});

describe('pointerRecordedAgainstWish', () => {
  it('flags a capture that reports a pointer although none was wanted (Chromium on a real screen or tab)', () => {
    expect(pointerRecordedAgainstWish(false, 'always', false)).toBe(true);
    expect(pointerRecordedAgainstWish(false, 'motion', false)).toBe(true);
    expect(pointerRecordedAgainstWish(false, 'motion', true)).toBe(true);
  });

  it('accepts a capture that reports no pointer, as asked', () => {
    expect(pointerRecordedAgainstWish(false, 'never', false)).toBe(false);
    expect(pointerRecordedAgainstWish(false, 'never', true)).toBe(false);
  });

  it('when the browser does not report it, trusts only a browser that supports the constraint', () => {
    expect(pointerRecordedAgainstWish(false, undefined, false)).toBe(true);
    expect(pointerRecordedAgainstWish(false, undefined, true)).toBe(false);
  });

  it('never flags anything when the pointer is wanted', () => {
    for (const reported of ['always', 'motion', 'never', undefined]) {
      expect(pointerRecordedAgainstWish(true, reported, false)).toBe(false);
      expect(pointerRecordedAgainstWish(true, reported, true)).toBe(false);
    }
  });
});
