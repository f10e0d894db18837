import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordingEngine, type EngineOutput, type EngineSession } from '../../src/media/worker/recording-engine';
import type { RecordingResult, StartOptions } from '../../src/media/contract/recorder-api';
import type { EncodeOutcome } from '../../src/media/worker/video-encoder-pipe';
import { FakeAudioData } from './support/fake-audio-data';
import { SETTLE_MS } from '../../src/media/worker/audio-intake';

/** One file as the engine drives it: frames and cuts noted at their media times, finish and abandon as asked. */
class FakeSession implements EngineSession {
  readonly videoCodec = 'vp9' as const;
  videoEnd = 0;
  bytes = 0;
  framesEncoded = 0;
  framesDropped = 0;
  videoBacklog = 0;
  audioBacklog = 0;
  readonly frames: number[] = [];
  readonly cuts: number[] = [];
  readonly persisted: [string | undefined, number | undefined][] = [];
  readonly silences: number[] = [];
  finished: number | null = null;
  abandoned: string | null = null;
  discarded = false;
  refuseFrames = false;
  failFinish = false;

  constructor(
    readonly options: StartOptions,
    readonly fail: (error: unknown) => void,
  ) {}

  addVideoFrame(_canvas: OffscreenCanvas, seconds: number, frameDuration: number): EncodeOutcome {
    if (this.refuseFrames) {
      this.framesDropped += 1;
      return 'dropped';
    }
    this.frames.push(seconds);
    this.videoEnd = seconds + frameDuration;
    this.framesEncoded += 1;
    this.bytes += 1000;
    return 'encoded';
  }

  /** [media time now, media time the block's end was captured], per block kept. */
  readonly sound: [number, number][] = [];

  addAudio(data: AudioData, mediaSeconds: number, capturedEnd = mediaSeconds): void {
    this.sound.push([mediaSeconds, capturedEnd]);
    data.close();
  }

  hasSound = true;

  withoutSound(): void {
    this.hasSound = false;
  }

  fillSilence(mediaSeconds: number): void {
    this.silences.push(mediaSeconds);
  }

  cutAudio(mediaSeconds: number): void {
    this.cuts.push(mediaSeconds);
  }

  finish(durationMs: number): Promise<RecordingResult> {
    if (this.failFinish) return Promise.reject(new Error('the muxer could not finish'));
    this.finished = durationMs;
    return Promise.resolve({ recordingId: this.options.recordingId, durationMs, size: this.bytes, mimeType: 'video/webm', videoCodec: this.videoCodec });
  }

  abandon(reason: string): Promise<void> {
    this.abandoned = reason;
    return Promise.resolve();
  }

  discard(): Promise<void> {
    this.discarded = true;
    return Promise.resolve();
  }

  persist(state?: 'recording' | 'paused', durationMs?: number): Promise<void> {
    this.persisted.push([state, durationMs]);
    return Promise.resolve();
  }
}

interface Output extends EngineOutput {
  readonly session: FakeSession;
}

const options = (id: string): StartOptions => ({
  recordingId: id,
  name: id,
  mode: 'room-separate',
  size: { width: 640, height: 360 },
  videoBitrate: 1_000_000,
  audioBitrate: 128_000,
  frameRate: 30,
  createdAt: 0,
});

const canvas = {} as OffscreenCanvas;
let failures: [string, string][];
let sessions: FakeSession[];
let engine: RecordingEngine<Output>;

function open(id: string, canvas: OffscreenCanvas | null = null): Promise<Output> {
  return engine.open(id, options(id), (session, offsetMs) => ({ session: session as FakeSession, offsetMs, canvas }));
}

/** Opens an output with a picture, records for a second, and encodes one frame at 1 s. */
async function oneFrameAtOneSecond(id: string): Promise<Output> {
  const output = await open(id, canvas);
  engine.begin(30);
  vi.advanceTimersByTime(1000);
  engine.encode(output, canvas, performance.now());
  return output;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  failures = [];
  sessions = [];
  engine = new RecordingEngine<Output>({
    persistIntervalMs: 250,
    onFailure: (message, name) => failures.push([message, name]),
    openSession: (start, onFailure) => {
      const session = new FakeSession(start, onFailure);
      sessions.push(session);
      return Promise.resolve(session);
    },
  });
});

afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

