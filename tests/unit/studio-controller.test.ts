import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOP_MARKS, StudioController, type Notice, type StudioDeps } from '../../src/features/studio/studio-controller';
import type { StudioEngine, StudioRecorder } from '../../src/features/studio/studio-engine';
import type { CaptureDevices } from '../../src/features/studio/capture-sources';
import { DEFAULT_SETTINGS, type Settings } from '../../src/features/settings/settings-schema';
import type { ActiveRecording, LiveFigures } from '../../src/media/client/active-recording';
import type { CompositeLayout, RecorderEvents, RecordingResult, StartOptions } from '../../src/media/contract/recorder-api';
import { StoredRecording } from '../../src/media/storage/stored-recording';
import { getRecording, listRecordings } from '../../src/media/storage/recordings-db';
import { heldRecordingIds } from '../../src/media/storage/recording-locks';
import { isRecordingActive } from '../../src/media/client/recording-activity';
import { FakeLockManager } from './support/fake-lock-manager';
import { deferred, fakeStream } from './support/fake-media';
import { joinChunks, recordSyntheticWebm, type RecordedFile } from './support/webm-fixture';

/**
 * The studio's lifetime without a browser: the recorder worker, the recording it starts and the
 * devices are fakes, but the recording's bytes go through the real StoredRecording into IndexedDB
 * (fake-indexeddb), so a finished file, a failure's repair and a recording left for recovery are
 * the app's own.
 */

let webm: RecordedFile;

beforeAll(async () => {
  webm = await recordSyntheticWebm(2);
});

class FakeStudioRecorder implements StudioRecorder {
  readonly layouts: CompositeLayout[] = [];
  readonly video = new Map<string, MediaStreamTrack | null>();
  audio: MediaStreamTrack | null = null;
  disposed = false;

  constructor(readonly events: RecorderEvents) {}

  setVideoTrack(kind: 'screen' | 'webcam', track: MediaStreamTrack | null): Promise<void> {
    this.video.set(kind, track);
    return Promise.resolve();
  }

  setAudioTrack(track: MediaStreamTrack | null): Promise<void> {
    this.audio = track;
    return Promise.resolve();
  }

  setSize(): Promise<void> {
    return Promise.resolve();
  }

  setLayout(layout: CompositeLayout): Promise<void> {
    this.layouts.push(layout);
    return Promise.resolve();
  }

  dispose(): void {
    this.disposed = true;
  }
}

/**
 * A recording as the worker makes one: its first second of WebM is stored at Start (as a crash
 * would find it), and Stop stores the finished file. Pause and resume are noted.
 */
class FakeRecording implements ActiveRecording {
  readonly calls: string[] = [];
  /** Runs while Stop finishes the file (a write failing then, say). */
  whileStopping: () => void = () => undefined;

  private constructor(
    readonly options: StartOptions,
    private readonly stored: StoredRecording,
  ) {}

  static async start(options: StartOptions): Promise<FakeRecording> {
    const stored = await StoredRecording.open({ id: options.recordingId, name: options.name, mode: options.mode, createdAt: options.createdAt, mimeType: 'video/webm', width: 640, height: 360 });
    const firstSecond = joinChunks(webm.persisted[1] ?? new Map<number, Uint8Array>());
    stored.writer.write(0, firstSecond);
    await stored.persist({ durationMs: 1000 });
    return new FakeRecording(options, stored);
  }

  pause(): void {
    this.calls.push('pause');
  }

  resume(): void {
    this.calls.push('resume');
  }

  async stop(): Promise<RecordingResult> {
    this.calls.push('stop');
    this.whileStopping();
    await Promise.resolve();
    const file = joinChunks(webm.finished);
    this.stored.writer.write(0, file);
    await this.stored.persist();
    await this.stored.done({ durationMs: 2000, size: file.length });
    return { recordingId: this.options.recordingId, durationMs: 2000, size: file.length, mimeType: 'video/webm', videoCodec: 'vp09' };
  }

  abort(): Promise<void> {
    this.calls.push('abort');
    this.stored.release();
    return Promise.resolve();
  }

  figures(): Promise<LiveFigures | null> {
    return Promise.resolve({ durationMs: 1000, bytes: this.stored.size, fps: 30, targetFps: 30, videoSize: this.options.size, chosenSize: this.options.size, steppedDown: false, lowestRung: false });
  }
}

let settings: Settings;
let notices: Notice[];
let recorders: FakeStudioRecorder[];
let recordings: FakeRecording[];
let changes: number;
let screenRequest: () => Promise<MediaStream>;
let screens: ReturnType<typeof fakeStream>[];
let startRecording: (options: StartOptions) => Promise<FakeRecording>;
let controller: StudioController<FakeStudioRecorder>;

