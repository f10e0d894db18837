import { describe, expect, it } from 'vitest';
import { PictureClock } from '../../src/media/worker/picture-clock';
import { settled } from './support/settled';

describe('PictureClock', () => {
  it('lets sound within the lead through at once', async () => {
    const clock = new PictureClock(1);
    expect(await settled(clock.waitUntilNear(0.9))).toBe(true);
  });

  it('holds sound beyond the lead until the pictures come near enough', async () => {
    const clock = new PictureClock(1);
    const waiting = clock.waitUntilNear(3);
    expect(await settled(waiting)).toBe(false);
    clock.advance(1.5);
    expect(await settled(waiting)).toBe(false);
    clock.advance(2);
    expect(await settled(waiting)).toBe(true);
  });

  it('never goes back, and releases everything once the pictures finish', async () => {
    const clock = new PictureClock(1);
    clock.advance(5);
    clock.advance(2);
    expect(await settled(clock.waitUntilNear(5.5))).toBe(true);
    const far = clock.waitUntilNear(60);
    expect(await settled(far)).toBe(false);
    clock.finish();
    expect(await settled(far)).toBe(true);
  });
});
