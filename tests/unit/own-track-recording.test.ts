import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OwnTrackRecording, type OwnRecorderPort } from '../../src/features/room/tracks/own-track-recording';
import { DEFAULT_SETTINGS } from '../../src/features/settings/settings-schema';
import type { ParticipantMedia } from '../../src/media';
import type { RoomOutputSpec, RoomStopResult } from '../../src/media/contract/room-recorder-api';
import { heldRecordingIds } from '../../src/media/storage/recording-locks';
import { FakeLockManager } from './support/fake-lock-manager';

/** A camera or screen track as far as the own recording uses it: settings and stop. */
class FakeTrack {
  stopped = false;
  constructor(readonly kind: 'video' | 'audio', private readonly size = { width: 1280, height: 720 }) {}
  getSettings() {
    return this.size;
  }
  stop(): void {
    this.stopped = true;
  }
}

class FakeRecorder implements Pick<OwnRecorderPort, 'setParticipant' | 'start' | 'pause' | 'resume' | 'stop' | 'dispose'> {
  readonly given: ParticipantMedia[] = [];
  started: RoomOutputSpec[] = [];
  disposed = false;
  setParticipant(_id: string, media: ParticipantMedia): Promise<void> {
    this.given.push(media);
    return Promise.resolve();
  }
  /** When the files began, as the recorder says. */
  static readonly STARTED_AT = 1_780_000_000_123.5;
  start(outputs: RoomOutputSpec[]): Promise<number> {
    this.started = outputs;
    return Promise.resolve(FakeRecorder.STARTED_AT);
  }
  pause = () => Promise.resolve();
  resume = () => Promise.resolve();
  stop(): Promise<RoomStopResult> {
    return Promise.resolve({ results: [{ recordingId: this.started[0]?.recordingId ?? '', size: 10, durationMs: 1000, mimeType: 'video/webm', videoCodec: 'vp09.00.10.08' }], failed: 0 });
  }
  stats = () => Promise.reject(new Error('not used'));
  dispose(): void {
    this.disposed = true;
  }
}

beforeEach(() => {
  vi.stubGlobal('navigator', { locks: new FakeLockManager() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function started(camera: FakeTrack, current: () => FakeTrack = () => camera) {
  const recorder = new FakeRecorder();
  const own = await OwnTrackRecording.start({
    selfId: 'gus',
    name: 'Gus',
    media: () => ({ video: current() as unknown as MediaStreamTrack, audio: null }),
    settings: DEFAULT_SETTINGS,
    onError: () => undefined,
    createRecorder: () => Promise.resolve(recorder as unknown as OwnRecorderPort),
  });
  return { own, recorder };
}

describe('OwnTrackRecording', () => {
  it('records the camera at its capture size, under the recording’s lock, and at Stop lets the lock go but not the camera', async () => {
    const camera = new FakeTrack('video', { width: 640, height: 480 });
    const { own, recorder } = await started(camera);
    expect(recorder.given[0]?.video).toBe(camera);
    expect(recorder.started[0]).toMatchObject({ kind: 'room-separate', size: { width: 640, height: 480 }, tiles: [{ sourceId: 'gus' }] });
    expect(own.info).toMatchObject({ width: 640, height: 480, recordingId: recorder.started[0]?.recordingId, startedAt: FakeRecorder.STARTED_AT });
    expect(await heldRecordingIds()).toEqual(new Set([own.info.recordingId]));
    await own.stop();
    expect(camera.stopped).toBe(false);
    expect(recorder.disposed).toBe(true);
    expect((await heldRecordingIds()).size).toBe(0);
  });

  it('follows what the participant shows: their screen while they share, then the camera again', async () => {
    const camera = new FakeTrack('video');
    const screen = new FakeTrack('video', { width: 1920, height: 1080 });
    let shown = camera;
    const { own, recorder } = await started(camera, () => shown);
    shown = screen;
    await own.follow();
    shown = camera;
    await own.follow();
    expect(recorder.given.map((media) => media.video)).toEqual([camera, screen, camera]);
  });
});
