/**
 * The room's fallback pipeline, for browsers without track processors or WebCodecs (Firefox,
 * Safari): the room recorder worker draws each output's picture, and here each picture is shown on
 * a canvas that MediaRecorder records with that output's sound, every chunk going to IndexedDB as
 * it arrives (FallbackRecorder, as the studio's fallback does).
 */
import { errorIdentity } from '../../../shared/error-identity';
import { FallbackRecorder } from '../fallback-recorder';
import { MediaClock } from '../../contract/media-clock';
import { filesAtStop } from '../../contract/finished-files';
import { startOptionsFor, type RoomOutputSpec, type RoomRecorderState, type RoomRecorderStats, type RoomStopResult } from '../../contract/room-recorder-api';
import type { RoomOutputs } from './room-outputs';
import { reportingAs } from '../../../shared/report-error';
import { epochAt } from '../../../shared/wall-clock';

interface PageOutput {
  renderer: ImageBitmapRenderingContext;
  recorder: FallbackRecorder;
}

export interface PageOutputsDeps {
  /** Has the worker start (or stop) drawing an output's picture. */
  draw(spec: RoomOutputSpec): Promise<void>;
  undraw(outputId: string): Promise<void>;
  /** The sound recorded with an output: the room's mix, or one participant. */
  audioFor(outputId: string): MediaStreamTrack;
  onError(message: string, name: string): void;
}

export class PageRecordedOutputs implements RoomOutputs {
  private readonly outputs = new Map<string, PageOutput>();
  private current: RoomRecorderState = 'idle';
  private readonly clock = new MediaClock();

  constructor(private readonly deps: PageOutputsDeps) {}

  get state(): RoomRecorderState {
    return this.current;
  }

  /** Shows a picture the worker drew for an output; pictures for no output are let go. */
  show(outputId: string, frame: ImageBitmap): void {
    const output = this.outputs.get(outputId);
    if (output) output.renderer.transferFromImageBitmap(frame);
    else frame.close();
  }

  async start(specs: readonly RoomOutputSpec[]): Promise<number> {
    if (this.current !== 'idle') throw new Error('Recording already in progress');
    if (specs.length === 0) throw new Error('No stream available for recording');
    try {
      for (const spec of specs) await this.open(spec);
    } catch (error) {
      await this.abortAll('Recording failed due to an error');
      throw error;
    }
    const now = performance.now();
    this.clock.start(now);
    this.current = 'recording';
    return epochAt(now);
  }

  pause(): Promise<void> {
    if (this.current !== 'recording') return Promise.resolve();
    this.clock.pause(performance.now());
    this.current = 'paused';
    for (const output of this.outputs.values()) output.recorder.pause();
    return Promise.resolve();
  }

  resume(): Promise<void> {
    if (this.current !== 'paused') return Promise.resolve();
    this.clock.resume(performance.now());
    this.current = 'recording';
    for (const output of this.outputs.values()) output.recorder.resume();
    return Promise.resolve();
  }

  async stop(): Promise<RoomStopResult> {
    if (this.current !== 'recording' && this.current !== 'paused') throw new Error('No recording in progress');
    this.current = 'finalizing';
    const outputs = [...this.outputs.entries()];
    this.outputs.clear();
    try {
      // Every file is finished on its own: one that fails (kept for recovery) never costs the others theirs.
      const settled = await Promise.allSettled(outputs.map(([, o]) => o.recorder.stop()));
      for (const [outputId] of outputs) void this.deps.undraw(outputId).catch(reportingAs('room recording: stop drawing an output'));
      return filesAtStop(settled);
    } finally {
      this.current = 'idle';
    }
  }

  /** The worker only draws here: state, time and bytes are the MediaRecorders'. */
  stats(fromWorker: RoomRecorderStats): RoomRecorderStats {
    let bytes = 0;
    for (const output of this.outputs.values()) bytes += output.recorder.bytes;
    const durationMs = this.current === 'idle' ? 0 : this.clock.activeMs(performance.now());
    return { ...fromWorker, durationMs, bytes, state: this.current };
  }

  /** A MediaRecorder keeps the track it started with: it records the room's mix, which follows any change itself. */
  soundChanged(): Promise<void> {
    return Promise.resolve();
  }

  /** Stops every MediaRecorder without finishing; what each stored stays for recovery. */
  async abortAll(reason: string): Promise<void> {
    const outputs = [...this.outputs.entries()];
    this.outputs.clear();
    this.current = 'idle';
    await Promise.all(
      outputs.map(async ([outputId, output]) => {
        await output.recorder.abort(reason).catch(reportingAs('room recording: stop a failed output'));
        await this.deps.undraw(outputId).catch(reportingAs('room recording: stop drawing an output'));
      }),
    );
  }

  private async open(spec: RoomOutputSpec): Promise<void> {
    const canvas = document.createElement('canvas');
    canvas.width = spec.size.width;
    canvas.height = spec.size.height;
    const renderer = canvas.getContext('bitmaprenderer');
    if (!renderer) throw new Error('This browser cannot record rooms');
    await this.deps.draw(spec);
    const recorder = await FallbackRecorder.start(canvas.captureStream(spec.frameRate), this.deps.audioFor(spec.outputId), startOptionsFor(spec), (error) => {
      void this.fail(error);
    });
    this.outputs.set(spec.outputId, { renderer, recorder });
  }

  private async fail(error: unknown): Promise<void> {
    if (this.current !== 'recording' && this.current !== 'paused') return;
    const { name, message } = errorIdentity(error);
    // Store what can be stored first: the page ends this recording as soon as it hears of the failure.
    await this.abortAll('Recording failed due to an error');
    this.deps.onError(message, name);
  }
}
