import {
  AudioSample,
  AudioSampleSource,
  Output,
  Quality,
  StreamTarget,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
  getFirstEncodableVideoCodec,
  type StreamTargetChunk,
} from 'mediabunny';
import { AudioTimeline } from '../../src/features/recording/audio-timeline';
import { ChunkWriter } from '../../src/features/recording/chunk-writer';
import { idbChunkStore } from '../../src/shared/storage/idb-chunk-store';
import { bookReserve, deleteRecording, patchRecording, putRecording, releaseReserve } from '../../src/shared/storage/recordings-db';
import type { RecordingResult, StartOptions } from '../../src/features/recording/recorder-api';

const MIME_TYPE = 'video/webm';
/** Encoder/muxer work allowed in flight before new video frames are dropped instead of queued. */
const MAX_PENDING_VIDEO = 4;

/**
 * One recording: encoders, the WebM muxer and its durable byte store. Timestamps are given by the
 * caller from one clock with paused time removed, so audio and video stay in sync across pauses.
 */
export class WebmSession {
  private readonly writer: ChunkWriter;
  private readonly output: Output;
  private readonly video: VideoSampleSource;
  private readonly audio: AudioSampleSource;
  private pendingVideo = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly audioTimeline = new AudioTimeline();
  private heldAudio: AudioSample[] = [];
  private lastVideoEnd = 0;
  private failure: unknown = null;
  framesEncoded = 0;
  framesDropped = 0;

  private constructor(
    private readonly options: StartOptions,
    readonly videoCodec: string,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.writer = new ChunkWriter(idbChunkStore(options.recordingId));
    const writable = new WritableStream<StreamTargetChunk>({
      write: (chunk) => {
        // mediabunny may reuse its buffers, and patches must not alias them.
        this.writer.write(chunk.position, chunk.data.slice());
      },
    });
    this.output = new Output({
      format: new WebMOutputFormat({ minimumClusterDuration: 1 }),
      target: new StreamTarget(writable),
    });
    this.video = new VideoSampleSource({
      codec: videoCodec as 'vp9' | 'vp8',
      // Constant: the file's bitrate is the one chosen in Settings (DECISIONS 7), so size per minute is
      // predictable. Variable undershoots on a busy machine, where fewer frames reach the encoder.
      quality: new Quality({ bitrate: options.videoBitrate, bitrateMode: 'constant' }),
      keyFrameInterval: 1,
      latencyMode: 'realtime',
      sizeChangeBehavior: 'contain',
    });
    this.audio = new AudioSampleSource({ codec: 'opus', quality: new Quality({ bitrate: options.audioBitrate }) });
    this.output.addVideoTrack(this.video, { frameRate: options.frameRate });
    this.output.addAudioTrack(this.audio);
  }

  static async start(options: StartOptions, onFailure: (error: unknown) => void): Promise<WebmSession> {
    const { width, height } = options.size;
    const codec = await getFirstEncodableVideoCodec(['vp9', 'vp8'], { width, height, bitrate: options.videoBitrate });
    if (!codec) throw new Error('This browser cannot encode VP9 or VP8 video');
    await putRecording({
      id: options.recordingId,
      name: options.name,
      mode: options.mode,
      state: 'recording',
      createdAt: options.createdAt,
      updatedAt: Date.now(),
      durationMs: 0,
      size: 0,
      mimeType: MIME_TYPE,
      width,
      height,
    });
    const session = new WebmSession(options, codec, onFailure);
    try {
      await bookReserve(options.recordingId);
      await session.output.start();
      // The header gets a chunk of its own, so patching it at the end rewrites only a few bytes.
      await session.writer.flush();
    } catch (error) {
      await deleteRecording(options.recordingId).catch(() => undefined);
      throw error;
    }
    return session;
  }

  get bytes(): number {
    return this.writer.size;
  }

