import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EncodedPacket, EncodedVideoPacketSource } from 'mediabunny';
import { VideoEncoderPipe } from '../../src/media/worker/video-encoder-pipe';
import { MAX_HANDOVER_BACKLOG, MAX_STARTUP_BACKLOG } from '../../src/media/contract/encoding-ladder';
import { FakeVideoEncoder, encoderControl, holdEncoderOutput, installFakeWebCodecs, uninstallFakeWebCodecs } from './support/fake-webcodecs';
import { settled } from './support/settled';

beforeEach(() => {
  installFakeWebCodecs();
});
afterEach(() => {
  uninstallFakeWebCodecs();
});

interface Muxed {
  timestampMs: number;
  type: string;
  /** The width its decoder config names, on the first packet of each encoder. */
  width?: number;
}

/** The muxer's side: what reached it, in order. Until `taking` resolves, it takes nothing (a slow muxer). */
function muxer(taking: Promise<void> = Promise.resolve()) {
  const packets: Muxed[] = [];
  const source = {
    add: async (packet: EncodedPacket, meta?: EncodedVideoChunkMetadata) => {
      await taking;
      packets.push({ timestampMs: Math.round(packet.timestamp * 1000), type: packet.type, width: meta?.decoderConfig?.codedWidth });
    },
  } as unknown as EncodedVideoPacketSource;
  return { source, packets };
}

const canvas = (width: number, height: number) => ({ width, height }) as OffscreenCanvas;
const FRAME_US = 33_333;

function pipeOf(source: EncodedVideoPacketSource, onFailure = vi.fn()) {
  return new VideoEncoderPipe(source, { codec: 'vp9', size: { width: 1280, height: 720 }, bitrate: 2_000_000, frameRate: 30 }, onFailure);
}

/**
 * A 720p encoder still starting (nothing out yet) with its queue full: frames a tick apart, as the
 * compositor hands them (past six, every other one is taken), until it holds its bound. Returns the
 * time of the next tick.
 */
function fillStartingQueue(pipe: VideoEncoderPipe): number {
  let at = 0;
  for (; pipe.backlog < MAX_STARTUP_BACKLOG; at += FRAME_US) pipe.encode(canvas(1280, 720), at, FRAME_US);
  return at;
}

/**
 * A recording whose 720p encoder is still working through a full queue (its packets held until
 * `release`) when the picture becomes 360p: `at` is the time of the next tick.
 */
function heldQueueBeforeStepDown(onFailure = vi.fn()) {
  const { source, packets } = muxer();
  const pipe = pipeOf(source, onFailure);
  const release = holdEncoderOutput();
  const at = fillStartingQueue(pipe);
  encoderControl.holdUntil = null;
  return { pipe, packets, release, at };
}

