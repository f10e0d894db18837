import { describe, expect, it } from 'vitest';
import { EncoderLag } from '../../src/media/worker/encoder-lag';
import { settled } from './support/settled';

describe('EncoderLag', () => {
  it('lets the pump on while the encoder holds no more than allowed', async () => {
    const lag = new EncoderLag(1, 1000);
    lag.gave();
    expect(await settled(lag.caughtUp())).toBe(true);
  });

  it('holds the pump until the encoder returns a packet', async () => {
    const lag = new EncoderLag(1, 1000);
    lag.gave();
    lag.gave();
    const waiting = lag.caughtUp();
    expect(await settled(waiting)).toBe(false);
    lag.returnedOne();
    expect(await settled(waiting)).toBe(true);
    expect(lag.behind).toBe(1);
    expect(lag.gating).toBe(true);
  });

  it('gives up gating for good when the encoder keeps pictures back', async () => {
    const lag = new EncoderLag(1, 20);
    for (let i = 0; i < 4; i += 1) lag.gave();
    await lag.caughtUp();
    expect(lag.gating).toBe(false);
    lag.gave();
    expect(await settled(lag.caughtUp())).toBe(true);
  });
});
