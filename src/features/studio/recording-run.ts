/**
 * One recording of the studio, from Start until what it recorded is kept: its id, the Web Lock that
 * tells other tabs it is being recorded, the recorder's session and the timer polling its figures.
 * The controller holds one while a recording exists; disposing it lets all of that go, once.
 */
import { type ActiveRecording, type LiveFigures, type RecordingResult, holdRecordingLock, deleteRecording } from '../../media';
import { Lifetime } from '../../shared/lifetime';
import { reportingAs } from '../../shared/report-error';

const STATS_INTERVAL_MS = 500;

export interface RecordingRunDeps {
  /** Holds the recording's Web Lock until the returned function is called. */
  holdLock: (id: string) => () => void;
  /** Drops a recording nobody saw start. */
  deleteRecording: (id: string) => Promise<void>;
  /** Turns what was stored of an unfinished recording into a playable file. */
  repairRecording: (id: string) => Promise<{ durationMs: number }>;
  newId: () => string;
}

const BROWSER_DEPS: RecordingRunDeps = {
  holdLock: holdRecordingLock,
  deleteRecording,
  repairRecording: async (id) => {
    // Loaded on a failure only: the repair pulls in the WebM reader.
    const { repairRecording } = await import('../../media/storage/repair-recording');
    return repairRecording(id);
  },
  newId: () => crypto.randomUUID(),
};

export interface RecordingRunEvents {
  /** The live figures, twice a second while the recorder runs. */
  onFigures: (figures: LiveFigures) => void;
}

export class RecordingRun {
  readonly id: string;
  readonly startedAt = new Date();
  private active: ActiveRecording | null = null;
  /** Stop's finishing of the file, once pressed. */
  private finishing: Promise<RecordingResult> | null = null;
  private readonly releaseLock: () => void;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly lifetime = new Lifetime();

  /** Takes the recording's lock at once: from here on the recording may exist in storage. */
  constructor(
    private readonly events: RecordingRunEvents,
    private readonly deps: RecordingRunDeps = BROWSER_DEPS,
  ) {
    this.id = deps.newId();
    this.releaseLock = deps.holdLock(this.id);
  }

  /**
   * Starts the recorder's session and its figures. Returns false when the run was disposed while
   * the session started (the studio was left): nothing worth keeping was recorded, so it is dropped.
   */
  async begin(start: () => Promise<ActiveRecording>): Promise<boolean> {
    const active = await start();
    if (this.lifetime.isOver()) {
      await active.abort();
      await this.deps.deleteRecording(this.id);
      return false;
    }
    this.active = active;
    this.timer = setInterval(() => void this.poll(), STATS_INTERVAL_MS);
    return true;
  }

  /** The recorder's session runs: started, and neither stopped nor failed. */
  get running(): boolean {
    return this.active !== null;
  }

  pause(): void {
    this.active?.pause();
  }

  resume(): void {
    this.active?.resume();
  }

  /**
   * Finalizes the file and hands it to `keep`; the run ends once it is kept. Should either fail,
   * the run (and its lock) stays, so abortAndRepair can save what was stored.
   */
  async stop<T>(keep: (result: RecordingResult) => Promise<T>): Promise<T> {
    const active = this.active;
    this.endSession();
    if (!active) throw new Error('Not recording');
    const finishing = active.stop();
    this.finishing = finishing;
    const kept = await keep(await finishing);
    this.finishing = null;
    this.dispose();
    return kept;
  }

  /**
   * After a failure: stops capturing, turns what was stored into a playable file and hands its
   * duration to `keep`. Returns what `keep` made, or null when the recording is left as it is for
   * the recovery notice to offer later. The run ends either way.
   */
  async abortAndRepair<T>(keep: (durationMs: number) => Promise<T>): Promise<T | null> {
    const active = this.active;
    // A Stop that failed: the repair below is what finishes the file now.
    this.finishing = null;
    this.endSession();
    await active?.abort();
    let saved: T | null = null;
    try {
      const { durationMs } = await this.deps.repairRecording(this.id);
      saved = await keep(durationMs);
    } catch {
      // Left as it is: the recovery notice offers it again later.
    }
    this.dispose();
    return saved;
  }

  /**
   * Lets the lock and the timer go (calling it again is harmless). A recording cut short (the studio
   * left mid-recording) stays for recovery: its capture is stopped first, since MediaRecorder lives on
   * the page and would go on writing to a recording another tab may now offer to recover; the lock
   * goes once what it captured is stored.
   */
  dispose(): void {
    if (this.lifetime.isOver()) return;
    this.lifetime.end();
    const cutShort = this.active;
    this.endSession();
    // Left while Stop finishes the file (MediaRecorder's is rewritten on the page): the lock holds
    // until it is written, or another tab would offer to recover, or discard, a file being finished.
    const storing = cutShort ? cutShort.abort() : this.finishing;
    if (!storing) {
      this.releaseLock();
      return;
    }
    void storing
      .then(() => undefined)
      .catch(reportingAs('recording: finish what the studio left'))
      .finally(this.releaseLock);
  }

  private endSession(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.active = null;
  }

  private async poll(): Promise<void> {
    try {
      const figures = await this.active?.figures();
      if (figures) this.events.onFigures(figures);
    } catch {
      // The recorder ended meanwhile (the studio was left, or it failed and says so itself).
    }
  }
}
