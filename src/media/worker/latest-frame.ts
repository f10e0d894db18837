/**
 * Holds the newest frame of one video source and hands the compositor a picture it can draw at once.
 *
 * Chromium's track frames are converted with `copyTo(…, { format: 'RGBA' })` into this worker's own
 * canvas rather than drawn directly, because drawing a YUV VideoFrame without a GPU waits on the page's
 * main thread (docs/decisions/0006-compositing-in-a-worker.md). The conversion is asynchronous and
 * still slows down when the page's main thread is busy, so it runs beside the compositor instead of
 * inside it: the loop always draws the newest picture already converted and never waits, which keeps
 * the recording at its frame rate with no gaps even when a source picture updates late.
 *
 * A converted frame is closed at once. A camera hands out its pictures from a small pool of buffers
 * shared by every page of the browser that uses it, and makes no new picture while all of them are
 * held: sources that each kept their newest frame until a newer one came (this worker, a <video>, a
 * WebRTC encoder, in two tabs) left a room recording on one picture for good (docs/browsers.md).
 */
import { CaptureClock } from '../contract/capture-clock';

/** How long a replaced source's frames are closed as they come before its stream is cancelled. */
const DRAIN_LIMIT_MS = 2000;

/** A source's newest picture as the compositors draw it, with its size in pixels. */
export interface SourcePicture {
  image: OffscreenCanvas | VideoFrame | ImageBitmap;
  width: number;
  height: number;
  /** Which of the source's pictures this is: a new one has a higher number. */
  sequence: number;
  /**
   * When the picture was captured, on this worker's clock (performance.now()); null where the source
   * says nothing reliable of it (pictures a page makes from a <video>, or sends as ImageBitmaps).
   */
  capturedAt: number | null;
}

export class LatestFrame {
  private frame: VideoFrame | ImageBitmap | null = null;
  private version = 0;
  private convertedVersion = -1;
  /** The version at the last release: a conversion of an older frame, finishing later, is not shown. */
  private releasedVersion = 0;
  private converting = false;
  private readonly canvas = new OffscreenCanvas(1, 1);
  private readonly context: OffscreenCanvasRenderingContext2D;
  private pixels: Uint8ClampedArray<ArrayBuffer> = new Uint8ClampedArray(0);
  private rgbaCopySupported = true;
  /**
   * Frames a page made from a <video> (browsers without track processors: Firefox, Safari) are
   * handed to the compositor as they are, with no copy of our own: there, drawing one in a worker
   * never waits on the page, and a 1080p copy of each picture was a third of the worker's time in
   * Firefox, time its encoder needed (docs/browsers.md). Pictures the page sends as ImageBitmaps
   * (the MediaRecorder path) are already RGB and are drawn as they are too.
   */
  private drawDirectly = false;
  private handedVersion = -1;
  private reader: ReadableStreamDefaultReader<VideoFrame> | null = null;
  /**
   * A track processor's frames carry their capture time on the source's clock; this maps it to the
   * worker's, as for sound (src/media/contract/capture-clock.ts), so a busy worker's late reads do
   * not make pictures look late.
   */
  private captureClock = new CaptureClock();
  private frameCapturedAt: number | null = null;
  private convertedCapturedAt: number | null = null;
  /** Source pictures converted so far, for the frame-rate statistics. */
  conversions = 0;

  constructor() {
    const context = this.canvas.getContext('2d', { alpha: false });
    if (!context) throw new Error('2D canvas is not available in the worker');
    this.context = context;
  }

  get hasFrame(): boolean {
    return this.frame !== null || this.convertedVersion >= 0;
  }

