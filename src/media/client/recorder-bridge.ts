/**
 * The page's side of the recorder worker: starts it, hands it the preview canvas, and feeds it
 * each track (track-feed.ts) for the worker to encode with WebCodecs; where WebCodecs is missing,
 * as ImageBitmaps pumped from a hidden <video>, for MediaRecorder to record the page's canvas.
 */
import { proxy, transfer, type Remote } from 'comlink';
import type { Size } from '../contract/overlay-geometry';
import type { CompositeLayout, RecorderEvents, RecorderWorkerApi, StartOptions, VideoSourceKind } from '../contract/recorder-api';
import { RecorderWorker } from './recorder-worker';
import type { WorkerCalls } from './worker-start';
import { audioFeed, supportsWorkerPipeline } from './track-feed';
import { encoderFellBehindRecently, noteIfEncoderFellBehind } from './encoder-history';

/** Said when the recorder's worker cannot load: only a reload (which fetches it again) can help. */
export const RECORDER_LOAD_FAILED = 'The recorder could not start. Reload the page to try again.';

export type Pipeline = 'worker' | 'fallback';

export class RecorderBridge {
  private readonly api: Remote<RecorderWorkerApi>;
  private readonly calls: WorkerCalls;
  private audioPump: (() => void) | null = null;
  private audioTrack: MediaStreamTrack | null = null;
  /** Fallback pipeline: when the latest pictures reached the canvas that MediaRecorder records. */
  private readonly shownAt: number[] = [];

  private constructor(
    private readonly worker: RecorderWorker<RecorderWorkerApi, VideoSourceKind>,
    readonly pipeline: Pipeline,
    private readonly canvas: HTMLCanvasElement,
  ) {
    this.api = worker.api;
    this.calls = worker.calls;
  }

  static async create(canvas: HTMLCanvasElement, size: Size, frameRate: number, events: RecorderEvents): Promise<RecorderBridge> {
    const pipeline: Pipeline = supportsWorkerPipeline() ? 'worker' : 'fallback';
    const worker = await RecorderWorker.open<RecorderWorkerApi, VideoSourceKind>(new Worker(new URL('../worker/recorder.worker.ts', import.meta.url), { type: 'module', name: 'recorder' }), {
      events,
      pumpFrames: pipeline === 'fallback',
      loadFailed: RECORDER_LOAD_FAILED,
      name: 'recording',
    });
    const bridge = new RecorderBridge(worker, pipeline, canvas);
    try {
      await bridge.attach(size, frameRate);
    } catch (error) {
      bridge.dispose();
      throw error;
    }
    return bridge;
  }

  private async attach(size: Size, frameRate: number): Promise<void> {
    if (this.pipeline === 'worker') {
      // The preview canvas becomes the worker's canvas: the user sees exactly what is encoded.
      const offscreen = this.canvas.transferControlToOffscreen();
      await this.api.attachCanvas(transfer(offscreen, [offscreen]), size, frameRate);
      await this.api.prepareEncoder();
      return;
    }
    // The worker composites on its own canvas and hands each frame back for the page to show and record.
    const renderer = this.canvas.getContext('bitmaprenderer');
    if (!renderer) throw new Error('This browser cannot display the preview');
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    const offscreen = new OffscreenCanvas(size.width, size.height);
    await this.api.attachCanvas(transfer(offscreen, [offscreen]), size, frameRate);
    await this.api.setFrameSink(
      proxy({
        onFrame: (frame: ImageBitmap) => {
          renderer.transferFromImageBitmap(frame);
          this.noteShown(performance.now());
        },
      }),
    );
  }

  /** The worker's recording calls; the raw proxy stays inside the bridge. */
  readonly start = (options: StartOptions) => this.calls.track(this.api.start({ ...options, fasterCodec: encoderFellBehindRecently() }));
  readonly pause = () => this.worker.pause();
  readonly resume = () => this.worker.resume();
  readonly stop = () => this.calls.track(this.api.stop());
  readonly stats = async () => noteIfEncoderFellBehind(await this.calls.track(this.api.stats()));
  readonly setSize = (size: Size) => this.calls.fireAndForget(this.api.setSize(size));
  readonly setLayout = (layout: CompositeLayout) => this.calls.fireAndForget(this.api.setLayout(layout));

  /** Fallback pipeline: pictures that reached the recorded canvas in the last second, the most its file can hold. */
  shownFps(now = performance.now()): number {
    this.noteShown(null, now);
    return this.shownAt.length;
  }

  /** Notes a picture shown at `at` (if any) and forgets those older than a second. */
  private noteShown(at: number | null, now = at ?? performance.now()): void {
    if (at !== null) this.shownAt.push(at);
    while (this.shownAt.length > 0 && (this.shownAt[0] ?? 0) < now - 1000) this.shownAt.shift();
  }

  /** Fallback path: the preview canvas as a video stream for MediaRecorder. */
  captureStream(frameRate: number): MediaStream {
    return this.canvas.captureStream(frameRate);
  }

  async setVideoTrack(kind: VideoSourceKind, track: MediaStreamTrack | null): Promise<void> {
    await this.worker.video.set(kind, track);
  }

  async setAudioTrack(track: MediaStreamTrack | null): Promise<void> {
    if (track && this.audioTrack === track) return;
    this.audioTrack = track;
    this.audioPump?.();
    this.audioPump = null;
    // The fallback pipeline's MediaRecorder records the audio track itself.
    if (!track || this.pipeline !== 'worker') {
      await this.calls.fireAndForget(this.api.setAudioSource(null));
      return;
    }
    const feed = audioFeed(track);
    this.audioPump = feed.stop;
    await this.calls.fireAndForget(this.api.setAudioSource(transfer(feed.source, feed.transferables)));
  }

  dispose(): void {
    this.audioPump?.();
    this.audioPump = null;
    this.worker.close('The studio was closed');
  }
}
