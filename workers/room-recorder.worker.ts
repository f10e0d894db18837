/**
 * The room recorder worker: for each output (the mixed picture, or one participant's file) it
 * composites the participants' latest frames on its own OffscreenCanvas and encodes them, with that
 * output's audio, into a WebM whose bytes go to IndexedDB as they are written (WebmSession). One
 * clock paces every output, so files of one recording share their timeline, pauses included.
 */
import { expose } from 'comlink';
import { EncodingLadder, scaledSize } from '../src/features/recording/encoding-ladder';
import { MediaClock } from '../src/features/recording/media-clock';
import type {
  RecorderEvents,
  RecordingResult,
  RoomOutputSpec,
  RoomRecorderState,
  RoomRecorderStats,
  RoomRecorderWorkerApi,
  RoomStopResult,
  RoomTile,
} from '../src/features/room/recording/room-recorder-api';
import { startFrameClock, type FrameClock } from './lib/frame-clock';
import { LatestFrame } from './lib/latest-frame';
import { drawRoom } from './lib/room-compositor';
import { WebmSession } from './lib/webm-session';

const PERSIST_INTERVAL_MS = 500;

interface Output {
  spec: RoomOutputSpec;
  canvas: OffscreenCanvas;
  context: OffscreenCanvasRenderingContext2D;
  session: WebmSession;
  tiles: RoomTile[];
  /** Active recording time when this output started (late joiners start later). */
  offsetMs: number;
}

class RoomRecorderEngine implements RoomRecorderWorkerApi {
  private events: RecorderEvents | null = null;
  private readonly sources = new Map<string, LatestFrame>();
  private readonly audioReaders = new Map<string, ReadableStreamDefaultReader<AudioData>>();
  private readonly outputs = new Map<string, Output>();
  private readonly finished: RecordingResult[] = [];
  /** Outputs ended early (a participant left) that could not be finished. */
  private failedEarly = 0;
  private clock: FrameClock | null = null;
  private state: RoomRecorderState = 'idle';
  private readonly mediaClock = new MediaClock();
  private readonly ladder = new EncodingLadder(30);
  private frameRateSetting = 30;
  private readonly renderedAt: number[] = [];
  private persistTimer: ReturnType<typeof setInterval> | undefined;

  setEvents(events: RecorderEvents): void {
    this.events = events;
  }

  setVideoSource(sourceId: string, readable: ReadableStream<VideoFrame> | null): void {
    let source = this.sources.get(sourceId);
    if (!readable) {
      source?.release();
      this.sources.delete(sourceId);
      return;
    }
    if (!source) {
      source = new LatestFrame();
      this.sources.set(sourceId, source);
    }
    source.consume(readable);
  }

