import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SoundShaper } from '../../src/media/worker/sound-shape';
import { FakeAudioData } from './support/fake-audio-data';

/** 10 ms of a 440 Hz mono tone at `rate`, starting `block` blocks in, stamped with its capture time. */
function micBlock(rate: number, block: number, startUs = 5_000_000): FakeAudioData {
  const frames = rate / 100;
  const data = Float32Array.from({ length: frames }, (_, i) => Math.sin((2 * Math.PI * 440 * (block * frames + i)) / rate));
  return new FakeAudioData({ sampleRate: rate, numberOfChannels: 1, numberOfFrames: frames, timestamp: startUs + block * 10_000, data });
}

beforeEach(() => {
  vi.stubGlobal('AudioData', FakeAudioData);
});

describe('SoundShaper', () => {
  it('passes a block already 48 kHz stereo as it is', () => {
    const block = new FakeAudioData({ sampleRate: 48_000, numberOfChannels: 2, numberOfFrames: 480, timestamp: 1, data: new Float32Array(960) });
    expect(new SoundShaper().shape(block as unknown as AudioData)).toEqual({ heldBack: null, block });
    expect(block.closed).toBe(false);
  });

  it('turns a 44.1 kHz mono microphone into 48 kHz stereo, each block stamped with the instant of its first sample', () => {
    const shaper = new SoundShaper();
    const shaped: FakeAudioData[] = [];
    for (let block = 0; block < 50; block++) {
      const input = micBlock(44_100, block);
      const out = shaper.shape(input as unknown as AudioData).block as unknown as FakeAudioData | null;
      expect(input.closed).toBe(true);
      if (out) shaped.push(out);
    }
    expect(shaped.every((block) => block.sampleRate === 48_000 && block.numberOfChannels === 2)).toBe(true);
    // The first block begins at the microphone's first sample; each later one where the one before ended.
    expect(shaped[0]?.timestamp).toBe(5_000_000);
    let expected = 5_000_000;
    let at = 0;
    for (const block of shaped) {
      expect(Math.abs(block.timestamp - expected)).toBeLessThanOrEqual(1);
      expected += (block.numberOfFrames / 48_000) * 1e6;
      // Both channels carry the tone at the block's own instants.
      expect(block.plane(1)).toEqual(block.plane(0));
      block.plane(0).forEach((value, n) => {
        if (at + n >= 240) expect(Math.abs(value - Math.sin((2 * Math.PI * 440 * (at + n)) / 48_000))).toBeLessThan(0.001);
      });
      at += block.numberOfFrames;
    }
    // Half a second in, half a second out, but for the kernel's last reach.
    expect(at).toBeGreaterThan(24_000 - 40);
  });

  it('gives at the end the sound it still held back, stamped where the last block’s output ended, then starts afresh', () => {
    const shaper = new SoundShaper();
    let frames = 0;
    let endUs = 0;
    for (let block = 0; block < 50; block++) {
      const out = shaper.shape(micBlock(44_100, block) as unknown as AudioData).block as unknown as FakeAudioData | null;
      if (!out) continue;
      frames += out.numberOfFrames;
      endUs = out.timestamp + (out.numberOfFrames / 48_000) * 1e6;
    }
    const rest = shaper.flush() as unknown as FakeAudioData | null;
    expect(rest?.sampleRate).toBe(48_000);
    expect(Math.abs((rest?.timestamp ?? 0) - endUs)).toBeLessThanOrEqual(1);
    // Half a second in, all of half a second out.
    expect(frames + (rest?.numberOfFrames ?? 0)).toBe(24_000);
    expect(rest?.plane(1)).toEqual(rest?.plane(0));
    expect(shaper.flush()).toBeNull();
    // A block after it is the first of a new stream, stamped with its own time.
    expect((shaper.shape(micBlock(44_100, 60) as unknown as AudioData).block as unknown as FakeAudioData | null)?.timestamp).toBe(5_600_000);
  });

  it('once the feed comes at 48 kHz, gives the sound it resampled before whole, then the new block, and holds nothing back', () => {
    for (const channels of [2, 1]) {
      const shaper = new SoundShaper();
      let frames = 0;
      for (let block = 0; block < 5; block++) frames += shaper.shape(micBlock(44_100, block) as unknown as AudioData).block?.numberOfFrames ?? 0;
      const next = new FakeAudioData({ sampleRate: 48_000, numberOfChannels: channels, numberOfFrames: 480, timestamp: 5_050_000, data: new Float32Array(480 * channels) });
      const { heldBack, block } = shaper.shape(next as unknown as AudioData);
      // All of the 50 ms at 44.1 kHz comes out, its last part ending where the new block starts.
      expect(frames + (heldBack?.numberOfFrames ?? 0)).toBe(2400);
      expect(Math.abs((heldBack?.timestamp ?? 0) + ((heldBack?.numberOfFrames ?? 0) / 48_000) * 1e6 - 5_050_000)).toBeLessThanOrEqual(1);
      expect(block?.timestamp).toBe(5_050_000);
      expect(shaper.flush()).toBeNull();
    }
  });

  it('starts over when the microphone changes rate mid-feed, stamping the new rate’s first block with its own time', () => {
    const shaper = new SoundShaper();
    for (let block = 0; block < 5; block++) shaper.shape(micBlock(44_100, block) as unknown as AudioData);
    const { heldBack, block: first } = shaper.shape(micBlock(16_000, 0, 9_000_000) as unknown as AudioData) as unknown as { heldBack: FakeAudioData | null; block: FakeAudioData | null };
    expect(first?.timestamp).toBe(9_000_000);
    expect(first?.sampleRate).toBe(48_000);
    // The 44.1 kHz sound's last part, still its own.
    expect(Math.abs((heldBack?.timestamp ?? 0) + ((heldBack?.numberOfFrames ?? 0) / 48_000) * 1e6 - 5_050_000)).toBeLessThanOrEqual(1);
  });

  it('starts afresh after a gap in the sound (a pause, lost sound): the sound before it comes out whole, and none of it leaks into the block after', () => {
    const shaper = new SoundShaper();
    let frames = 0;
    for (let block = 0; block < 5; block++) frames += shaper.shape(micBlock(44_100, block) as unknown as AudioData).block?.numberOfFrames ?? 0;
    // Two seconds later, a block of silence: nothing of the tone before may leak into it.
    const silent = new FakeAudioData({ sampleRate: 44_100, numberOfChannels: 1, numberOfFrames: 441, timestamp: 5_000_000 + 2_050_000, data: new Float32Array(441) });
    const { heldBack, block: after } = shaper.shape(silent as unknown as AudioData) as unknown as { heldBack: FakeAudioData | null; block: FakeAudioData | null };
    expect(after?.timestamp).toBe(silent.timestamp);
    expect(Math.max(...(after?.plane(0) ?? [1]).map(Math.abs))).toBe(0);
    // The tone's last millisecond was held back by the resampler's kernel: it comes out, ending where the tone ended.
    expect(frames + (heldBack?.numberOfFrames ?? 0)).toBe(2400);
    expect(Math.abs((heldBack?.timestamp ?? 0) + ((heldBack?.numberOfFrames ?? 0) / 48_000) * 1e6 - 5_050_000)).toBeLessThanOrEqual(1);
    expect(Math.max(...(heldBack?.plane(0) ?? [0]).map(Math.abs))).toBeGreaterThan(0.1);
  });
});
