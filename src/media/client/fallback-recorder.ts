/**
 * The recording path for browsers without a dependable WebCodecs pipeline (older Safari,
 * WebKitGTK): MediaRecorder records the composite canvas and the audio mix, every 1 s chunk goes to
 * IndexedDB as it arrives, and Stop finishes the file. WebM is rewritten into a seekable WebM
 * (streaming, chunk by chunk, so a recording of any length finishes in flat memory). Where the
 * browser writes no WebM it records MP4, which these browsers write as fragments (each 1 s chunk a
 * self-contained piece), so the stored bytes play and seek as they are, after a crash too.
 */
import { MediaClock } from '../contract/media-clock';
import { HEARTBEAT_MS } from '../storage/heartbeat';
import type { RecordingResult, StartOptions } from '../contract/recorder-api';
import { StoredRecording } from '../storage/stored-recording';
import { CANNOT_RECORD } from './recording-support';
import { containerOf, pickMimeType } from './recorder-mime';
import { reportingAs } from '../../shared/report-error';

const TIMESLICE_MS = 1000;

export class FallbackRecorder {
  private readonly clock = new MediaClock();
  /** Chunks touch the row every second while recording; a pause must not look like a crash. */
  private readonly heartbeat = setInterval(() => {
    if (this.recorder.state === 'paused') void this.stored.note().catch(reportingAs('recording: touch a paused recording'));
  }, HEARTBEAT_MS);
  private writes: Promise<void> = Promise.resolve();
  /** The first failure, the only one reported: once a write fails, every later chunk's fails as well. */
  private failure: { error: unknown } | null = null;

  private constructor(
    private readonly recorder: MediaRecorder,
    private readonly stored: StoredRecording,
    private readonly onError: (error: unknown) => void,
    readonly mimeType: 'video/webm' | 'video/mp4',
  ) {
    this.clock.start(performance.now());
    recorder.addEventListener('error', (event) => {
      this.fail(event.error ?? new Error('Recording failed due to an error'));
    });
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      this.writes = this.writes
        .then(async () => {
          stored.writer.write(stored.size, new Uint8Array(await event.data.arrayBuffer()));
          await stored.persist({ durationMs: this.durationMs });
        })
        .catch((error: unknown) => {
          this.fail(error);
        });
    });
  }

  static async start(video: MediaStream, audio: MediaStreamTrack | null, options: StartOptions, onError: (e: unknown) => void): Promise<FallbackRecorder> {
    const stream = new MediaStream([...video.getVideoTracks(), ...(audio ? [audio] : [])]);
    const mimeType = pickMimeType();
    if (mimeType === null) throw new Error(CANNOT_RECORD);
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, {
        mimeType,
        videoBitsPerSecond: options.videoBitrate,
        audioBitsPerSecond: options.audioBitrate,
      });
    } catch (error) {
      throw new Error(`Failed to start MediaRecorder: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const stored = await StoredRecording.open({
      id: options.recordingId,
      name: options.name,
      mode: options.mode,
      createdAt: options.createdAt,
      mimeType: containerOf(mimeType),
      width: options.size.width,
      height: options.size.height,
    });
    const fallback = new FallbackRecorder(recorder, stored, onError, containerOf(mimeType));
    try {
      recorder.start(TIMESLICE_MS);
    } catch (error) {
      clearInterval(fallback.heartbeat);
      await stored.discard();
      throw error;
    }
    return fallback;
  }

  get durationMs(): number {
    return this.clock.activeMs(performance.now());
  }

  get recordingId(): string {
    return this.stored.id;
  }

  get bytes(): number {
    return this.stored.size;
  }

  pause(): void {
    if (this.recorder.state !== 'recording') return;
    this.recorder.pause();
    this.clock.pause(performance.now());
    void this.stored.note({ state: 'paused' }).catch(reportingAs('recording: note a pause'));
  }

  resume(): void {
    if (this.recorder.state !== 'paused') return;
    this.clock.resume(performance.now());
    this.recorder.resume();
    void this.stored.note({ state: 'recording' }).catch(reportingAs('recording: note a resume'));
  }

  /**
   * Stops after a failure without finalizing; resolves once every chunk that arrived is stored. With
   * a reason, the row keeps it for the recovery notice.
   */
  async abort(reason?: string): Promise<void> {
    try {
      await this.endCapture();
    } finally {
      if (reason === undefined) this.stored.release();
      else await this.stored.abandon(reason);
    }
  }

  async stop(): Promise<RecordingResult> {
    const durationMs = this.durationMs;
    try {
      await this.endCapture();
      // A chunk that could not be stored (its last, on a full disk) leaves the file short: Stop says
      // so, and what was stored is saved as a failure's is, rather than finished as if whole.
      if (this.failure) throw this.failure.error;
      const recordingId = this.stored.id;
      await this.stored.finishing();
      if (this.mimeType === 'video/mp4') {
        // Fragmented MP4 plays and seeks as stored: only the row is finished.
        const size = this.stored.persistedSize;
        await this.stored.done({ durationMs, size });
        return { recordingId, durationMs, size, mimeType: this.mimeType, videoCodec: 'MediaRecorder' };
      }
      const { rewriteAsSeekable } = await import('../storage/rewrite-recording');
      const { size } = await rewriteAsSeekable(recordingId, { durationMs });
      return { recordingId, durationMs, size, mimeType: 'video/webm', videoCodec: 'MediaRecorder' };
    } finally {
      this.stored.release();
    }
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    this.onError(error);
  }

  /** Stops MediaRecorder and waits until every chunk it handed over is stored. */
  private async endCapture(): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.recorder.state !== 'inactive') {
      const stopped = new Promise((resolve) => this.recorder.addEventListener('stop', resolve, { once: true }));
      this.recorder.stop();
      await stopped;
    }
    await this.writes;
  }
}