const canvas = {} as HTMLCanvasElement;
const titles = () => notices.map((notice) => notice.title);

function newController(cannotRecord: string | null = null): StudioController<FakeStudioRecorder> {
  const devices: CaptureDevices = {
    requestScreen: () => screenRequest(),
    requestWebcam: () => Promise.resolve(fakeStream('video').stream),
    requestMicrophone: () => Promise.resolve(fakeStream('audio').stream),
    createMixer: () => ({ track: fakeStream('audio').tracks[0] as unknown as MediaStreamTrack, setInput: () => undefined, level: () => 0, close: () => Promise.resolve() }),
  };
  const engine: StudioEngine<FakeStudioRecorder> = {
    createRecorder: (_canvas, _size, _frameRate, events) => {
      const recorder = new FakeStudioRecorder(events);
      recorders.push(recorder);
      return Promise.resolve(recorder);
    },
    startRecording: async (_recorder, _audio, options) => {
      const recording = await startRecording(options);
      recordings.push(recording);
      return recording;
    },
    cannotRecordReason: () => cannotRecord,
    devices,
  };
  const deps: StudioDeps = {
    settings: () => settings,
    subscribeSettings: () => () => undefined,
    notify: (notice) => notices.push(notice),
    download: () => undefined,
    onRecordingsChanged: () => (changes += 1),
  };
  return new StudioController(deps, engine);
}

beforeEach(() => {
  vi.stubGlobal('navigator', { locks: new FakeLockManager(), mediaDevices: { getSupportedConstraints: () => ({}) } });
  vi.stubGlobal('document', { hidden: false });
  settings = structuredClone(DEFAULT_SETTINGS);
  settings.defaultRecordingMode = 'screen-only';
  notices = [];
  recorders = [];
  recordings = [];
  changes = 0;
  screens = [];
  screenRequest = () => {
    const screen = fakeStream('video');
    screens.push(screen);
    return Promise.resolve(screen.stream);
  };
  startRecording = (options) => FakeRecording.start(options);
  controller = newController();
});

afterEach(() => {
  controller.detach();
  vi.unstubAllGlobals();
});

async function recording(): Promise<FakeRecording> {
  await controller.attach(canvas);
  await controller.start();
  const [made] = recordings;
  if (!made) throw new Error('no recording started');
  return made;
}