  /** Queues a composite frame at `seconds` of media time; drops it when the encoder is behind. */
  addVideoFrame(canvas: OffscreenCanvas, seconds: number, frameDuration: number): void {
    if (this.failure) return;
    if (this.pendingVideo >= MAX_PENDING_VIDEO) {
      this.framesDropped += 1;
      return;
    }
    const frame = new VideoFrame(canvas, { timestamp: Math.round(seconds * 1e6), duration: Math.round(frameDuration * 1e6) });
    const sample = new VideoSample(frame);
    this.pendingVideo += 1;
    this.lastVideoEnd = seconds + frameDuration;
    this.track(
      this.video.add(sample).finally(() => {
        sample.close();
        this.pendingVideo -= 1;
        this.framesEncoded += 1;
      }),
    );
  }

  /**
   * Appends microphone/system audio arriving at media time `mediaSeconds`. Blocks are placed by
   * the audio timeline and held until the media clock reaches them, so a pause or a stop can cut
   * the audio exactly where the video ends.
   */
  addAudio(data: AudioData, mediaSeconds: number): void {
    const start = this.failure ? null : this.audioTimeline.place(mediaSeconds, data.numberOfFrames / data.sampleRate);
    if (start === null) {
      data.close();
      return;
    }
    const sample = new AudioSample(data); // wraps the AudioData; closing the sample releases it
    sample.setTimestamp(start);
    this.heldAudio.push(sample);
    this.releaseAudio(mediaSeconds);
  }

  /** Ends the current audio segment at `mediaSeconds` (a pause): later blocks anchor afresh. */
  cutAudio(mediaSeconds: number): void {
    this.releaseAudio(mediaSeconds);
    for (const sample of this.heldAudio) sample.close();
    this.heldAudio = [];
    this.audioTimeline.interrupt();
  }

  private releaseAudio(untilSeconds: number): void {
    while (this.heldAudio.length > 0 && (this.heldAudio[0]?.timestamp ?? Infinity) < untilSeconds) {
      const sample = this.heldAudio.shift();
      if (sample) this.track(this.audio.add(sample).finally(() => sample.close()));
    }
  }

  async finish(durationMs: number): Promise<RecordingResult> {
    this.cutAudio(durationMs / 1000);
    await patchRecording(this.options.recordingId, { state: 'finalizing' });
    await Promise.allSettled([...this.inFlight]);
    if (this.failure) throw toError(this.failure);
    this.video.close();
    this.audio.close();
    await this.output.finalize();
    await this.writer.flush();
    const result: RecordingResult = {
      recordingId: this.options.recordingId,
      durationMs: Math.round(Math.max(durationMs, this.lastVideoEnd * 1000)),
      size: this.writer.size,
      mimeType: MIME_TYPE,
      videoCodec: this.videoCodec,
    };
    await patchRecording(this.options.recordingId, { state: 'done', durationMs: result.durationMs, size: result.size });
    await releaseReserve(this.options.recordingId);
    return result;
  }

  /** Stops without finalizing: what is stored stays for recovery. */
  async abandon(reason: string): Promise<void> {
    await this.writer.flush().catch(() => undefined);
    await patchRecording(this.options.recordingId, { error: reason, size: this.writer.persistedSize }).catch(() => undefined);
    void this.output.cancel().catch(() => undefined);
  }

  /** Makes everything written so far durable and records progress in the recording's row. */
  async persist(state?: 'recording' | 'paused', durationMs?: number): Promise<void> {
    try {
      await this.writer.flush();
      await patchRecording(this.options.recordingId, {
        size: this.writer.persistedSize,
        ...(state ? { state } : {}),
        ...(durationMs === undefined ? {} : { durationMs }),
      });
    } catch (error) {
      this.fail(error);
    }
  }

  private track(work: Promise<unknown>): void {
    const guarded = work.catch((error: unknown) => {
      this.fail(error);
    });
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = error;
    this.onFailure(error);
  }
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
