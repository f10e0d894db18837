import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OwnTrackRecording, type OwnRecorderPort } from '../../src/features/room/tracks/own-track-recording';
import { DEFAULT_SETTINGS } from '../../src/features/settings/settings-schema';
import type { ParticipantMedia } from '../../src/media';
import type { RoomOutputSpec, RoomStopResult } from '../../src/media/contract/room-recorder-api';
import { heldRecordingIds } from '../../src/media/storage/recording-locks';
import { FakeLockManager } from './support/fake-lock-manager';

/** A camera track as far as the own recording uses it: settings, enabled, clone and stop. */
class FakeTrack {
  enabled = true;
  stopped = false;
  readonly clones: FakeTrack[] = [];
  constructor(readonly kind: 'video' | 'audio', private readonly size = { width: 1280, height: 720 }) {}
  getSettings() {
    return this.size;
  }
  clone(): FakeTrack {
    const copy = new FakeTrack(this.kind, this.size);
    copy.enabled = this.enabled;
    this.clones.push(copy);
    return copy;
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
  start(outputs: RoomOutputSpec[]): Promise<void> {
    this.started = outputs;
    return Promise.resolve();
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

async function started(camera: FakeTrack) {
  const recorder = new FakeRecorder();
  const own = await OwnTrackRecording.start({
    selfId: 'gus',
    name: 'Gus',
    media: () => ({ video: camera as unknown as MediaStreamTrack, audio: null }),
    settings: DEFAULT_SETTINGS,
    onError: () => undefined,
    createRecorder: () => Promise.resolve(recorder as unknown as OwnRecorderPort),
  });
  return { own, recorder };
}

describe('OwnTrackRecording', () => {
  it('records a copy of the camera at its capture size, under the recording’s lock, and lets both go at Stop', async () => {
    const camera = new FakeTrack('video', { width: 640, height: 480 });
    const { own, recorder } = await started(camera);
    expect(recorder.given[0]?.video).toBe(camera.clones[0]);
    expect(recorder.started[0]).toMatchObject({ kind: 'room-separate', size: { width: 640, height: 480 }, tiles: [{ sourceId: 'gus' }] });
    expect(own.info).toMatchObject({ width: 640, height: 480, recordingId: recorder.started[0]?.recordingId });
    expect(await heldRecordingIds()).toEqual(new Set([own.info.recordingId]));
    await own.stop();
    expect(camera.clones[0]?.stopped).toBe(true);
    expect(camera.stopped).toBe(false);
    expect(recorder.disposed).toBe(true);
    expect((await heldRecordingIds()).size).toBe(0);
  });

  it('camera off is camera off in the own recording too: the copy follows the camera’s enabled state', async () => {
    const camera = new FakeTrack('video');
    const { own } = await started(camera);
    const copy = camera.clones[0];
    camera.enabled = false;
    await own.follow();
    expect(copy?.enabled).toBe(false);
    camera.enabled = true;
    await own.follow();
    expect(copy?.enabled).toBe(true);
    // The same camera is not copied again, so the recording's picture source stays the same.
    expect(camera.clones).toHaveLength(1);
  });
});
