import { EncodedPacket, type EncodedVideoPacketSource } from 'mediabunny';
import type { Size } from '../contract/overlay-geometry';
import { MAX_ENCODER_BACKLOG, MAX_STARTUP_BACKLOG } from '../contract/encoding-ladder';
import { vpxCodecString, type VpxCodec } from '../contract/vpx-codec-string';
import { toError } from '../../shared/error-identity';

/**
 * What became of a frame: encoded; dropped because the encoder is behind; dropped while the encoder
 * is starting (configured, no packet out yet), which says nothing of how fast it is; or skipped
 * because it came within a millisecond of the previous one (a timer catching up after a stall), where
 * the file, timed in milliseconds, would give both the same timestamp.
 */
export type EncodeOutcome = 'encoded' | 'dropped' | 'starting' | 'skipped';

/** WebM times frames in milliseconds. */
const TIMESCALE_US = 1000;

export interface VideoEncoderPipeOptions {
  codec: VpxCodec;
  /** The largest picture this recording will encode (its codec level is chosen for it). */
  size: Size;
  bitrate: number;
  frameRate: number;
}

/**
 * Owns the recording's VideoEncoder and hands its packets to the muxer in order. It counts its own
 * backlog (frames handed to the encoder minus packets that came out) and refuses a frame when that
 * backlog is full, so no queue between the compositor and the file can grow: a machine that cannot
 * keep up records fewer frames instead of piling full-size pictures into memory.
 *
 * mediabunny's own encoder wrapper waits for one `dequeue` event per frame, but several frames waiting
 * at once are all released by the same event, and the encoder's queue grew by hundreds of 1080p frames
 * on detailed content (docs/decisions/0007-encoder-backpressure.md). Owning the encoder also lets the
 * picture size change mid-recording: VP9 and VP8 carry a new size in the stream, and every player
 * follows it.
 */
export class VideoEncoderPipe {
  private readonly encoder: VideoEncoder;
  private readonly codecString: string;
  private handed = 0;
  private emitted = 0;
  private size: Size | null = null;
  private lastTimestampUs = Number.NEGATIVE_INFINITY;
  /** Packets out when the encoder was last configured: none since means it is still starting. */
  private emittedAtConfigure = 0;
  /** Since the last configure, the queue has not yet come down to its steady bound. */
  private settling = true;
  private lastKeySecond = Number.NEGATIVE_INFINITY;
  private keyNext = true;
  private muxing: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  /** Frames refused because the encoder was behind. */
  refused = 0;

  constructor(
    private readonly source: EncodedVideoPacketSource,
    private readonly options: VideoEncoderPipeOptions,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.codecString = vpxCodecString(options.codec, options.size);
    this.encoder = new VideoEncoder({
      output: (chunk, meta) => {
        this.emitted += 1;
        const packet = EncodedPacket.fromEncodedChunk(chunk);
        // Packets reach the muxer one at a time and in order; its promise is its backpressure.
        this.muxing = this.muxing.then(() => this.source.add(packet, meta)).catch((error: unknown) => {
          this.fail(error);
        });
      },
      error: (error) => {
        this.fail(error);
      },
    });
  }

  /** Frames handed to the encoder that have not come out as packets yet. */
  get backlog(): number {
    return this.handed - this.emitted;
  }

  get encodedFrames(): number {
    return this.emitted;
  }

  /** The size of the pictures being encoded now (null before the first). */
  get currentSize(): Size | null {
    return this.size;
  }

  /**
   * Encodes the canvas as it is now, at `timestampUs`, unless the encoder is behind (or has failed).
   * A canvas of a new size reconfigures the encoder first.
   */
  encode(canvas: OffscreenCanvas, exactTimestampUs: number, durationUs: number): EncodeOutcome {
    if (this.failure || this.encoder.state === 'closed') return 'dropped';
    // On the file's own millisecond grid: two frames a millisecond apart (3.5 and 4.5 ms) can
    // otherwise round to the same millisecond in floating point, and a player sees time stand still.
    const timestampUs = Math.round(exactTimestampUs / TIMESCALE_US) * TIMESCALE_US;
    if (timestampUs <= this.lastTimestampUs) return 'skipped';
    // A freshly configured encoder takes a few hundred ms to produce its first packet; frames wait
    // for it up to a bound rather than leaving a gap at the start of every recording (or size step).
    // Settling lasts from the configure until a packet has come out and the queue is below the steady
    // bound, so it covers the start (no packet yet) too.
    const starting = this.emitted === this.emittedAtConfigure;
    if (!starting && this.backlog < MAX_ENCODER_BACKLOG) this.settling = false;
    const limit = this.settling ? MAX_STARTUP_BACKLOG : MAX_ENCODER_BACKLOG;
    // Past the steady bound (while starting, or working through what the start queued) frames are taken
    // every other tick: the queue fills half as fast and the file keeps a picture every two frames,
    // rather than a full queue taken at once and then nothing while the encoder works through it.
    const thinned = this.backlog >= MAX_ENCODER_BACKLOG && timestampUs - this.lastTimestampUs < 2 * durationUs - 1000;
    if (this.backlog >= limit || thinned) {
      this.refused += 1;
      return starting ? 'starting' : 'dropped';
    }
    if (!this.size || this.size.width !== canvas.width || this.size.height !== canvas.height) {
      this.configure({ width: canvas.width, height: canvas.height });
    }
    // A key frame at least every second, so every cluster of the file starts with one and seeks.
    const second = Math.floor(timestampUs / 1e6);
    const keyFrame = this.keyNext || second !== this.lastKeySecond;
    this.lastKeySecond = second;
    this.keyNext = false;
    const frame = new VideoFrame(canvas, { timestamp: timestampUs, duration: durationUs });
    try {
      this.encoder.encode(frame, { keyFrame });
      this.handed += 1;
      this.lastTimestampUs = timestampUs;
    } finally {
      frame.close();
    }
    return 'encoded';
  }

  /** Waits for every frame handed so far to reach the muxer. */
  async flush(): Promise<void> {
    if (this.encoder.state === 'configured') await this.encoder.flush();
    await this.muxing;
    if (this.failure) throw toError(this.failure);
  }

  close(): void {
    if (this.encoder.state !== 'closed') this.encoder.close();
  }

  private configure(size: Size): void {
    this.size = size;
    this.keyNext = true;
    this.emittedAtConfigure = this.emitted;
    this.settling = true;
    this.encoder.configure({
      codec: this.codecString,
      width: size.width,
      height: size.height,
      bitrate: this.options.bitrate,
      // Constant: the file's bitrate is the one chosen in Settings
      // (docs/decisions/0005-quality-follows-settings.md), so size per minute is predictable. Variable
      // undershoots on a busy machine, where fewer frames reach the encoder.
      bitrateMode: 'constant',
      framerate: this.options.frameRate,
      latencyMode: 'realtime',
    });
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = error ?? new Error('Video encoding failed');
    this.onFailure(this.failure);
  }
}