describe('StudioController', () => {
  it('attaching starts the recorder and gives it the mode’s layout', async () => {
    await controller.attach(canvas);
    expect(recorders).toHaveLength(1);
    expect(recorders[0]?.layouts.at(-1)?.mode).toBe('screen-only');
  });

  it('Start asks for the screen, records with the Settings’ frame rate, holds the file and says so', async () => {
    settings.video.frameRate = 60;
    const made = await recording();
    expect(screens).toHaveLength(1);
    expect(recorders[0]?.video.get('screen')).toBe(screens[0]?.tracks[0]);
    expect(made.options).toMatchObject({ mode: 'screen-only', frameRate: 60 });
    expect(controller.getSnapshot().recordingState).toBe('recording');
    expect(titles()).toContain('Recording Started');
    expect(isRecordingActive()).toBe(true);
    expect([...(await heldRecordingIds())]).toEqual([made.options.recordingId]);
  });

  it('Stop finishes the file, shows it for download and lets its lock go', async () => {
    const made = await recording();
    await controller.stop();
    const { recordingState, lastRecording } = controller.getSnapshot();
    expect(recordingState).toBe('idle');
    expect(lastRecording?.id).toBe(made.options.recordingId);
    expect(lastRecording?.size).toBe(joinChunks(webm.finished).length);
    expect(lastRecording?.fileName).toMatch(/\.webm$/);
    expect(titles()).toContain('Recording Stopped');
    expect(changes).toBe(1);
    expect((await getRecording(made.options.recordingId))?.state).toBe('done');
    expect((await heldRecordingIds()).size).toBe(0);
    expect(isRecordingActive()).toBe(false);
  });

  it('Stop leaves a mark at each part of the way, in order, for the benchmark to time', async () => {
    performance.clearMarks();
    await recording();
    await controller.stop();
    const marks = [STOP_MARKS.pressed, STOP_MARKS.finished, STOP_MARKS.read, STOP_MARKS.ready].map((name) => performance.getEntriesByName(name, 'mark'));
    expect(marks.map((entries) => entries.length)).toEqual([1, 1, 1, 1]);
    const times = marks.map((entries) => entries[0]?.startTime ?? Number.NaN);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('pause and resume reach the recording, and a second pause is refused with the spec’s words', async () => {
    const made = await recording();
    controller.pause();
    controller.pause();
    controller.resume();
    expect(made.calls).toEqual(['pause', 'resume']);
    expect(notices.find((notice) => notice.tone === 'error')?.message).toBe('Recording is already paused');
    expect(controller.getSnapshot().recordingState).toBe('recording');
  });

  it('an encoder failure mid-recording saves what was stored as a playable file and says how much', async () => {
    const made = await recording();
    recorders[0]?.events.onError('Recording failed due to an error', 'EncodingError');
    await vi.waitFor(() => {
      expect(controller.getSnapshot().lastRecording).not.toBeNull();
    });
    expect(made.calls).toEqual(['abort']);
    const row = await getRecording(made.options.recordingId);
    expect(row?.state).toBe('done');
    expect(row?.durationMs).toBeGreaterThan(900);
    expect(row?.durationMs).toBeLessThan(1200);
    expect(controller.getSnapshot().recordingState).toBe('idle');
    expect(notices.at(-1)?.message).toMatch(/^Recording failed due to an error\. The first .* was saved/);
  });

  it('ending the screen share from the browser stops and saves the recording', async () => {
    await recording();
    screens[0]?.tracks[0]?.end();
    await vi.waitFor(() => {
      expect(controller.getSnapshot().lastRecording).not.toBeNull();
    });
    expect(titles()).toContain('Recording Stopped');
  });

  it('a browser that cannot record is told why at Start, and nothing is asked for', async () => {
    controller = newController('This browser cannot record video.');
    await controller.attach(canvas);
    await controller.start();
    expect(screens).toHaveLength(0);
    expect(notices.at(-1)?.message).toBe('This browser cannot record video.');
    expect(controller.getSnapshot().recordingState).toBe('idle');
  });

  it('leaving while the screen picker is open records nothing and lets the late screen go', async () => {
    const picker = deferred<MediaStream>();
    screenRequest = () => picker.promise;
    await controller.attach(canvas);
    const starting = controller.start();
    controller.detach();
    const late = fakeStream('video');
    picker.resolve(late.stream);
    await starting;
    expect(recordings).toHaveLength(0);
    expect(late.tracks[0]?.stops).toBe(1);
    expect(controller.getSnapshot()).toMatchObject({ recordingState: 'idle', acquiring: false });
  });

  it('leaving while the recording starts drops it: no row is left behind', async () => {
    const begun = deferred<undefined>();
    startRecording = async (options) => {
      const made = await FakeRecording.start(options);
      await begun.promise;
      return made;
    };
    await controller.attach(canvas);
    const starting = controller.start();
    await vi.waitFor(() => {
      expect(controller.getSnapshot().acquiring).toBe(true);
    });
    const before = (await listRecordings()).length;
    await vi.waitFor(async () => {
      expect((await listRecordings()).length).toBe(before + 1);
    });
    controller.detach();
    begun.resolve(undefined);
    await starting;
    expect((await listRecordings()).length).toBe(before);
    expect(controller.getSnapshot().recordingState).toBe('idle');
    expect(titles()).not.toContain('Recording Started');
  });

  it('a failure the recorder reports while Stop finishes is Stop’s to answer: one file, one notice, no second save', async () => {
    const made = await recording();
    made.whileStopping = () => recorders[0]?.events.onError('A chunk could not be stored', 'QuotaExceededError');
    await controller.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(made.calls).toEqual(['stop']);
    expect(titles()).toEqual(expect.arrayContaining(['Recording Stopped']));
    expect(notices.filter((notice) => notice.tone === 'error')).toEqual([]);
    expect(controller.getSnapshot().lastRecording?.id).toBe(made.options.recordingId);
    expect((await getRecording(made.options.recordingId))?.state).toBe('done');
  });

  it('leaving mid-recording stops the capture, keeps what was stored for recovery and frees the lock', async () => {
    const made = await recording();
    controller.detach();
    // A MediaRecorder on the page would otherwise go on recording into a recording offered for recovery.
    expect(made.calls).toEqual(['abort']);
    const row = await getRecording(made.options.recordingId);
    expect(row?.state).toBe('recording');
    expect(row?.size).toBeGreaterThan(0);
    await vi.waitFor(async () => {
      expect((await heldRecordingIds()).size).toBe(0);
    });
    expect(controller.getSnapshot().recordingState).toBe('idle');
    expect(recorders[0]?.disposed).toBe(true);
  });
});