describe('RecordingEngine', () => {
  it('leaves paused time out of every file, cutting the sound where the pause began', async () => {
    const output = await open('a');
    engine.begin(30);
    vi.advanceTimersByTime(1000);
    engine.encode(output, canvas, performance.now());
    engine.pause();
    vi.advanceTimersByTime(2000);
    engine.resume();
    vi.advanceTimersByTime(500);
    engine.encode(output, canvas, performance.now());
    expect(output.session.frames).toEqual([1, 1.5]);
    expect(output.session.cuts).toEqual([1]);
    const [result] = await engine.stopAll();
    expect(result).toMatchObject({ status: 'fulfilled', value: { durationMs: 1500 } });
    expect(engine.state).toBe('idle');
  });

  it('places a picture at the instant it is given, on the file’s own timeline with pauses left out', async () => {
    const output = await open('a');
    engine.begin(30);
    engine.encode(output, canvas, performance.now());
    vi.advanceTimersByTime(1000);
    // Drawn now, captured 40 ms ago (the instant placePicture chose).
    engine.encode(output, canvas, performance.now() - 40);
    engine.pause();
    vi.advanceTimersByTime(2000);
    engine.resume();
    expect(engine.runningSince).toBe(performance.now());
    vi.advanceTimersByTime(500);
    // Captured 100 ms ago, after the resume: the 2 s pause is not in the file.
    engine.encode(output, canvas, performance.now() - 100);
    expect(output.session.frames.map((s) => Math.round(s * 1000))).toEqual([0, 960, 1400]);
  });

  it('a file opened mid-recording starts its own timeline at zero', async () => {
    await open('first');
    engine.begin(30);
    vi.advanceTimersByTime(3000);
    const late = await open('late');
    vi.advanceTimersByTime(1000);
    engine.encode(late, canvas, performance.now());
    expect(late.offsetMs).toBe(3000);
    expect(late.session.frames).toEqual([1]);
    const results = await engine.stopAll();
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.durationMs : null))).toEqual([4000, 1000]);
  });

  it('makes the written bytes durable on its interval, saying whether it is paused', async () => {
    const output = await open('a');
    engine.begin(30);
    vi.advanceTimersByTime(500);
    engine.pause();
    vi.advanceTimersByTime(250);
    expect(output.session.persisted).toEqual([
      ['recording', 250],
      ['recording', 500],
      ['paused', 500],
      ['paused', 500],
    ]);
    // No sound source was given, so the file gets no silence either.
    expect(output.session.silences).toEqual([]);
  });

  it('one file that cannot be finished keeps its bytes for recovery, and costs the others nothing', async () => {
    await open('a');
    const broken = await open('b');
    broken.session.failFinish = true;
    engine.begin(30);
    vi.advanceTimersByTime(1000);
    const results = await engine.stopAll();
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(sessions[0]?.finished).toBe(1000);
    expect(broken.session.abandoned).toBe('Failed to process recording');
    expect(failures).toEqual([]);
  });

  it('a failing encoder ends the recording: every file is stored for recovery before the page hears of it', async () => {
    await open('a');
    await open('b');
    engine.begin(30);
    vi.advanceTimersByTime(1000);
    const error = Object.assign(new Error('Encoder failure'), { name: 'EncodingError' });
    sessions[1]?.fail(error);
    await vi.waitFor(() => {
      expect(failures).toEqual([['Encoder failure', 'EncodingError']]);
    });
    expect(sessions.map((s) => s.abandoned)).toEqual(['Recording failed due to an error', 'Recording failed due to an error']);
    expect(engine.state).toBe('idle');
    expect(engine.outputs.size).toBe(0);
    // A second report of the same failure changes nothing.
    sessions[0]?.fail(error);
    await Promise.resolve();
    expect(failures).toHaveLength(1);
  });

  it('counts the figures over every file, and the frames every file took per second of recording', async () => {
    const a = await open('a');
    const b = await open('b');
    engine.begin(30);
    for (let tick = 0; tick < 10; tick += 1) {
      vi.advanceTimersByTime(100);
      const now = performance.now();
      const recorded = engine.encode(a, canvas, now) === 'encoded' && engine.encode(b, canvas, now) === 'encoded';
      engine.ticked(now, 1, !recorded, recorded);
    }
    b.session.refuseFrames = true;
    vi.advanceTimersByTime(500);
    const now = performance.now();
    engine.ticked(now, 1, engine.encode(b, canvas, now) === 'dropped', false);
    const figures = engine.figures(now);
    // Recorded at 100, 200 … 1000 ms, not at 1500 ms (b dropped it): ten frames in the 1.4 s since the first.
    expect(figures).toMatchObject({ durationMs: 1500, bytes: 20_000, framesEncoded: 20, framesDropped: 1, fps: 7 });
  });

  it('when a busy machine ended the picture early, Stop encodes the current picture once more, up to the end', async () => {
    const output = await oneFrameAtOneSecond('a');
    vi.advanceTimersByTime(300);
    const [result] = await engine.stopAll();
    expect(output.session.frames).toHaveLength(2);
    expect(output.session.frames[1]).toBeCloseTo(1.3 - 1 / 30, 6);
    expect(output.session.videoEnd).toBeCloseTo(1.3, 6);
    expect(result).toMatchObject({ status: 'fulfilled', value: { durationMs: 1300 } });
  });

  it('a picture that already reaches Stop, or a recording stopped while paused, gets no extra frame', async () => {
    const reaching = await oneFrameAtOneSecond('a');
    vi.advanceTimersByTime(40);
    await engine.stopAll();
    expect(reaching.session.frames).toEqual([1]);

    const paused = await oneFrameAtOneSecond('b');
    engine.pause();
    vi.advanceTimersByTime(500);
    await engine.stopAll();
    expect(paused.session.frames).toEqual([1]);
  });

  it('a start that could not complete discards the files it opened: nothing was recorded to recover', async () => {
    await open('a');
    await open('b');
    await engine.discardOpened();
    expect(sessions.map((s) => [s.discarded, s.abandoned])).toEqual([
      [true, null],
      [true, null],
    ]);
    await expect(engine.stopAll()).rejects.toThrow('No recording in progress');
  });

  it('places sound where it was captured, leaves out what was captured before Start, and places what it holds before a pause cuts', async () => {
    const output = await open('a');
    let feed!: ReadableStreamDefaultController<AudioData>;
    engine.pumpAudio('a', new ReadableStream<AudioData>({ start: (controller) => (feed = controller) }));
    // The source's clock is ours: a 10 ms block ending at `endMs`.
    const block = (endMs: number) => ({ timestamp: (endMs - 10) * 1000, numberOfFrames: 480, sampleRate: 48_000, numberOfChannels: 2, close: () => undefined }) as unknown as AudioData;
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const startedAt = performance.now();
    for (let t = startedAt - 200; t <= startedAt; t += 10) feed.enqueue(block(t)); // on time, before Start
    await settle();
    engine.begin(30);
    // A busy start: 400 ms of sound, from 100 ms before Start, arrives together 300 ms in.
    vi.advanceTimersByTime(300);
    for (let t = startedAt - 90; t <= startedAt + 300; t += 10) feed.enqueue(block(t));
    await settle();
    vi.advanceTimersByTime(150);
    feed.enqueue(block(startedAt + 450));
    await settle();
    // Nothing is placed until the feed has been heard for SETTLE_MS (from its first block, at Start).
    expect(output.session.sound).toEqual([]);
    vi.advanceTimersByTime(SETTLE_MS - 450);
    feed.enqueue(block(startedAt + SETTLE_MS));
    await settle();
    // Then what has been held 100 ms is placed where it was captured; those captured (mostly) before
    // Start were left out.
    const placed = output.session.sound.map(([, captured]) => Math.round(captured * 1000));
    expect(placed).toEqual([...Array.from({ length: 30 }, (_, i) => 10 * (i + 1)), 450]);
    // Pausing places what is still held before cutting the sound.
    engine.pause();
    expect(output.session.sound.at(-1)?.[1]).toBeCloseTo(SETTLE_MS / 1000, 6);
    expect(output.session.cuts).toEqual([SETTLE_MS / 1000]);
  });
  it('at Stop, places the last of a microphone read at 44.1 kHz too: its sound reaches the instant its last block ended', async () => {
    vi.stubGlobal('AudioData', FakeAudioData);
    const output = await open('a');
    let feed!: ReadableStreamDefaultController<AudioData>;
    engine.pumpAudio('a', new ReadableStream<AudioData>({ start: (controller) => (feed = controller) }));
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    engine.begin(30);
    const startedAt = performance.now();
    // 200 ms of mono sound at 44.1 kHz, on time, on a source clock that is ours.
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(10);
      const data = new FakeAudioData({ sampleRate: 44_100, numberOfChannels: 1, numberOfFrames: 441, timestamp: (startedAt + i * 10) * 1000, data: new Float32Array(441) });
      feed.enqueue(data as unknown as AudioData);
      await settle();
    }
    await engine.stopAll();
    // Without the resampler's last points (its kernel waits for samples that never come), the sound
    // would end about 0.4 ms early.
    expect(output.session.sound.at(-1)?.[1]).toBeCloseTo(0.2, 4);
  });

  it('a file with no sound source at Start has no sound track, so its picture is stored as it comes; one whose feed is taken away is kept level with silence', async () => {
    const silent = await open('silent');
    const voiced = await open('voiced');
    engine.pumpAudio('voiced', new ReadableStream<AudioData>());
    engine.begin(30);
    expect([silent.session.hasSound, voiced.session.hasSound]).toEqual([false, true]);
    vi.advanceTimersByTime(SETTLE_MS + 500);
    expect(silent.session.silences).toEqual([]);
    const filledWithFeed = voiced.session.silences.length;
    expect(filledWithFeed).toBeGreaterThan(0);
    // The person's sound goes away mid-recording: the file's sound track still follows the picture.
    engine.pumpAudio('voiced', null);
    vi.advanceTimersByTime(1000);
    expect(voiced.session.silences.length).toBeGreaterThanOrEqual(filledWithFeed + 4);
    expect(voiced.session.silences.at(-1)).toBeCloseTo((SETTLE_MS + 1500) / 1000, 2);
    expect(silent.session.silences).toEqual([]);
  });
});
