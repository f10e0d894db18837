import { describe, expect, it } from 'vitest';
import { ActiveSpeaker, QUIET_BEFORE_HANDOVER_MS, dbfs } from '../../src/features/room/active-speaker';

const levels = (entries: Record<string, number>) => new Map(Object.entries(entries));
const LOUD = -20;
const QUIET = -70;

describe('the active speaker', () => {
  it('is nobody until someone is heard, then the loudest of those speaking', () => {
    const speaker = new ActiveSpeaker();
    expect(speaker.update(levels({ ann: QUIET, bo: QUIET }), 0)).toBeNull();
    expect(speaker.update(levels({ ann: -30, bo: LOUD }), 100)).toBe('bo');
    expect([...speaker.speaking].sort()).toEqual(['ann', 'bo']);
  });

  it('keeps the place while speaking, even when someone talks over them louder', () => {
    const speaker = new ActiveSpeaker();
    speaker.update(levels({ ann: LOUD, bo: QUIET }), 0);
    for (let t = 200; t <= 5000; t += 200) expect(speaker.update(levels({ ann: -35, bo: -10 }), t)).toBe('ann');
  });

  it('hands the place on only after being quiet for a moment', () => {
    const speaker = new ActiveSpeaker();
    speaker.update(levels({ ann: LOUD, bo: QUIET }), 0);
    // A short pause between words: Bo speaking meanwhile does not take over.
    expect(speaker.update(levels({ ann: QUIET, bo: LOUD }), 200)).toBe('ann');
    expect(speaker.update(levels({ ann: QUIET, bo: LOUD }), QUIET_BEFORE_HANDOVER_MS - 1)).toBe('ann');
    expect(speaker.update(levels({ ann: QUIET, bo: LOUD }), QUIET_BEFORE_HANDOVER_MS)).toBe('bo');
  });

  it('stays the last person heard while the room is silent, and goes when they leave', () => {
    const speaker = new ActiveSpeaker();
    speaker.update(levels({ ann: LOUD, bo: QUIET }), 0);
    expect(speaker.update(levels({ ann: QUIET, bo: QUIET }), 10_000)).toBe('ann');
    expect(speaker.speaking.size).toBe(0);
    expect(speaker.update(levels({ bo: QUIET }), 10_200)).toBeNull();
    expect(speaker.update(levels({ bo: LOUD }), 10_400)).toBe('bo');
  });

  it('reads a full-scale sine near −3 dBFS and silence as nothing', () => {
    expect(dbfs(Math.SQRT1_2)).toBeCloseTo(-3.01, 1);
    expect(dbfs(0)).toBe(-Infinity);
  });
});
