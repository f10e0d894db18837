/**
 * The one recording engine both recorder workers run: one pause clock, one encoding ladder, one
 * audio pump per file, one persist loop and one failure path, over one or many files (outputs).
 * The studio records one output drawn on its preview; a room records the mixed picture or one
 * output per participant. What is drawn into each output's canvas is the worker's own business.
 */
import { WrittenFrameRate } from '../contract/written-frame-rate';
import { errorIdentity } from '../../shared/error-identity';
import { EncodingLadder, type LadderStep } from '../contract/encoding-ladder';
import { MediaClock } from '../contract/media-clock';
import type { Size } from '../contract/overlay-geometry';
import type { EngineState, RecordingResult, StartOptions } from '../contract/recorder-api';
import type { EncodeOutcome } from './video-encoder-pipe';
import { AudioIntake } from './audio-intake';
import { SoundShaper } from './sound-shape';
import { WebmSession } from './webm-session';
import { reportingAs } from '../../shared/report-error';

/** One file being written, as the engine drives it: WebmSession in the workers, a fake in unit tests. */
export type EngineSession = Pick<
  WebmSession,
  'videoCodec' | 'videoEnd' | 'bytes' | 'framesEncoded' | 'framesDropped' | 'videoBacklog' | 'audioBacklog' | 'addVideoFrame' | 'addAudio' | 'hasSound' | 'withoutSound' | 'fillSilence' | 'cutAudio' | 'finish' | 'abandon' | 'discard' | 'persist'
>;

export interface EngineOutput {
  readonly session: EngineSession;
  /** Active recording time when this output started (a room's late joiner starts later). */
  readonly offsetMs: number;
  /** The picture this output encodes, drawn by the worker; Stop encodes it once more if the last frame ended early. */
  readonly canvas?: OffscreenCanvas | null;
}

export interface EngineHooks {
  /** How often written bytes become durable: the most a crash can lose beyond what encoders hold. */
  persistIntervalMs: number;
  /** A recording failed: every output's bytes are stored and marked for recovery before this is called. */
  onFailure: (message: string, name: string) => void;
  /** Opens a file's session: WebmSession.start unless given. */
  openSession?: (options: StartOptions, onFailure: (error: unknown) => void) => Promise<EngineSession>;
}

export interface EngineFigures {
  durationMs: number;
  bytes: number;
  framesEncoded: number;
  framesDropped: number;
  videoBacklog: number;
  audioBacklog: number;
  /** Frames recorded (every output took its frame) per second over the last seconds (WrittenFrameRate). */
  fps: number;
}

