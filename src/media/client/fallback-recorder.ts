/**
 * The recording path for browsers without a dependable WebCodecs pipeline (older Safari,
 * WebKitGTK): MediaRecorder records the composite canvas and the audio mix, every 1 s chunk goes to
 * IndexedDB as it arrives, and Stop finishes the file. WebM is rewritten into a seekable WebM
 * (streaming, chunk by chunk, so a recording of any length finishes in flat memory). Where the
 * browser writes no WebM it records MP4, which these browsers write as fragments (each 1 s chunk a
 * self-contained piece), so the stored bytes play and seek as they are, after a crash too.
 */
import { ChunkWriter } from '../storage/chunk-writer';
import { MediaClock } from '../contract/media-clock';
import { HEARTBEAT_MS } from '../storage/heartbeat';
import type { RecordingResult, StartOptions } from '../contract/recorder-api';
import { idbChunkStore } from '../storage/idb-chunk-store';
import { CANNOT_RECORD } from './recording-support';
import { containerOf, pickMimeType } from './recorder-mime';
import { bookReserve, holdRecordingsDb, markRecordingDone, patchRecording, putRecording, releaseReserve } from '../storage/recordings-db';
import { reportingAs } from '../../shared/report-error';

const TIMESLICE_MS = 1000;

export class FallbackRecorder {
  private readonly writer: ChunkWriter;
  private readonly clock = new MediaClock();
  /** Keeps the database open for this recording, even when a newer app version waits to upgrade it. */
  private readonly releaseDb = holdRecordingsDb();
  /** Chunks touch the row every second while recording; a pause must not look like a crash. */
  private readonly heartbeat = setInterval(() => {
    if (this.recorder.state === 'paused') void patchRecording(this.options.recordingId, {}).catch(reportingAs('recording: touch a paused recording'));
  }, HEARTBEAT_MS);
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly recorder: MediaRecorder,
    private readonly options: StartOptions,
    private readonly onError: (error: unknown) => void,
    readonly mimeType: 'video/webm' | 'video/mp4',
  ) {
    this.writer = new ChunkWriter(idbChunkStore(options.recordingId));
    this.clock.start(performance.now());
    recorder.addEventListener('error', (event) => {
      this.onError(event.error ?? new Error('Recording failed due to an error'));
    });
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      this.writes = this.writes
        .then(async () => {
          this.writer.write(this.writer.size, new Uint8Array(await event.data.arrayBuffer()));
          await this.writer.flush();
          await patchRecording(options.recordingId, { size: this.writer.persistedSize, durationMs: this.durationMs });
        })
        .catch((error: unknown) => {
          this.onError(error);
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
    await putRecording({
      id: options.recordingId,
      name: options.name,
      mode: options.mode,
      state: 'recording',
      createdAt: options.createdAt,
      updatedAt: Date.now(),
      durationMs: 0,
      size: 0,
      mimeType: containerOf(mimeType),
      width: options.size.width,
      height: options.size.height,
    });
    await bookReserve(options.recordingId);
    const fallback = new FallbackRecorder(recorder, options, onError, containerOf(mimeType));
    recorder.start(TIMESLICE_MS);
    return fallback;
  }

  get durationMs(): number {
    return this.clock.activeMs(performance.now());
  }

  get recordingId(): string {
    return this.options.recordingId;
  }

  get bytes(): number {
    return this.writer.size;
  }

  pause(): void {
    if (this.recorder.state !== 'recording') return;
    this.recorder.pause();
    this.clock.pause(performance.now());
    void patchRecording(this.options.recordingId, { state: 'paused' });
  }

  resume(): void {
    if (this.recorder.state !== 'paused') return;
    this.clock.resume(performance.now());
    this.recorder.resume();
    void patchRecording(this.options.recordingId, { state: 'recording' });
  }

  /** Stops after a failure without finalizing; resolves once every chunk that arrived is stored. */
  async abort(): Promise<void> {
    try {
      await this.endCapture();
    } finally {
      this.releaseDb();
    }
  }

  async stop(): Promise<RecordingResult> {
    const durationMs = this.durationMs;
    try {
      await this.endCapture();
      const { recordingId } = this.options;
      await patchRecording(recordingId, { state: 'finalizing' });
      // The reserve was booked for finishing: now is when its space is needed.
      await releaseReserve(recordingId);
      if (this.mimeType === 'video/mp4') {
        // Fragmented MP4 plays and seeks as stored: only the row is finished.
        await markRecordingDone(recordingId, { durationMs, size: this.writer.persistedSize });
        return { recordingId, durationMs, size: this.writer.persistedSize, mimeType: this.mimeType, videoCodec: 'MediaRecorder' };
      }
      const { rewriteAsSeekable } = await import('../storage/rewrite-recording');
      const { size } = await rewriteAsSeekable(recordingId, { durationMs });
      return { recordingId, durationMs, size, mimeType: 'video/webm', videoCodec: 'MediaRecorder' };
    } finally {
      this.releaseDb();
    }
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
