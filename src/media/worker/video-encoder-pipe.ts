import { EncodedPacket, type EncodedVideoPacketSource } from 'mediabunny';
import type { Size } from '../contract/overlay-geometry';
import { MAX_ENCODER_BACKLOG, MAX_HANDOVER_BACKLOG, MAX_STARTUP_BACKLOG } from '../contract/encoding-ladder';
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
 * One VideoEncoder at one picture size. Its packets reach the muxer after every packet of the encoder
 * it follows (`after`), so a new size can start encoding while the old one finishes its queue.
 */
class SizedEncoder {
  readonly encoder: VideoEncoder;
  handed = 0;
  emitted = 0;
  /** Since it was configured, its queue has not yet come down to the steady bound. */
  settling = true;
  /** Its packets on their way to the muxer, in order, after the encoders before it. */
  muxed: Promise<void>;

  constructor(
    readonly size: Size,
    after: Promise<void>,
    config: VideoEncoderConfig,
    toMuxer: (packet: EncodedPacket, meta: EncodedVideoChunkMetadata | undefined) => Promise<void>,
    onError: (error: unknown) => void,
  ) {
    this.muxed = after;
    this.encoder = new VideoEncoder({
      output: (chunk, meta) => {
        this.emitted += 1;
        const packet = EncodedPacket.fromEncodedChunk(chunk);
        // One at a time and in order; the muxer's promise is its backpressure.
        this.muxed = this.muxed.then(() => toMuxer(packet, meta)).catch(onError);
      },
      error: onError,
    });
    try {
      this.encoder.configure(config);
    } catch (error) {
      this.encoder.close();
      throw error;
    }
  }

  /** Frames handed in that have not come out as packets yet. */
  get backlog(): number {
    return this.handed - this.emitted;
  }

  /** Whether it has yet to produce its first packet (a fresh encoder takes a few hundred ms). */
  get starting(): boolean {
    return this.emitted === 0;
  }

  /**
   * Encodes what it was given and closes (an encoder holds buffers of its picture size: hundreds of MB
   * at 4K), then hands every packet on. Never rejects: errors go to `onError`.
   */
  finish(onError: (error: unknown) => void): Promise<void> {
    return this.encoder
      .flush()
      .finally(() => {
        this.close();
      })
      .then(() => this.muxed)
      .catch(onError);
  }

  close(): void {
    if (this.encoder.state !== 'closed') this.encoder.close();
  }
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
 * follows it. A new size gets an encoder of its own, which takes frames at once while the old one
 * finishes the frames it holds; its packets follow the old one's. Reconfiguring the one encoder instead
 * queued the new size behind the old size's frames, and the file had no picture while those were
 * encoded (docs/decisions/0007-encoder-backpressure.md, "A step down without a stall").
 */
export class VideoEncoderPipe {
  private readonly codecString: string;
  private current: SizedEncoder | null = null;
  /** Encoders of earlier sizes still finishing their frames. */
  private readonly finishing = new Set<SizedEncoder>();
  /** Every encoder so far has handed on all its packets (an encoder that follows waits for it). */
  private earlierDone: Promise<void> = Promise.resolve();
  private encodedBefore = 0;
  private lastTimestampUs = Number.NEGATIVE_INFINITY;
  private lastKeySecond = Number.NEGATIVE_INFINITY;
  private keyNext = true;
  private closed = false;
  private failure: unknown = null;
  /** Frames refused because the encoder was behind. */
  refused = 0;

  constructor(
    private readonly source: EncodedVideoPacketSource,
    private readonly options: VideoEncoderPipeOptions,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.codecString = vpxCodecString(options.codec, options.size);
  }

  /** Frames handed to the encoders that have not come out as packets yet. */
  get backlog(): number {
    let backlog = this.current?.backlog ?? 0;
    for (const encoder of this.finishing) backlog += encoder.backlog;
    return backlog;
  }

  get encodedFrames(): number {
    let emitted = this.encodedBefore + (this.current?.emitted ?? 0);
    for (const encoder of this.finishing) emitted += encoder.emitted;
    return emitted;
  }

  /** The size of the pictures being encoded now (null before the first). */
  get currentSize(): Size | null {
    return this.current?.size ?? null;
  }

