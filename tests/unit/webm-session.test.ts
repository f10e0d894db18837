import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input, type InputTrack } from 'mediabunny';
import { WebmSession } from '../../src/media/worker/webm-session';
import { getRecording, readRecordingFile } from '../../src/media/storage/recordings-db';
import type { StartOptions } from '../../src/media/contract/recorder-api';
import { audioBlock, encoderControl, installFakeWebCodecs, opusSamplesEncoded, uninstallFakeWebCodecs } from './support/fake-webcodecs';

beforeEach(() => {
  installFakeWebCodecs();
});
afterEach(() => {
  uninstallFakeWebCodecs();
});

let next = 0;
/** Each test its own size as well as id: the codec choice is kept per size and rate. */
function options(width = 1280, height = 720): StartOptions {
  next += 1;
  return { recordingId: `session-${String(next)}`, name: 'Screen Only recording', mode: 'screen-only', size: { width, height }, videoBitrate: 2_000_000, audioBitrate: 128_000, frameRate: 30, createdAt: next };
}

const canvas = (width = 1280, height = 720) => ({ width, height }) as OffscreenCanvas;

/**
 * Records `seconds` of 30 fps picture and 20 ms blocks of sound, in the order a recording delivers
 * them, giving the encoder a turn between frames as real time would.
 */