describe('VideoEncoderPipe: a smaller picture mid-recording', () => {
  it('a new size is encoded at once while the old size still holds a full queue, with nothing refused for it', () => {
    const { pipe, at } = heldQueueBeforeStepDown();
    expect(pipe.backlog).toBe(MAX_STARTUP_BACKLOG);
    expect(pipe.encode(canvas(1280, 720), at, FRAME_US)).toBe('starting');

    expect(pipe.encode(canvas(640, 360), at + FRAME_US, FRAME_US)).toBe('encoded');
    expect(pipe.currentSize).toEqual({ width: 640, height: 360 });
    expect(FakeVideoEncoder.made).toHaveLength(2);
    expect(pipe.backlog).toBe(MAX_STARTUP_BACKLOG + 1);
  });

  it("the file gets every frame of the old size first, then the new size's from a key frame, though the new encoder's came out first", async () => {
    const { pipe, packets, release, at: from } = heldQueueBeforeStepDown();
    let at = from;
    for (let frame = 0; frame < 5; frame += 1, at += FRAME_US) expect(pipe.encode(canvas(640, 360), at, FRAME_US)).toBe('encoded');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(packets).toEqual([]);

    release();
    await pipe.flush();
    expect(packets).toHaveLength(MAX_STARTUP_BACKLOG + 5);
    const times = packets.map((p) => p.timestampMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(packets[0]).toMatchObject({ type: 'key', width: 1280 });
    expect(packets[MAX_STARTUP_BACKLOG]).toMatchObject({ type: 'key', width: 640 });
    expect(packets.filter((p) => p.width !== undefined)).toHaveLength(2);
    expect(pipe.encodedFrames).toBe(MAX_STARTUP_BACKLOG + 5);
    expect(pipe.backlog).toBe(0);
    expect(FakeVideoEncoder.made[0]?.state).toBe('closed');
    expect(FakeVideoEncoder.made[1]?.state).toBe('configured');
  });

  it('Stop during the handover waits for the old size to finish as well as the new', async () => {
    const { pipe, packets, release, at } = heldQueueBeforeStepDown();
    pipe.encode(canvas(640, 360), at, FRAME_US);

    const flushed = pipe.flush();
    expect(await settled(flushed)).toBe(false);
    release();
    await flushed;
    expect(packets).toHaveLength(MAX_STARTUP_BACKLOG + 1);
  });

  it('two steps in a row keep the order of all three sizes', async () => {
    const { source, packets } = muxer();
    const pipe = pipeOf(source);
    const releaseFirst = holdEncoderOutput();
    let at = fillStartingQueue(pipe);
    const releaseSecond = holdEncoderOutput();
    for (let frame = 0; frame < 3; frame += 1, at += FRAME_US) pipe.encode(canvas(960, 540), at, FRAME_US);
    encoderControl.holdUntil = null;
    for (let frame = 0; frame < 3; frame += 1, at += FRAME_US) pipe.encode(canvas(640, 360), at, FRAME_US);

    releaseSecond();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(packets).toEqual([]);
    releaseFirst();
    await pipe.flush();
    expect(packets.filter((p) => p.width !== undefined).map((p) => p.width)).toEqual([1280, 960, 640]);
    const times = packets.map((p) => p.timestampMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('closing during a handover is not a failure, and takes no more frames', async () => {
    const onFailure = vi.fn();
    const { pipe, release, at } = heldQueueBeforeStepDown(onFailure);
    pipe.encode(canvas(640, 360), at, FRAME_US);

    pipe.close();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onFailure).not.toHaveBeenCalled();
    expect(FakeVideoEncoder.made.map((e) => e.state)).toEqual(['closed', 'closed']);
    expect(pipe.encode(canvas(640, 360), at + FRAME_US, FRAME_US)).toBe('dropped');
  });

  it('an old encoder that fails while finishing is reported once, and later frames are dropped', async () => {
    const { source } = muxer();
    const onFailure = vi.fn();
    const pipe = pipeOf(source, onFailure);
    const release = holdEncoderOutput();
    encoderControl.failNext = new Error('The encoder crashed');
    const at = fillStartingQueue(pipe);
    encoderControl.failNext = null;
    encoderControl.holdUntil = null;
    expect(pipe.encode(canvas(640, 360), at, FRAME_US)).toBe('encoded');

    release();
    await expect(pipe.flush()).rejects.toThrow('The encoder crashed');
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(pipe.encode(canvas(640, 360), at + FRAME_US, FRAME_US)).toBe('dropped');
  });

  it('size steps in a row hold no more frames together than the handover bound', () => {
    const { pipe, at: from } = heldQueueBeforeStepDown();
    holdEncoderOutput();
    let at = from;
    for (let frame = 0; frame < 40; frame += 1, at += FRAME_US) pipe.encode(canvas(960, 540), at, FRAME_US);
    expect(pipe.backlog).toBe(MAX_HANDOVER_BACKLOG);
    for (let frame = 0; frame < 40; frame += 1, at += FRAME_US) expect(pipe.encode(canvas(640, 360), at, FRAME_US)).not.toBe('encoded');
    expect(pipe.backlog).toBe(MAX_HANDOVER_BACKLOG);
    expect(FakeVideoEncoder.made).toHaveLength(3);
  });

  it("an old size's encoder is closed once it has encoded its frames, while the muxer still takes them", async () => {
    let take = (): void => undefined;
    const { source, packets } = muxer(new Promise<void>((resolve) => (take = resolve)));
    const pipe = pipeOf(source);
    let at = 0;
    for (let frame = 0; frame < 3; frame += 1, at += FRAME_US) pipe.encode(canvas(1280, 720), at, FRAME_US);
    pipe.encode(canvas(640, 360), at, FRAME_US);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakeVideoEncoder.made[0]?.state).toBe('closed');
    expect(packets).toEqual([]);

    take();
    await pipe.flush();
    expect(packets.map((p) => p.timestampMs)).toEqual([0, 33, 67, 100]);
  });

  it('a size the encoder refuses is reported once, and later frames are dropped', async () => {
    const { source } = muxer();
    const onFailure = vi.fn();
    const pipe = pipeOf(source, onFailure);
    expect(pipe.encode(canvas(1280, 720), 0, FRAME_US)).toBe('encoded');
    expect(pipe.encode(canvas(0, 0), FRAME_US, FRAME_US)).toBe('dropped');
    expect(pipe.encode(canvas(1280, 720), 2 * FRAME_US, FRAME_US)).toBe('dropped');
    expect(onFailure).toHaveBeenCalledTimes(1);
    await expect(pipe.flush()).rejects.toThrow('width and height must be positive');
    // The one refused is closed at once; the earlier one once it has encoded what it held.
    expect(FakeVideoEncoder.made.map((e) => e.state)).toEqual(['closed', 'closed']);
  });
});