  /**
   * Encodes the canvas as it is now, at `timestampUs`, unless the encoder is behind (or has failed).
   * A canvas of a new size goes to a new encoder.
   */
  encode(canvas: OffscreenCanvas, exactTimestampUs: number, durationUs: number): EncodeOutcome {
    if (this.failure || this.closed) return 'dropped';
    // On the file's own millisecond grid: two frames a millisecond apart (3.5 and 4.5 ms) can
    // otherwise round to the same millisecond in floating point, and a player sees time stand still.
    const timestampUs = Math.round(exactTimestampUs / TIMESCALE_US) * TIMESCALE_US;
    if (timestampUs <= this.lastTimestampUs) return 'skipped';
    const encoder = this.encoderFor({ width: canvas.width, height: canvas.height });
    if (!encoder) return 'dropped';
    // A freshly configured encoder takes a few hundred ms to produce its first packet; frames wait
    // for it up to a bound rather than leaving a gap at the start of every recording (or size step).
    // Settling lasts from the configure until a packet has come out and the queue is below the steady
    // bound, so it covers the start (no packet yet) too.
    if (!encoder.starting && encoder.backlog < MAX_ENCODER_BACKLOG) encoder.settling = false;
    const limit = encoder.settling ? MAX_STARTUP_BACKLOG : MAX_ENCODER_BACKLOG;
    // Past the steady bound (while starting, or working through what the start queued) frames are taken
    // every other tick: the queue fills half as fast and the file keeps a picture every two frames,
    // rather than a full queue taken at once and then nothing while the encoder works through it.
    const thinned = encoder.backlog >= MAX_ENCODER_BACKLOG && timestampUs - this.lastTimestampUs < 2 * durationUs - 1000;
    // While an earlier size's encoder finishes, the new one takes frames at once, within a bound on
    // the frames all of them hold together, so size steps in a row do not add up.
    const handover = this.backlog >= MAX_HANDOVER_BACKLOG;
    if (encoder.backlog >= limit || thinned || handover) {
      this.refused += 1;
      return encoder.starting ? 'starting' : 'dropped';
    }
    // A key frame at least every second, so every cluster of the file starts with one and seeks.
    const second = Math.floor(timestampUs / 1e6);
    const keyFrame = this.keyNext || second !== this.lastKeySecond;
    this.lastKeySecond = second;
    this.keyNext = false;
    const frame = new VideoFrame(canvas, { timestamp: timestampUs, duration: durationUs });
    try {
      encoder.encoder.encode(frame, { keyFrame });
      encoder.handed += 1;
      this.lastTimestampUs = timestampUs;
    } finally {
      frame.close();
    }
    return 'encoded';
  }

  /** Waits for every frame handed so far to reach the muxer. */
  async flush(): Promise<void> {
    const current = this.current;
    if (current && current.encoder.state === 'configured') await current.encoder.flush();
    // Every packet of the current encoder has come out; its muxing follows the earlier encoders'.
    await (current ? current.muxed : this.earlierDone);
    if (this.failure) throw toError(this.failure);
  }

  close(): void {
    this.closed = true;
    this.current?.close();
    for (const encoder of this.finishing) encoder.close();
  }

  /** The encoder for pictures of `size`: the current one, or a new one that follows it (null if none could be made). */
  private encoderFor(size: Size): SizedEncoder | null {
    const current = this.current;
    if (current && current.size.width === size.width && current.size.height === size.height) return current;
    if (current) {
      this.finishing.add(current);
      this.earlierDone = current.finish(this.failed).then(() => {
        this.finishing.delete(current);
        this.encodedBefore += current.emitted;
      });
    }
    this.keyNext = true;
    this.current = null;
    try {
      this.current = new SizedEncoder(
        size,
        this.earlierDone,
        {
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
        },
        (packet, meta) => this.source.add(packet, meta),
        this.failed,
      );
    } catch (error) {
      // A size the encoder refuses (a canvas of no size, one past the codec's limits) ends the recording's picture.
      this.failed(error);
    }
    return this.current;
  }

  private readonly failed = (error: unknown): void => {
    // Closing the pipe aborts what its encoders were still doing; that is not a failure.
    if (this.failure || this.closed) return;
    this.failure = error ?? new Error('Video encoding failed');
    this.onFailure(this.failure);
  };
}
