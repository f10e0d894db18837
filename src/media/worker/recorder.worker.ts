/**
 * The recorder worker: composites the screen and webcam on the page's preview canvas (transferred
 * here as an OffscreenCanvas), and while recording encodes every composite frame and the audio mix
 * into a WebM whose bytes are persisted to IndexedDB as they are written. Its timers are not
 * throttled when the tab is hidden, so recordings keep their frame rate in the background.
 */
import { expose, transfer, type Remote } from 'comlink';
import { scaledSize, type LadderStep } from '../contract/encoding-ladder';
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
} from '../contract/recorder-api';
import type { Size } from '../contract/overlay-geometry';
import { drawComposite } from './compositor';
import { startFrameClock, type FrameClock } from './frame-clock';
import { LatestFrame } from './latest-frame';
import { RecordingEngine, type EngineOutput } from './recording-engine';
import { audioData, videoFrames } from './track-source';
import { chooseVideoCodec, measureCodecSpeed } from './codec-choice';
import type { TrackSource } from '../contract/track-source-contract';
import { reportingAs } from '../../shared/report-error';

// How often written bytes become durable: the most a crash can lose beyond what the encoder holds.
const PERSIST_INTERVAL_MS = 250;
/** Encoder speed hardly depends on the bitrate; the codec probe uses a typical one. */
const PROBE_BITRATE = 8_000_000;
/** The studio records one output: the preview canvas itself. */
const OUTPUT = 'studio';

class RecorderEngine implements RecorderWorkerApi {
  private canvas: OffscreenCanvas | null = null;
  private context: OffscreenCanvasRenderingContext2D | null = null;
  private size: Size = { width: 1920, height: 1080 };
  private layout: CompositeLayout = {
    mode: 'screen-webcam',
    overlay: { shape: 'rounded-rectangle', size: 'medium', position: 'bottom-right' },
  };
  private readonly sources: Record<VideoSourceKind, LatestFrame> = { screen: new LatestFrame(), webcam: new LatestFrame() };
  private events: RecorderEvents | null = null;
  /** A comlink proxy from the page: its calls return promises. */
  private frameSink: Remote<FrameSink> | null = null;
  private clock: FrameClock | null = null;
  private frameRateSetting = 30;
  /** The size drawn and encoded now: the recording's size, or smaller while the encoder cannot keep up. */
  private drawSize: Size = this.size;
  private dirty = true;
  private encodesHere = false;

  private readonly engine = new RecordingEngine<EngineOutput>({
    persistIntervalMs: PERSIST_INTERVAL_MS,
    onFailure: (message, name) => {
      this.backToFullSize();
      this.events?.onError(message, name);
    },
  });

  private get state(): EngineState {
    return this.engine.state;
  }

  private get ladder() {
    return this.engine.ladder;
  }

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
    if (this.encodesHere) void chooseVideoCodec(size, this.frameRateSetting, PROBE_BITRATE);
  }

  /**
   * This worker will encode (the worker pipeline): its codec is chosen now, while the preview runs,
   * so that Start does not wait for it.
   */
  prepareEncoder(): void {
    this.encodesHere = true;
    void chooseVideoCodec(this.size, this.frameRateSetting, PROBE_BITRATE);
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

  setVideoSource(kind: VideoSourceKind, feed: TrackSource<VideoFrame> | null): void {
    const source = this.sources[kind];
    if (feed instanceof MessagePort && this.encodesHere && measureCodecSpeed()) {
      // The page feeds the frames (no track processors: Firefox), where VP9 may not keep up: the
      // choice is measured instead, still while the preview runs.
      void chooseVideoCodec(this.size, this.frameRateSetting, PROBE_BITRATE);
    }
    if (feed) source.consume(videoFrames(feed), { drawDirectly: feed instanceof MessagePort });
    else source.release();
    this.dirty = true;
  }

  pushVideoFrame(kind: VideoSourceKind, frame: ImageBitmap): void {
    this.sources[kind].push(frame);
  }

  setAudioSource(feed: TrackSource<AudioData> | null): void {
    this.engine.pumpAudio(OUTPUT, feed ? audioData(feed) : null);
  }

  async start(options: StartOptions): Promise<{ videoCodec: string }> {
    if (this.state !== 'idle') throw new Error('Recording already in progress');
    this.setSize(options.size);
    this.frameRateSetting = options.frameRate;
    this.clock?.setFrameRate(options.frameRate);
    const { session } = await this.engine.open(OUTPUT, options, (opened, offsetMs) => ({ session: opened, offsetMs, canvas: this.canvas }));
    this.engine.begin(options.frameRate, [options.size]);
    return { videoCodec: session.videoCodec };
  }

  pause(): void {
    this.engine.pause();
  }

  resume(): void {
    this.engine.resume();
  }

  async stop(): Promise<RecordingResult> {
    try {
      const [outcome] = await this.engine.stopAll();
      if (!outcome) throw new Error('No recording in progress');
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    } finally {
      this.backToFullSize();
    }
  }

  stats(): RecorderStats {
    const figures = this.engine.figures();
    const { fps, sizeStep } = this.ladder.step;
    return {
      state: this.state,
      durationMs: figures.durationMs,
      bytes: figures.bytes,
      fps: figures.fps,
      targetFps: fps,
      videoSize: this.drawSize,
      chosenSize: this.size,
      steppedDown: this.state !== 'idle' && (sizeStep > 0 || fps < this.frameRateSetting),
      lowestRung: this.ladder.atLowestRung,
      framesEncoded: figures.framesEncoded,
      framesDropped: figures.framesDropped,
      videoBacklog: figures.videoBacklog,
      audioBacklog: figures.audioBacklog,
      sourceConversions: this.sources.screen.conversions + this.sources.webcam.conversions,
    };
  }

  dispose(): void {
    this.clock?.stop();
    this.sources.screen.release();
    this.sources.webcam.release();
    this.engine.dispose();
  }

  private tick(now: number): void {
    // While Stop finishes the file the preview holds still: each picture drawn is composited into the
    // page (in software without a GPU) beside the flush and writes Stop waits for
    // (docs/decisions/0004-seekable-webm-output.md).
    if (this.state === 'finalizing') return;
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
      this.frameSink.onFrame(transfer(bitmap, [bitmap])).catch(reportingAs('recording: hand a picture to the page'));
    }
    const cost = performance.now() - began;
    const output = this.engine.outputs.get(OUTPUT);
    const outcome = this.state === 'recording' && output ? this.engine.encode(output, canvas, now) : 'encoded';
    // While idle the preview's frames count as delivered, and the ladder hears only the drawing cost.
    if (this.state !== 'paused') this.adapt(now, cost, outcome === 'dropped', outcome === 'encoded');
  }

  /**
   * Steps the frame rate and, while recording, the picture size down when the encoder or the drawing
   * cannot keep up, and back up when they can (EncodingLadder).
   */
  private adapt(now: number, cost: number, dropped: boolean, recorded: boolean): void {
    const next = this.engine.ticked(now, cost, dropped, recorded);
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
}

expose(new RecorderEngine());
