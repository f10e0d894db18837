/**
 * The room recorder worker: for each output (the mixed picture, or one participant's file) it
 * composites the participants' latest frames on its own OffscreenCanvas. On the worker pipeline it
 * encodes them, with that output's audio, into a WebM whose bytes go to IndexedDB as they are written
 * (RecordingEngine: one clock paces every output, so files of one recording share their timeline,
 * pauses included). Where the browser cannot encode here (Firefox, Safari), it only draws: each
 * picture goes back to the page, whose MediaRecorder records it.
 */
import { expose, transfer, type Remote } from 'comlink';
import { scaledSize } from '../contract/encoding-ladder';
import {
  startOptionsFor,
  type RecorderEvents,
  type RoomFrameSink,
  type RoomOutputSpec,
  type RoomRecorderStats,
  type RoomRecorderWorkerApi,
  type RoomStopResult,
  type RoomTile,
} from '../contract/room-recorder-api';
import { measureCodecSpeed } from './codec-choice';
import { startFrameClock, type FrameClock } from './frame-clock';
import { LatestFrame } from './latest-frame';
import { placePicture, type PlacedPicture, type ShownPicture } from './picture-placement';
import { RecordingEngine, type EngineOutput } from './recording-engine';
import { drawRoom } from './room-compositor';
import { audioData, videoFrames } from './track-source';
import type { TrackSource } from '../contract/track-source-contract';
import { filesAtStop } from '../contract/finished-files';
import { reportingAs } from '../../shared/report-error';
import { epochNow } from '../../shared/wall-clock';

const PERSIST_INTERVAL_MS = 500;

/** One picture the worker draws: a file it encodes, or a picture the page records. */
interface Picture {
  spec: RoomOutputSpec;
  canvas: OffscreenCanvas;
  context: OffscreenCanvasRenderingContext2D;
  tiles: RoomTile[];
  /** The picture last encoded and where, for a file of one source (see picture-placement.ts). */
  placed: PlacedPicture | null;
}

type Output = EngineOutput & Picture;

