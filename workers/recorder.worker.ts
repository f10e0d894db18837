/**
 * The recorder worker: composites the screen and webcam on the page's preview canvas (transferred
 * here as an OffscreenCanvas), and while recording encodes every composite frame and the audio mix
 * into a WebM whose bytes are persisted to IndexedDB as they are written. Its timers are not
 * throttled when the tab is hidden, so recordings keep their frame rate in the background.
 */
import { expose, transfer, type Remote } from 'comlink';
import { EncodingLadder, scaledSize, type LadderStep } from '../src/features/recording/encoding-ladder';
import { MediaClock } from '../src/features/recording/media-clock';
import type {
  CompositeLayout,
  EngineState,
  FrameSink,
  RecorderEvents,
  RecorderStats,
  RecorderWorkerApi,
  RecordingResult,
  StartOptions,
  VideoSourceKind,
} from '../src/features/recording/recorder-api';
import type { Size } from '../src/features/recording/overlay-geometry';
import { drawComposite } from './lib/compositor';
import { startFrameClock, type FrameClock } from './lib/frame-clock';
import { LatestFrame } from './lib/latest-frame';
import { WebmSession } from './lib/webm-session';

// How often written bytes become durable: the most a crash can lose beyond what the encoder holds.
const PERSIST_INTERVAL_MS = 250;

class RecorderEngine implements RecorderWorkerApi {
  private canvas: OffscreenCanvas | null = null;
  private context: OffscreenCanvasRenderingContext2D | null = null;
  private size: Size = { width: 1920, height: 1080 };
  private layout: CompositeLayout = {
    mode: 'screen-webcam',
    overlay: { shape: 'rounded-rectangle', size: 'medium', position: 'bottom-right' },
  };
  private readonly sources: Record<VideoSourceKind, LatestFrame> = { screen: new LatestFrame(), webcam: new LatestFrame() };
  private audioReader: ReadableStreamDefaultReader<AudioData> | null = null;
  private events: RecorderEvents | null = null;
  /** A comlink proxy from the page: its calls return promises. */
  private frameSink: Remote<FrameSink> | null = null;
  private clock: FrameClock | null = null;
  private frameRateSetting = 30;
  private readonly ladder = new EncodingLadder(30);
  /** The size drawn and encoded now: the recording's size, or smaller while the encoder cannot keep up. */
  private drawSize: Size = this.size;
  private dirty = true;
  /** When frames were drawn (idle) or recorded (recording) in the last second, for the statistics. */
  private readonly renderedAt: number[] = [];

  private state: EngineState = 'idle';
  private session: WebmSession | null = null;
  private readonly mediaClock = new MediaClock();
  private persistTimer: ReturnType<typeof setInterval> | undefined;

  attachCanvas(canvas: OffscreenCanvas, size: Size, frameRate: number): void {
    const context = canvas.getContext('2d', { alpha: false, desynchronized: true });
    if (!context) throw new Error('2D canvas is not available in the worker');
    this.canvas = canvas;
    this.context = context;
    this.frameRateSetting = frameRate;
    this.ladder.reset(frameRate);
    this.setSize(size);
    this.clock = startFrameClock(frameRate, (now) => {
      this.tick(now);
    });
  }

  setEvents(events: RecorderEvents): void {
    this.events = events;
  }

  setFrameSink(sink: FrameSink | null): void {
    this.frameSink = sink as Remote<FrameSink> | null;
  }

  setSize(size: Size): void {
    if (this.state !== 'idle') return; // the encoder's size is fixed for a recording
    this.size = size;
    this.resizeCanvas(size);
  }

  private resizeCanvas(size: Size): void {
    this.drawSize = size;
    if (this.canvas) {
      this.canvas.width = size.width;
      this.canvas.height = size.height;
    }
    this.dirty = true;
  }

  setLayout(layout: CompositeLayout): void {
    this.layout = layout;
    this.dirty = true;
  }

  setVideoSource(kind: VideoSourceKind, readable: ReadableStream<VideoFrame> | null): void {
    const source = this.sources[kind];
    if (readable) source.consume(readable);
    else source.release();
    this.dirty = true;
  }

  pushVideoFrame(kind: VideoSourceKind, frame: ImageBitmap): void {
    this.sources[kind].push(frame);
  }