  /**
   * Reads a transferred track readable until it ends. Once the source is replaced or cleared, what
   * still arrives is closed until the track ends (its page stops it), and the stream is cancelled
   * only if frames keep coming past DRAIN_LIMIT_MS: cancelling at once drops the frame the page's
   * side of the transfer holds in flight, unclosed, and Chromium then warns it was garbage collected.
   */
  consume(readable: ReadableStream<VideoFrame>, { drawDirectly = false } = {}): void {
    this.release();
    this.drawDirectly = drawDirectly;
    this.captureClock = new CaptureClock();
    const reader = readable.getReader();
    this.reader = reader;
    void (async () => {
      let detachedAt: number | null = null;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (this.reader === reader) {
            this.replace(value, drawDirectly ? null : this.captureClock.observe(performance.now(), value.timestamp / 1000));
            continue;
          }
          value.close();
          detachedAt ??= performance.now();
          if (performance.now() - detachedAt > DRAIN_LIMIT_MS) {
            await reader.cancel();
            break;
          }
        }
      } catch {
        // The track ended or the stream was cancelled: the last picture stays until cleared.
      }
    })();
  }

  push(frame: ImageBitmap): void {
    this.replace(frame, null);
  }

  /**
   * The newest picture to draw (null before the first one): the frame itself where it can be drawn
   * as it is, else the newest converted copy, after starting to convert a newer frame if there is one.
   */
  image(): SourcePicture | null {
    const frame = this.frame;
    if (frame && this.drawsAsItIs(frame)) {
      if (this.handedVersion !== this.version) {
        this.handedVersion = this.version;
        this.conversions += 1;
      }
      const seen = { sequence: this.version, capturedAt: this.frameCapturedAt };
      return frame instanceof VideoFrame
        ? { image: frame, width: frame.displayWidth, height: frame.displayHeight, ...seen }
        : { image: frame, width: frame.width, height: frame.height, ...seen };
    }
    this.convertLatest();
    if (this.convertedVersion < 0) return null;
    return { image: this.canvas, width: this.canvas.width, height: this.canvas.height, sequence: this.convertedVersion, capturedAt: this.convertedCapturedAt };
  }

  /** The newest frame is on the canvas: its buffer goes back to the camera (see the header). */
  private closeConverted(): void {
    this.frame?.close();
    this.frame = null;
  }

  private drawsAsItIs(frame: VideoFrame | ImageBitmap): boolean {
    return this.drawDirectly || !(frame instanceof VideoFrame);
  }

  /** Lets go of the source (its reader drains, see `consume`) and of the last picture. */
  release(): void {
    this.reader = null;
    this.frame?.close();
    this.frame = null;
    this.version += 1;
    this.releasedVersion = this.version;
    this.convertedVersion = -1;
  }

  private replace(next: VideoFrame | ImageBitmap, capturedAt: number | null): void {
    this.frame?.close();
    this.frame = next;
    this.frameCapturedAt = capturedAt;
    this.version += 1;
    if (!this.drawsAsItIs(next)) this.convertLatest();
  }

  private convertLatest(): void {
    const frame = this.frame;
    if (this.converting || !frame || this.convertedVersion === this.version) return;
    const version = this.version;
    const capturedAt = this.frameCapturedAt;
    if (!(frame instanceof VideoFrame) || !this.rgbaCopySupported) {
      this.drawWhole(frame);
      this.convertedVersion = version;
      this.convertedCapturedAt = capturedAt;
      this.conversions += 1;
      this.closeConverted();
      return;
    }
    // Clone so a newer frame arriving mid-copy can close the original without breaking the copy.
    const copy = frame.clone();
    this.converting = true;
    void this.copyPixels(copy)
      .then((converted) => {
        if (converted && version > this.releasedVersion) {
          this.convertedVersion = version;
          this.convertedCapturedAt = capturedAt;
          this.conversions += 1;
        }
      })
      .finally(() => {
        copy.close();
        this.converting = false;
        if (this.version !== version) this.convertLatest();
        else if (this.convertedVersion === version) this.closeConverted();
      });
  }

  private async copyPixels(frame: VideoFrame): Promise<boolean> {
    const width = frame.displayWidth;
    const height = frame.displayHeight;
    if (width !== frame.visibleRect?.width || height !== frame.visibleRect.height) {
      this.drawWhole(frame); // scaled display size: let the canvas do the scaling
      return true;
    }
    const length = width * height * 4;
    if (this.pixels.length !== length) this.pixels = new Uint8ClampedArray(length);
    try {
      await frame.copyTo(this.pixels, { format: 'RGBA', colorSpace: 'srgb' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'InvalidStateError') return false;
      this.rgbaCopySupported = false; // older engines: fall back to drawing the frame
      this.drawWhole(frame);
      return true;
    }
    this.resize(width, height);
    this.context.putImageData(new ImageData(this.pixels, width, height), 0, 0);
    return true;
  }

  private resize(width: number, height: number): void {
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
  }

  private drawWhole(source: VideoFrame | ImageBitmap): void {
    const width = source instanceof VideoFrame ? source.displayWidth : source.width;
    const height = source instanceof VideoFrame ? source.displayHeight : source.height;
    this.resize(width, height);
    try {
      this.context.drawImage(source, 0, 0, width, height);
    } catch {
      // A frame closed between the check and the draw: keep the previous picture.
    }
  }
}