export class RecordingEngine<O extends EngineOutput> {
  private current: EngineState = 'idle';
  readonly ladder = new EncodingLadder(30);
  private readonly clock = new MediaClock();
  readonly outputs = new Map<string, O>();
  private readonly audioReaders = new Map<string, ReadableStreamDefaultReader<AudioData>>();
  private readonly audioIntakes = new Map<string, AudioIntake>();
  private readonly written = new WrittenFrameRate();
  private persistTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly hooks: EngineHooks) {}

  get state(): EngineState {
    return this.current;
  }

  get live(): boolean {
    return this.current === 'recording' || this.current === 'paused';
  }

  /**
   * Feeds one output's sound. Audio flows all the time so capture never backs up; only a recording
   * output keeps it, placed at that output's media time.
   */
  pumpAudio(outputId: string, readable: ReadableStream<AudioData> | null): void {
    void this.audioReaders.get(outputId)?.cancel().catch(reportingAs('recording: let go of the replaced sound'));
    this.audioReaders.delete(outputId);
    this.drainAudio(outputId);
    this.audioIntakes.delete(outputId);
    if (!readable) return;
    const reader = readable.getReader();
    this.audioReaders.set(outputId, reader);
    // It learns the source's clock from every block, recorded or not.
    const shaper = new SoundShaper();
    const intake = new AudioIntake(
      (value) => shaper.shape(value),
      () => shaper.flush(),
    );
    this.audioIntakes.set(outputId, intake);
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            // The track ended (a microphone unplugged): its last blocks go in now, not at pause or Stop.
            if (this.audioReaders.get(outputId) === reader) this.drainAudio(outputId);
            break;
          }
          if (this.audioReaders.get(outputId) !== reader) {
            // Read just as the feed was replaced: its intake is gone, so nothing would close the block.
            value.close();
            break;
          }
          const arrival = performance.now();
          intake.take(value, arrival, this.current === 'recording' && this.outputs.has(outputId));
          this.placeHeldAudio(outputId, arrival);
        }
      } catch {
        // The track ended or the source was replaced.
      }
    })();
  }

  /** Places the sound a feed holds that has waited its hold by `nowMs`, at the media time it was captured. */
  private placeHeldAudio(outputId: string, nowMs: number): void {
    this.audioIntakes.get(outputId)?.release(nowMs, this.placerFor(outputId));
  }

  /** Places everything a feed holds, and what its shaping holds back, as no more sound follows now. */
  private drainAudio(outputId: string): void {
    this.audioIntakes.get(outputId)?.drain(this.placerFor(outputId));
  }

  private placerFor(outputId: string): (value: AudioData, capturedStart: number, capturedEnd: number) => void {
    const output = this.outputs.get(outputId);
    const now = performance.now();
    return (value, capturedStart, capturedEnd) => {
      // Sound read late, after a busy Start or Resume, but captured (mostly) before it is left out:
      // spliced in at the start or the resume point, it would make the sound after it late.
      const sinceRunning = (capturedStart + capturedEnd) / 2 >= this.clock.runningSince;
      if (this.current === 'recording' && output && sinceRunning) output.session.addAudio(value, this.mediaMs(output, now) / 1000, this.mediaMs(output, capturedEnd) / 1000);
      else value.close();
    };
  }

  /** Everything the feeds hold goes in now: a pause or Stop cuts the sound where it stands. */
  private placeAllHeldAudio(): void {
    for (const outputId of this.audioIntakes.keys()) this.drainAudio(outputId);
  }

  /** Opens one output's file; `make` adds what the worker draws with. */
  async open(outputId: string, options: StartOptions, make: (session: EngineSession, offsetMs: number) => O): Promise<O> {
    const openSession = this.hooks.openSession ?? ((start, onFailure) => WebmSession.start(start, onFailure));
    const session = await openSession(options, (error) => {
      void this.fail(error);
    });
    // A file added mid-recording starts its own timeline now, once its encoder is ready.
    const output = make(session, this.activeMs());
    this.outputs.set(outputId, output);
    if (this.current === 'paused') session.cutAudio(0);
    return output;
  }

  /**
   * Removes the files opened for a start that could not complete: nothing was recorded into them,
   * so they are not recordings to recover (only a WebM header is stored).
   */
  async discardOpened(): Promise<void> {
    await Promise.all(this.takeOutputs().map((o) => o.session.discard()));
  }

  /** Ends every output without finalizing, keeping what is stored for recovery. */
  private async abandonAll(reason: string): Promise<void> {
    await Promise.all(this.takeOutputs().map((o) => o.session.abandon(reason)));
  }

  /** Every output, which the engine no longer drives. */
  private takeOutputs(): O[] {
    const outputs = [...this.outputs.values()];
    this.outputs.clear();
    return outputs;
  }

  /**
   * Starts the clock once every file is open, so no file begins with a gap. `sizes` are the files'
   * pictures, none of which the ladder shrinks below MIN_PICTURE_SIDE.
   */
  begin(frameRate: number, sizes: readonly Size[] = []): void {
    this.clock.start(performance.now());
    this.current = 'recording';
    // Every sound feed is given before Start (the studio's microphone or mix, each person of a room).
    for (const [outputId, output] of this.outputs) if (!this.audioReaders.has(outputId)) output.session.withoutSound();
    this.ladder.reset(frameRate, sizes);
    this.written.reset();
    this.persistTimer = setInterval(() => {
      if (!this.live) return;
      for (const [outputId, output] of this.outputs) {
        // Only a file with a sound track gets silence, whether its feed has gone quiet or been taken away.
        // A feed gone quiet has its last blocks placed first, and one still settling holds sound that is coming.
        if (this.current === 'recording' && output.session.hasSound) {
          const now = performance.now();
          this.placeHeldAudio(outputId, now);
          if (!this.audioIntakes.get(outputId)?.settling(now)) output.session.fillSilence(this.mediaMs(output) / 1000);
        }
        void output.session.persist(this.current === 'paused' ? 'paused' : 'recording', this.mediaMs(output));
      }
    }, this.hooks.persistIntervalMs);
  }

  pause(): void {
    if (this.current !== 'recording') return;
    this.placeAllHeldAudio();
    const now = performance.now();
    this.clock.pause(now);
    this.current = 'paused';
    for (const output of this.outputs.values()) {
      output.session.cutAudio(this.mediaMs(output, now) / 1000);
      void output.session.persist('paused', this.mediaMs(output, now));
    }
  }

  resume(): void {
    if (this.current !== 'paused') return;
    this.clock.resume(performance.now());
    this.current = 'recording';
  }

  /** When the recording started or last resumed (worker clock, ms): nothing before it is recorded. */
  get runningSince(): number {
    return this.clock.runningSince;
  }

  /** Active recording time: wall time since start minus every pause. */
  activeMs(now = performance.now()): number {
    return this.current === 'idle' ? 0 : this.clock.activeMs(now);
  }

  mediaMs(output: O, now = performance.now()): number {
    return Math.max(0, this.activeMs(now) - output.offsetMs);
  }

  /**
   * Encodes an output's canvas as its frame for the instant `at` (worker clock), or drops it when that
   * encoder is behind. The tick's own time for a drawn picture; a picture of one source is placed where
   * it was captured, which placePicture (picture-placement.ts) keeps within [runningSince, now].
   */
  encode(output: O, canvas: OffscreenCanvas, at: number): EncodeOutcome {
    return output.session.addVideoFrame(canvas, this.mediaMs(output, at) / 1000, 1 / this.ladder.step.fps);
  }

  /**
   * Reports one tick (drawing cost, whether an encoder refused a frame, whether every output took
   * it) and returns the ladder's new step when it moves.
   */
  ticked(now: number, drawCostMs: number, dropped: boolean, recorded: boolean): LadderStep | null {
    if (recorded) this.written.taken(this.writtenClock(now));
    return this.ladder.record(now, drawCostMs, dropped);
  }

  /** Finishes one output; a file that cannot be finished keeps its bytes, marked for recovery. */
  async finish(output: O, durationMs = this.mediaMs(output)): Promise<RecordingResult> {
    try {
      return await output.session.finish(durationMs);
    } catch (error) {
      await output.session.abandon('Failed to process recording');
      throw error;
    }
  }

  /**
   * Stops the clock and finishes every output on its own: one that fails never costs the others
   * theirs. Each file lasts as long as the recording did at the moment of the call.
   */
  async stopAll(): Promise<PromiseSettledResult<RecordingResult>[]> {
    if (!this.live) throw new Error('No recording in progress');
    this.placeAllHeldAudio();
    const stoppedAt = performance.now();
    const outputs = [...this.outputs.values()];
    const durations = outputs.map((o) => this.mediaMs(o, stoppedAt));
    if (this.current === 'recording') outputs.forEach((o, i) => {
      this.pictureUntil(o, (durations[i] ?? 0) / 1000);
    });
    this.current = 'finalizing';
    clearInterval(this.persistTimer);
    this.outputs.clear();
    try {
      return await Promise.allSettled(outputs.map((o, i) => this.finish(o, durations[i])));
    } finally {
      this.current = 'idle';
      this.written.reset();
    }
  }

  /**
   * The time frames are counted on: recording time while recording (a pause keeps the figure), the
   * wall clock while idle, when the preview's frames are the ones counted.
   */
  private writtenClock(now: number): number {
    return this.live ? this.activeMs(now) : now;
  }

  /**
   * Makes the picture last as long as the sound: when a busy machine left the last encoded frame
   * ending more than half a frame before Stop, the output's current picture is encoded once more as
   * the file's last frame, ending at Stop. An encoder that is behind drops it, as any other frame.
   */
  private pictureUntil(output: O, endSeconds: number): void {
    const frameSeconds = 1 / this.ladder.step.fps;
    const { canvas, session } = output;
    if (!canvas || endSeconds - session.videoEnd <= frameSeconds / 2) return;
    const start = Math.max(session.videoEnd, endSeconds - frameSeconds);
    session.addVideoFrame(canvas, start, endSeconds - start);
  }

  figures(now = performance.now()): EngineFigures {
    const outputs = [...this.outputs.values()];
    const sum = (pick: (s: EngineSession) => number) => outputs.reduce((total, o) => total + pick(o.session), 0);
    return {
      durationMs: this.activeMs(now),
      bytes: sum((s) => s.bytes),
      framesEncoded: sum((s) => s.framesEncoded),
      framesDropped: sum((s) => s.framesDropped),
      videoBacklog: Math.max(0, ...outputs.map((o) => o.session.videoBacklog)),
      audioBacklog: Math.max(0, ...outputs.map((o) => o.session.audioBacklog)),
      fps: this.written.perSecond(this.writtenClock(now)),
    };
  }

  dispose(): void {
    clearInterval(this.persistTimer);
    for (const outputId of [...this.audioReaders.keys()]) this.pumpAudio(outputId, null);
  }

  private async fail(error: unknown): Promise<void> {
    // A failure while finishing surfaces through the finish itself.
    if (!this.live) return;
    const { name, message } = errorIdentity(error);
    clearInterval(this.persistTimer);
    this.current = 'idle';
    // Store what can be stored first: the page ends or repairs as soon as it hears of the failure.
    await this.abandonAll('Recording failed due to an error');
    this.hooks.onFailure(message, name);
  }
}
