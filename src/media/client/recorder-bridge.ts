/**
 * The page's side of the recorder worker: starts it, hands it the preview canvas, and feeds it
 * each track (track-feed.ts) for the worker to encode with WebCodecs; where WebCodecs is missing,
 * as ImageBitmaps pumped from a hidden <video>, for MediaRecorder to record the page's canvas.
 */
import { proxy, transfer, wrap, type Remote } from 'comlink';
import type { Size } from '../contract/overlay-geometry';
import type { CompositeLayout, RecorderEvents, RecorderWorkerApi, StartOptions, VideoSourceKind } from '../contract/recorder-api';
import { firstAnswer, WorkerCalls } from './worker-start';
import { VideoFeeds } from './video-feeds';
import { audioFeed, supportsWorkerPipeline } from './track-feed';
import { reportingAs } from '../../shared/report-error';

/** Said when the recorder's worker cannot load: only a reload (which fetches it again) can help. */
export const RECORDER_LOAD_FAILED = 'The recorder could not start. Reload the page to try again.';

export type Pipeline = 'worker' | 'fallback';

export class RecorderBridge {
  private readonly api: Remote<RecorderWorkerApi>;
  private readonly worker: Worker;
  private readonly video: VideoFeeds<VideoSourceKind>;
  private audioPump: (() => void) | null = null;
  private audioTrack: MediaStreamTrack | null = null;
  private readonly calls = new WorkerCalls();
  /** Fallback pipeline: when the latest pictures reached the canvas that MediaRecorder records. */
  private readonly shownAt: number[] = [];

  private constructor(
    worker: Worker,
    readonly pipeline: Pipeline,
    private readonly canvas: HTMLCanvasElement,
  ) {
    this.worker = worker;
    this.api = wrap<RecorderWorkerApi>(worker);
    this.video = new VideoFeeds<VideoSourceKind>(this.api, this.calls, pipeline === 'fallback');
  }

  static async create(canvas: HTMLCanvasElement, size: Size, frameRate: number, events: RecorderEvents): Promise<RecorderBridge> {
    const worker = new Worker(new URL('../worker/recorder.worker.ts', import.meta.url), {
      type: 'module',
      name: 'recorder',
    });
    const pipeline: Pipeline = supportsWorkerPipeline() ? 'worker' : 'fallback';
    const bridge = new RecorderBridge(worker, pipeline, canvas);
    try {
      // The first call proves the worker loaded; everything after it can simply await.
      await firstAnswer(worker, bridge.api.setEvents(proxy(events)), RECORDER_LOAD_FAILED);
    } catch (error) {
      bridge.dispose();
      throw error;
    }
    if (pipeline === 'worker') {
      // The preview canvas becomes the worker's canvas: the user sees exactly what is encoded.
      const offscreen = canvas.transferControlToOffscreen();
      await bridge.api.attachCanvas(transfer(offscreen, [offscreen]), size, frameRate);
      await bridge.api.prepareEncoder();
    } else {
      // The worker composites on its own canvas and hands each frame back for the page to show and record.
      const renderer = canvas.getContext('bitmaprenderer');
      if (!renderer) throw new Error('This browser cannot display the preview');
      canvas.width = size.width;
      canvas.height = size.height;
      const offscreen = new OffscreenCanvas(size.width, size.height);
      await bridge.api.attachCanvas(transfer(offscreen, [offscreen]), size, frameRate);
      await bridge.api.setFrameSink(
        proxy({
          onFrame: (frame: ImageBitmap) => {
            renderer.transferFromImageBitmap(frame);
            bridge.noteShown(performance.now());
          },
        }),
      );
    }
    return bridge;
  }

  /** The worker's recording calls; the raw proxy stays inside the bridge. */
  readonly start = (options: StartOptions) => this.calls.track(this.api.start(options));
  readonly pause = () => this.calls.fireAndForget(this.api.pause());
  readonly resume = () => this.calls.fireAndForget(this.api.resume());
  readonly stop = () => this.calls.track(this.api.stop());
  readonly stats = () => this.calls.track(this.api.stats());
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
    await this.video.set(kind, track);
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
    this.video.stopAll();
    this.audioPump?.();
    this.audioPump = null;
    void this.api.dispose().catch(reportingAs('recording: dispose of the worker'));
    this.worker.terminate();
    this.calls.end('The studio was closed');
  }
}