  setAudioSource(readable: ReadableStream<AudioData> | null): void {
    void this.audioReader?.cancel().catch(() => undefined);
    this.audioReader = null;
    if (!readable) return;
    const reader = readable.getReader();
    this.audioReader = reader;
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // Audio flows all the time so the capture pipeline never backs up; only recording keeps it.
          if (this.state === 'recording' && this.session) this.session.addAudio(value, this.activeMs() / 1000);
          else value.close();
        }
      } catch {
        // Track ended or source replaced.
      }
    })();
  }

  async start(options: StartOptions): Promise<{ videoCodec: string }> {
    if (this.state !== 'idle') throw new Error('Recording already in progress');
    this.setSize(options.size);
    this.frameRateSetting = options.frameRate;
    this.ladder.reset(options.frameRate);
    this.clock?.setFrameRate(options.frameRate);
    const session = await WebmSession.start(options, (error) => {
      void this.handleFailure(error);
    });
    this.session = session;
    this.mediaClock.start(performance.now());
    this.state = 'recording';
    this.persistTimer = setInterval(() => {
      if (this.state === 'recording' || this.state === 'paused') void session.persist(this.state, this.activeMs());
    }, PERSIST_INTERVAL_MS);
    return { videoCodec: session.videoCodec };
  }

  pause(): void {
    if (this.state !== 'recording') return;
    const now = performance.now();
    this.mediaClock.pause(now);
    this.session?.cutAudio(this.activeMs(now) / 1000);
    this.state = 'paused';
    void this.session?.persist('paused', this.activeMs());
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.mediaClock.resume(performance.now());
    this.state = 'recording';
  }

  async stop(): Promise<RecordingResult> {
    const session = this.session;
    if (!session || (this.state !== 'recording' && this.state !== 'paused')) throw new Error('No recording in progress');
    const durationMs = this.activeMs();
    this.state = 'finalizing';
    clearInterval(this.persistTimer);
    try {
      return await session.finish(durationMs);
    } catch (error) {
      // Keep every byte already stored and mark the row, so recovery can finish the file.
      await session.abandon('Failed to process recording');
      throw error;
    } finally {
      this.session = null;
      this.state = 'idle';
      this.backToFullSize();
    }
  }

  stats(): RecorderStats {
    const now = performance.now();
    while (this.renderedAt.length > 0 && (this.renderedAt[0] ?? 0) < now - 1000) this.renderedAt.shift();
    return {
      state: this.state,
      durationMs: this.state === 'idle' ? 0 : this.activeMs(),
      bytes: this.session?.bytes ?? 0,
      fps: this.renderedAt.length,
      targetFps: this.ladder.step.fps,
      videoSize: this.drawSize,
      chosenSize: this.size,
      steppedDown: this.state !== 'idle' && (this.ladder.step.sizeStep > 0 || this.ladder.step.fps < this.frameRateSetting),
      framesEncoded: this.session?.framesEncoded ?? 0,
      framesDropped: this.session?.framesDropped ?? 0,
      videoBacklog: this.session?.videoBacklog ?? 0,
      audioBacklog: this.session?.audioBacklog ?? 0,
      sourceConversions: this.sources.screen.conversions + this.sources.webcam.conversions,
    };
  }

  dispose(): void {
    this.clock?.stop();
    this.sources.screen.release();
    this.sources.webcam.release();
    this.setAudioSource(null);
  }

  /** Active media time: wall time since start minus every pause, from the worker's one clock. */
  private activeMs(now = performance.now()): number {
    return this.state === 'idle' ? 0 : this.mediaClock.activeMs(now);
  }

  private tick(now: number): void {
    const live = this.sources.screen.hasFrame || this.sources.webcam.hasFrame;
    if (!live && !this.dirty && this.state === 'idle') return;
    this.render(now);
  }

  /** Draws and, while recording, encodes one frame. Never waits: sources convert on their own. */
  private render(now: number): void {
    const { context, canvas } = this;
    if (!context || !canvas) return;
    const began = performance.now();
    drawComposite(context, this.drawSize, this.layout, this.sources.screen.image(), this.sources.webcam.image());
    this.dirty = false;
    if (this.frameSink) {
      // Fallback path: the page shows and records this frame; the canvas is redrawn in full next tick.
      const bitmap = canvas.transferToImageBitmap();
      this.frameSink.onFrame(transfer(bitmap, [bitmap])).catch(() => undefined);
    }
    const cost = performance.now() - began;
    const outcome = this.state === 'recording' && this.session
      ? this.session.addVideoFrame(canvas, this.activeMs(now) / 1000, 1 / this.ladder.step.fps)
      : 'encoded';
    if (outcome === 'encoded' && this.state !== 'paused') this.renderedAt.push(now);
    if (this.state !== 'paused') this.adapt(now, cost, outcome === 'dropped');
  }

  /**
   * Steps the frame rate and, while recording, the picture size down when the encoder or the drawing
   * cannot keep up, and back up when they can (EncodingLadder).
   */
  private adapt(now: number, cost: number, dropped: boolean): void {
    const next = this.ladder.record(now, cost, dropped);
    if (next === null) return;
    this.clock?.setFrameRate(next.fps);
    if (this.state === 'recording') this.applySize(next);
  }

  private applySize(step: LadderStep): void {
    const size = scaledSize(this.size, step.sizeStep);
    if (size.width !== this.drawSize.width || size.height !== this.drawSize.height) this.resizeCanvas(size);
  }

  private backToFullSize(): void {
    this.ladder.reset(this.frameRateSetting);
    this.clock?.setFrameRate(this.frameRateSetting);
    this.resizeCanvas(this.size);
  }

  private async handleFailure(error: unknown): Promise<void> {
    // A failure while finalizing surfaces through stop() itself.
    if (this.state === 'finalizing') return;
    const session = this.session;
    const name = error instanceof DOMException || error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    clearInterval(this.persistTimer);
    this.session = null;
    this.state = 'idle';
    this.backToFullSize();
    // Store what can be stored first: the page repairs the file as soon as it hears of the failure.
    await session?.abandon('Recording failed due to an error');
    this.events?.onError(message, name);
  }
}

expose(new RecorderEngine());