function newPicture(spec: RoomOutputSpec): Picture {
  const canvas = new OffscreenCanvas(spec.size.width, spec.size.height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('2D canvas is not available in the worker');
  return { spec, canvas, context, tiles: spec.tiles, placed: null };
}

class RoomRecorderWorker implements RoomRecorderWorkerApi {
  private events: RecorderEvents | null = null;
  private frameSink: Remote<RoomFrameSink> | null = null;
  private readonly sources = new Map<string, LatestFrame>();
  /** Pictures drawn for the page's MediaRecorder (fallback pipeline). */
  private readonly drawn = new Map<string, Picture>();
  private clock: FrameClock | null = null;
  private frameRateSetting = 30;
  private readonly engine = new RecordingEngine<Output>({
    persistIntervalMs: PERSIST_INTERVAL_MS,
    onFailure: (message, name) => {
      this.stopClockIfIdle();
      this.events?.onError(message, name);
    },
  });

  setEvents(events: RecorderEvents): void {
    this.events = events;
  }


  setFrameSink(sink: RoomFrameSink | null): void {
    this.frameSink = sink as Remote<RoomFrameSink> | null;
  }

  setVideoSource(sourceId: string, feed: TrackSource<VideoFrame> | null): void {
    if (!feed) {
      this.sources.get(sourceId)?.release();
      this.sources.delete(sourceId);
      return;
    }
    // The page feeds the frames (no track processors: Firefox), where VP9 held a room recording to
    // 5 fps at 1080p: the codec is measured, as the studio's is (docs/browsers.md).
    if (feed instanceof MessagePort) measureCodecSpeed();
    this.source(sourceId).consume(videoFrames(feed), { drawDirectly: feed instanceof MessagePort });
  }

  pushVideoFrame(sourceId: string, frame: ImageBitmap): void {
    this.source(sourceId).push(frame);
  }

  setAudioSource(outputId: string, feed: TrackSource<AudioData> | null): void {
    this.engine.pumpAudio(outputId, feed ? audioData(feed) : null);
  }

  setTiles(outputId: string, tiles: RoomTile[]): void {
    const picture = this.engine.outputs.get(outputId) ?? this.drawn.get(outputId);
    if (picture) picture.tiles = tiles;
  }

  async start(outputs: RoomOutputSpec[]): Promise<{ videoCodec: string; startedAt: number }> {
    if (this.engine.state !== 'idle') throw new Error('Recording already in progress');
    if (outputs.length === 0) throw new Error('No stream available for recording');
    try {
      for (const spec of outputs) await this.open(spec);
    } catch (error) {
      await this.engine.discardOpened();
      throw error;
    }
    this.engine.begin(this.chooseFrameRate(outputs), outputs.map((output) => output.size));
    // The files' first instant, on the computer's clock (what a room's tracks are lined up by).
    const startedAt = epochNow();
    this.runClock();
    const first = this.engine.outputs.values().next().value;
    return { videoCodec: first?.session.videoCodec ?? '', startedAt };
  }

  draw(spec: RoomOutputSpec): void {
    const starting = this.drawn.size === 0;
    this.drawn.set(spec.outputId, newPicture(spec));
    if (starting) this.engine.ladder.reset(this.chooseFrameRate([spec]), [spec.size]);
    this.runClock();
  }

  undraw(outputId: string): void {
    this.drawn.delete(outputId);
    this.stopClockIfIdle();
  }

  pause(): void {
    this.engine.pause();
  }

  resume(): void {
    this.engine.resume();
  }

  async stop(): Promise<RoomStopResult> {
    try {
      return filesAtStop(await this.engine.stopAll());
    } finally {
      this.stopClockIfIdle();
    }
  }

  stats(): RoomRecorderStats {
    const figures = this.engine.figures();
    const first = this.engine.outputs.values().next().value ?? this.drawn.values().next().value;
    const { fps, sizeStep } = this.engine.ladder.step;
    const state = this.engine.state;
    return {
      state,
      durationMs: figures.durationMs,
      bytes: figures.bytes,
      fps: figures.fps,
      targetFps: fps,
      videoSize: first ? scaledSize(first.spec.size, sizeStep) : null,
      chosenSize: first?.spec.size ?? null,
      steppedDown: (state !== 'idle' || this.drawn.size > 0) && (sizeStep > 0 || fps < this.frameRateSetting),
      lowestRung: this.engine.ladder.atLowestRung,
      videoBacklog: figures.videoBacklog,
      framesDropped: figures.framesDropped,
    };
  }

  dispose(): void {
    this.clock?.stop();
    this.clock = null;
    this.engine.dispose();
    for (const source of this.sources.values()) source.release();
    this.sources.clear();
    this.drawn.clear();
  }

  private source(sourceId: string): LatestFrame {
    let source = this.sources.get(sourceId);
    if (!source) {
      source = new LatestFrame();
      this.sources.set(sourceId, source);
    }
    return source;
  }

  private async open(spec: RoomOutputSpec): Promise<void> {
    const picture = newPicture(spec);
    await this.engine.open(spec.outputId, startOptionsFor(spec), (session, offsetMs) => ({ ...picture, session, offsetMs }));
  }

  /** The recording's chosen frame rate (the highest of its outputs), kept to tell when it runs below it. */
  private chooseFrameRate(outputs: readonly RoomOutputSpec[]): number {
    this.frameRateSetting = Math.max(...outputs.map((o) => o.frameRate));
    return this.frameRateSetting;
  }

  private runClock(): void {
    if (this.clock) return;
    this.clock = startFrameClock(this.engine.ladder.step.fps, (now) => {
      this.tick(now);
    });
  }

  private stopClockIfIdle(): void {
    if (this.engine.live || this.drawn.size > 0) return;
    this.clock?.stop();
    this.clock = null;
  }

  /**
   * Draws every picture at the ladder's size (the whole recording steps down together). Returns the
   * source picture drawn when there is only one (a participant's own track), else null.
   */
  private paint(picture: Picture): ShownPicture | null {
    const size = scaledSize(picture.spec.size, this.engine.ladder.step.sizeStep);
    if (picture.canvas.width !== size.width || picture.canvas.height !== size.height) {
      picture.canvas.width = size.width;
      picture.canvas.height = size.height;
    }
    const sources = picture.tiles.map((tile) => this.sources.get(tile.sourceId));
    const images = sources.map((source) => source?.image() ?? null);
    drawRoom(
      picture.context,
      size,
      picture.tiles.map((tile, index) => ({ label: tile.label, image: images[index] ?? null })),
      picture.spec.labels,
    );
    const [source] = sources;
    const [image] = images;
    return sources.length === 1 && source && image ? { source, sequence: image.sequence, capturedAt: image.capturedAt } : null;
  }

  private tick(now: number): void {
    let cost = 0;
    let dropped = false;
    let recorded = true;
    if (this.engine.state === 'recording') {
      for (const output of this.engine.outputs.values()) {
        const began = performance.now();
        const shown = this.paint(output);
        cost += performance.now() - began;
        // A picture this file already holds is not encoded again (see picture-placement.ts); the tick
        // still counts as taken, since the encoder refused nothing.
        const at = placePicture(output.placed, shown, now, this.engine.runningSince);
        if (at === null) continue;
        const outcome = this.engine.encode(output, output.canvas, at);
        if (outcome === 'dropped') dropped = true;
        if (outcome !== 'encoded') recorded = false;
        else if (shown) output.placed = { source: shown.source, sequence: shown.sequence, atMs: at };
      }
    } else if (this.drawn.size === 0) {
      return;
    }
    for (const [outputId, picture] of this.drawn) {
      const began = performance.now();
      this.paint(picture);
      cost += performance.now() - began;
      // The page shows this picture to its MediaRecorder; the canvas is redrawn in full next tick.
      const bitmap = picture.canvas.transferToImageBitmap();
      this.frameSink?.onFrame(outputId, transfer(bitmap, [bitmap])).catch(reportingAs('room recording: hand a picture to the page'));
    }
    const next = this.engine.ticked(now, cost, dropped, recorded);
    if (next !== null) this.clock?.setFrameRate(next.fps);
  }
}

expose(new RoomRecorderWorker());