  setAudioSource(outputId: string, readable: ReadableStream<AudioData> | null): void {
    void this.audioReaders.get(outputId)?.cancel().catch(() => undefined);
    this.audioReaders.delete(outputId);
    if (!readable) return;
    const reader = readable.getReader();
    this.audioReaders.set(outputId, reader);
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const output = this.outputs.get(outputId);
          // Audio flows all the time so capture never backs up; only a recording output keeps it.
          if (this.state === 'recording' && output) output.session.addAudio(value, this.mediaMs(output) / 1000);
          else value.close();
        }
      } catch {
        // The track ended or the source was replaced.
      }
    })();
  }

  setTiles(outputId: string, tiles: RoomTile[]): void {
    const output = this.outputs.get(outputId);
    if (output) output.tiles = tiles;
  }

  async start(outputs: RoomOutputSpec[]): Promise<{ videoCodec: string }> {
    if (this.state !== 'idle') throw new Error('Recording already in progress');
    if (outputs.length === 0) throw new Error('No stream available for recording');
    this.finished.length = 0;
    this.failedEarly = 0;
    try {
      for (const spec of outputs) await this.open(spec);
    } catch (error) {
      await Promise.all([...this.outputs.values()].map((o) => o.session.abandon('Recording failed due to an error')));
      this.outputs.clear();
      throw error;
    }
    // The clock starts once every file is ready, so no file begins with a gap.
    this.mediaClock.start(performance.now());
    this.state = 'recording';
    this.frameRateSetting = Math.max(...outputs.map((o) => o.frameRate));
    this.ladder.reset(this.frameRateSetting);
    this.clock = startFrameClock(this.ladder.step.fps, (now) => {
      this.tick(now);
    });
    this.persistTimer = setInterval(() => {
      if (this.state !== 'recording' && this.state !== 'paused') return;
      for (const output of this.outputs.values()) void output.session.persist(this.state, this.mediaMs(output));
    }, PERSIST_INTERVAL_MS);
    const first = this.outputs.values().next().value;
    return { videoCodec: first?.session.videoCodec ?? '' };
  }

  async addOutput(spec: RoomOutputSpec): Promise<void> {
    if (this.state !== 'recording' && this.state !== 'paused') return;
    if (this.outputs.has(spec.outputId)) return;
    await this.open(spec);
    if (this.state === 'paused') this.outputs.get(spec.outputId)?.session.cutAudio(0);
  }

  async endOutput(outputId: string): Promise<RecordingResult | null> {
    const output = this.outputs.get(outputId);
    if (!output || (this.state !== 'recording' && this.state !== 'paused')) return null;
    this.outputs.delete(outputId);
    try {
      const result = await this.finish(output);
      this.finished.push(result);
      return result;
    } catch {
      // Its bytes are kept for recovery; the recording goes on, and stop() counts the loss.
      this.failedEarly += 1;
      return null;
    }
  }

  pause(): void {
    if (this.state !== 'recording') return;
    const now = performance.now();
    this.mediaClock.pause(now);
    this.state = 'paused';
    for (const output of this.outputs.values()) {
      output.session.cutAudio(this.mediaMs(output, now) / 1000);
      void output.session.persist('paused', this.mediaMs(output));
    }
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.mediaClock.resume(performance.now());
    this.state = 'recording';
  }

  async stop(): Promise<RoomStopResult> {
    if (this.state !== 'recording' && this.state !== 'paused') throw new Error('No recording in progress');
    const stoppedAt = performance.now();
    const outputs = [...this.outputs.values()];
    const durations = new Map(outputs.map((o) => [o, this.mediaMs(o, stoppedAt)]));
    this.state = 'finalizing';
    this.clock?.stop();
    this.clock = null;
    clearInterval(this.persistTimer);
    this.outputs.clear();
    try {
      // Every file is finished on its own: one that fails (kept in the library for recovery) never
      // costs the others theirs.
      const settled = await Promise.allSettled(outputs.map((o) => this.finish(o, durations.get(o))));
      const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed && results.length === 0 && this.finished.length === 0) throw failed.reason;
      return { results: [...this.finished, ...results], failed: this.failedEarly + settled.length - results.length };
    } finally {
      this.finished.length = 0;
      this.failedEarly = 0;
      this.state = 'idle';
    }
  }

  stats(): RoomRecorderStats {
    const now = performance.now();
    while (this.renderedAt.length > 0 && (this.renderedAt[0] ?? 0) < now - 1000) this.renderedAt.shift();
    let bytes = this.finished.reduce((sum, r) => sum + r.size, 0);
    for (const output of this.outputs.values()) bytes += output.session.bytes;
    const first = this.outputs.values().next().value;
    const { fps, sizeStep } = this.ladder.step;
    return {
      state: this.state,
      durationMs: this.state === 'idle' ? 0 : this.activeMs(now),
      bytes,
      fps: this.renderedAt.length,
      targetFps: fps,
      videoSize: first ? scaledSize(first.spec.size, sizeStep) : null,
      chosenSize: first?.spec.size ?? null,
      steppedDown: this.state !== 'idle' && (sizeStep > 0 || fps < this.frameRateSetting),
      videoBacklog: Math.max(0, ...[...this.outputs.values()].map((o) => o.session.videoBacklog)),
      framesDropped: [...this.outputs.values()].reduce((sum, o) => sum + o.session.framesDropped, 0),
    };
  }

  dispose(): void {
    this.clock?.stop();
    clearInterval(this.persistTimer);
    for (const source of this.sources.values()) source.release();
    this.sources.clear();
    for (const outputId of [...this.audioReaders.keys()]) this.setAudioSource(outputId, null);
  }

  private async open(spec: RoomOutputSpec): Promise<void> {
    const canvas = new OffscreenCanvas(spec.size.width, spec.size.height);
    const context = canvas.getContext('2d', { alpha: false });
    if (!context) throw new Error('2D canvas is not available in the worker');
    const session = await WebmSession.start(
      {
        recordingId: spec.recordingId,
        name: spec.name,
        mode: spec.kind,
        size: spec.size,
        videoBitrate: spec.videoBitrate,
        audioBitrate: spec.audioBitrate,
        frameRate: spec.frameRate,
        createdAt: spec.createdAt,
      },
      (error) => {
        void this.handleFailure(error);
      },
    );
    // A file added mid-recording starts its own timeline now, once its encoder is ready.
    this.outputs.set(spec.outputId, { spec, canvas, context, session, tiles: spec.tiles, offsetMs: this.activeMs() });
  }

  private async finish(output: Output, durationMs = this.mediaMs(output)): Promise<RecordingResult> {
    try {
      return await output.session.finish(durationMs);
    } catch (error) {
      // Keep every byte already stored and mark the row, so recovery can finish the file.
      await output.session.abandon('Failed to process recording');
      throw error;
    }
  }

  /** Active recording time: wall time since start minus every pause, from the worker's one clock. */
  private activeMs(now = performance.now()): number {
    return this.state === 'idle' ? 0 : this.mediaClock.activeMs(now);
  }

  private mediaMs(output: Output, now = performance.now()): number {
    return Math.max(0, this.activeMs(now) - output.offsetMs);
  }

  private tick(now: number): void {
    if (this.state !== 'recording') return;
    let cost = 0;
    let dropped = false;
    let recorded = true;
    const { fps, sizeStep } = this.ladder.step;
    for (const output of this.outputs.values()) {
      const began = performance.now();
      // Every file steps down together: the ladder hears one figure for the whole recording.
      const size = scaledSize(output.spec.size, sizeStep);
      if (output.canvas.width !== size.width || output.canvas.height !== size.height) {
        output.canvas.width = size.width;
        output.canvas.height = size.height;
      }
      const tiles = output.tiles.map((tile) => ({ label: tile.label, image: this.sources.get(tile.sourceId)?.image() ?? null }));
      drawRoom(output.context, size, tiles, output.spec.labels);
      cost += performance.now() - began;
      const outcome = output.session.addVideoFrame(output.canvas, this.mediaMs(output, now) / 1000, 1 / fps);
      if (outcome === 'dropped') dropped = true;
      if (outcome !== 'encoded') recorded = false;
    }
    if (recorded) this.renderedAt.push(now);
    this.adapt(now, cost, dropped);
  }

  /** Steps the frame rate and picture size down when drawing or encoding cannot keep up, and back up. */
  private adapt(now: number, cost: number, dropped: boolean): void {
    const next = this.ladder.record(now, cost, dropped);
    if (next !== null) this.clock?.setFrameRate(next.fps);
  }

  private async handleFailure(error: unknown): Promise<void> {
    if (this.state === 'finalizing' || this.state === 'idle') return;
    const outputs = [...this.outputs.values()];
    const name = error instanceof DOMException || error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    this.clock?.stop();
    this.clock = null;
    clearInterval(this.persistTimer);
    this.outputs.clear();
    this.finished.length = 0;
    this.state = 'idle';
    // Store what can be stored first: the page ends this worker as soon as it hears of the failure.
    await Promise.all(outputs.map((o) => o.session.abandon('Recording failed due to an error')));
    this.events?.onError(message, name);
  }
}

expose(new RoomRecorderEngine());
