/**
 * A participant's own recording in a Separate room recording: their camera (or screen) and
 * microphone recorded on their own computer with the studio's engine (the room recorder worker,
 * chunks in their IndexedDB, crash-safe) at their own Settings quality, whatever the call's bitrate.
 */
import { canvasSizeForQuality, holdRecordingLock, RoomRecorder, type ParticipantMedia, type RecorderEvents, type RecordingResult } from '../../../media';
import { audioBitrateKbps, type Settings } from '../../settings';
import { participantOutput } from '../recording/room-recording-plan';
import { ownTrackSize } from './own-track-size';

export interface OwnTrackInfo {
  recordingId: string;
  createdAt: number;
  width: number;
  height: number;
  /** The file's first instant, in milliseconds since the epoch on this computer's clock. */
  startedAt: number;
}

/** The recorder as this drives it; a fake in unit tests. */
export type OwnRecorderPort = Pick<RoomRecorder, 'setParticipant' | 'start' | 'pause' | 'resume' | 'stop' | 'stats' | 'dispose'>;

export interface OwnTrackDeps {
  selfId: string;
  name: string;
  media(): ParticipantMedia;
  settings: Settings;
  onError(message: string): void;
  createRecorder?: (events: RecorderEvents) => Promise<OwnRecorderPort>;
}

export class OwnTrackRecording {
  private constructor(
    readonly info: OwnTrackInfo,
    private readonly recorder: OwnRecorderPort,
    private readonly deps: OwnTrackDeps,
    /** The recording's Web Lock: the library in any tab knows it is live, and a crash releases it. */
    private readonly releaseLock: () => void,
  ) {}

  static async start(deps: OwnTrackDeps): Promise<OwnTrackRecording> {
    const create = deps.createRecorder ?? ((events: RecorderEvents) => RoomRecorder.create(events));
    const recorder = await create({
      onError: (message) => {
        deps.onError(message);
      },
    });
    let release: () => void = () => undefined;
    try {
      const media = deps.media();
      await recorder.setParticipant(deps.selfId, media);
      const { settings } = deps;
      const size = ownTrackSize(media.video?.getSettings() ?? null, canvasSizeForQuality(settings.video.quality));
      const createdAt = new Date();
      const recordingId = crypto.randomUUID();
      release = holdRecordingLock(recordingId);
      const { spec } = participantOutput(
        { id: deps.selfId, name: deps.name, isLocal: true },
        'room-separate',
        { videoKbps: settings.video.bitrate, audioKbps: audioBitrateKbps(settings.audio.quality), frameRate: settings.video.frameRate },
        createdAt,
        recordingId,
        size,
      );
      const startedAt = await recorder.start([{ ...spec, name: 'Room recording: you (your own track)' }]);
      return new OwnTrackRecording({ recordingId, createdAt: createdAt.getTime(), ...size, startedAt }, recorder, deps, release);
    } catch (error) {
      recorder.dispose();
      release();
      throw error;
    }
  }

  /** The camera, microphone or screen changed: the recording follows it. */
  follow(): Promise<void> {
    return this.recorder.setParticipant(this.deps.selfId, this.deps.media());
  }

  pause(): Promise<void> {
    return this.recorder.pause();
  }

  resume(): Promise<void> {
    return this.recorder.resume();
  }

  /** Finishes the file; null when it could not be finished (its bytes stay stored for recovery). */
  async stop(): Promise<RecordingResult | null> {
    try {
      const { results } = await this.recorder.stop();
      return results[0] ?? null;
    } finally {
      this.recorder.dispose();
      this.releaseLock();
    }
  }

  stats() {
    return this.recorder.stats();
  }

  /** Ends without finishing: what was stored stays, for recovery. */
  dispose(): void {
    this.recorder.dispose();
    this.releaseLock();
  }
}