async function feed(session: WebmSession, fromS: number, seconds: number): Promise<void> {
  for (let frame = 0; frame < Math.round(seconds * 30); frame += 1) {
    const at = fromS + frame / 30;
    expect(session.addVideoFrame(canvas(), at, 1 / 30)).toBe('encoded');
    for (let sound = at; sound < at + 1 / 30 - 1e-9; sound += 0.02) session.addAudio(audioBlock(sound), sound);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function readBack(id: string) {
  const input = new Input({ source: new BufferSource(await (await readRecordingFile(id)).arrayBuffer()), formats: ALL_FORMATS });
  const video = await input.getPrimaryVideoTrack();
  const audio = await input.getPrimaryAudioTrack();
  if (!video || !audio) throw new Error('a track is missing');
  return { input, video, audio };
}

async function packetsOf(track: InputTrack) {
  const times: { timestamp: number; type: string }[] = [];
  for await (const packet of new EncodedPacketSink(track).packets()) times.push({ timestamp: packet.timestamp, type: packet.type });
  return times;
}

describe('WebmSession: one recording from its first frame to its stored file', () => {
  it('starts with a row and the header stored; Stop leaves a WebM of both tracks whose row says done', async () => {
    const start = options();
    const session = await WebmSession.start(start, () => undefined);
    expect(session.videoCodec).toBe('vp9');
    const row = await getRecording(start.recordingId);
    expect(row).toMatchObject({ state: 'recording', width: 1280, height: 720, mimeType: 'video/webm' });
    expect((await readRecordingFile(start.recordingId)).size).toBeGreaterThan(0);

    await feed(session, 0, 2);
    const result = await session.finish(2000);
    expect(result).toMatchObject({ recordingId: start.recordingId, durationMs: 2000, mimeType: 'video/webm', videoCodec: 'vp9' });
    expect(await getRecording(start.recordingId)).toMatchObject({ state: 'done', durationMs: 2000, size: result.size });

    const { input, video, audio } = await readBack(start.recordingId);
    expect((await readRecordingFile(start.recordingId)).size).toBe(result.size);
    expect(await video.getCodec()).toBe('vp9');
    expect(await audio.getCodec()).toBe('opus');
    expect(await video.getDisplayWidth()).toBe(1280);
    expect(await input.computeDuration()).toBeCloseTo(2, 1);
    const frames = await packetsOf(video);
    expect(frames).toHaveLength(60);
    // A key frame opens each second, so every cluster of the file starts with one.
    expect(frames.filter((f) => f.type === 'key').map((f) => f.timestamp)).toEqual([0, 1]);
    expect(session.framesEncoded).toBe(60);
  });

  it('persist makes what was written durable and notes the state and duration in the row', async () => {
    const start = options();
    const session = await WebmSession.start(start, () => undefined);
    const header = (await readRecordingFile(start.recordingId)).size;
    await feed(session, 0, 1);
    await session.persist('paused', 1000);
    const row = await getRecording(start.recordingId);
    expect(row).toMatchObject({ state: 'paused', durationMs: 1000 });
    expect(row?.size).toBeGreaterThan(header);
    expect((await readRecordingFile(start.recordingId)).size).toBe(row?.size);
    await session.finish(1000);
  });

  it('an encoder that fails is reported once; later frames are dropped, Stop fails, and abandon keeps the bytes for recovery', async () => {
    const start = options();
    const failures: unknown[] = [];
    const session = await WebmSession.start(start, (error) => failures.push(error));
    await feed(session, 0, 1);
    await session.persist();
    const kept = (await getRecording(start.recordingId))?.size ?? 0;
    encoderControl.failNext = new Error('The encoder crashed');
    session.addVideoFrame(canvas(), 1, 1 / 30);
    await vi.waitFor(() => {
      expect(failures).toHaveLength(1);
    });
    expect(String(failures[0])).toContain('The encoder crashed');
    expect(session.addVideoFrame(canvas(), 1.1, 1 / 30)).toBe('dropped');
    await expect(session.finish(1200)).rejects.toThrow('The encoder crashed');
    expect(failures).toHaveLength(1);

    await session.abandon('Recording failed due to an error');
    const row = await getRecording(start.recordingId);
    expect(row?.state).not.toBe('done');
    expect(row?.error).toBe('Recording failed due to an error');
    expect((await readRecordingFile(start.recordingId)).size).toBeGreaterThanOrEqual(kept);
  });

  it('a browser that can encode neither VP9 nor VP8 is told so at start, and no row is left', async () => {
    const start = options(1024, 576);
    encoderControl.supported = false;
    try {
      await expect(WebmSession.start(start, () => undefined)).rejects.toThrow('This browser cannot encode VP9 or VP8 video');
    } finally {
      encoderControl.supported = true;
    }
    expect(await getRecording(start.recordingId)).toBeUndefined();
  });

  it('discard, for a file opened by a start that failed on another file, leaves neither row nor bytes', async () => {
    const start = options();
    const session = await WebmSession.start(start, () => undefined);
    expect((await readRecordingFile(start.recordingId)).size).toBeGreaterThan(0);
    await session.discard();
    expect(await getRecording(start.recordingId)).toBeUndefined();
    expect((await readRecordingFile(start.recordingId)).size).toBe(0);
  });

  it('Stop cuts the sound where the recording ends: sound held past it is left out', async () => {
    const start = options();
    const session = await WebmSession.start(start, () => undefined);
    await feed(session, 0, 0.9);
    // A burst of sound stamped as all captured by 0.99 s (a source stamping a burst with one time) is
    // placed end to end, up to the timeline's tolerance past that: what lies past Stop at 1 s is left
    // out, so the sound ends with the picture.
    for (let block = 0; block < 15; block += 1) session.addAudio(audioBlock(0.9), 0.99, 0.99);
    await session.finish(1000);
    const { audio } = await readBack(start.recordingId);
    const last = Math.max(...(await packetsOf(audio)).map((p) => p.timestamp));
    // The burst's blocks before Stop are in (the last starts at 0.98 s), those after it are not.
    expect(last).toBeGreaterThanOrEqual(0.96);
    expect(last).toBeLessThan(1);
  });

  it('sound that waits for the encoder goes to it joined: every block is in the file, in a few hand-offs', async () => {
    const start = options();
    const session = await WebmSession.start(start, () => undefined);
    for (let frame = 0; frame < 30; frame += 1) session.addVideoFrame(canvas(), frame / 30, 1 / 30);
    // A second of sound in 20 ms blocks, all released before the encoder has had a turn, as on a
    // worker that fell behind.
    for (let block = 0; block < 50; block += 1) session.addAudio(audioBlock(block * 0.02), (block + 1) * 0.02);
    expect(session.audioBacklog).toBe(50);
    await session.finish(1000);
    // Half a second at most in one hand-off: two, not fifty.
    expect(opusSamplesEncoded()).toBe(2);
    const { audio } = await readBack(start.recordingId);
    const times = (await packetsOf(audio)).map((p) => p.timestamp);
    expect(times).toHaveLength(50);
    times.forEach((time, i) => expect(time).toBeCloseTo(i * 0.02, 6));
  });

  it('Stop fills the sound with silence to where the recording ends, when the last of it is still on its way', async () => {
    // The silence is made as the session makes it, with \`new AudioData(init)\`: here a block like audioBlock's.
    vi.stubGlobal('AudioData', function AudioDataInit(init: object) {
      return { ...init, close: () => undefined };
    });
    const start = options();
    const session = await WebmSession.start(start, () => undefined);
    // Sound and picture to 0.8 s; the picture goes on to 1.2 s while the sound after 0.8 s has not come by Stop.
    await feed(session, 0, 0.8);
    for (let frame = 24; frame < 36; frame += 1) session.addVideoFrame(canvas(), frame / 30, 1 / 30);
    await session.finish(1200);
    const { audio } = await readBack(start.recordingId);
    const packets = await packetsOf(audio);
    const last = Math.max(...packets.map((p) => p.timestamp));
    // Opus packets of 20 ms: the last begins within a packet of the end.
    expect(last).toBeGreaterThanOrEqual(1.16);
    expect(last).toBeLessThan(1.2);
  });
});
