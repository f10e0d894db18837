/**
 * One studio page: what it shows (the snapshot, the live figures, the notices) and the two
 * lifetimes it wires together. `CaptureSources` lives from attach to detach; a `RecordingRun` from
 * Start until its file is kept. It holds no React; the studio page subscribes to its snapshots.
 */
import { errorIdentity } from '../../shared/error-identity';
import { setRecordingActive, defaultRecordingName, readRecordingFile, type RecordingMode, AcquisitionError, canvasSizeForQuality, modeNeedsScreen, modeNeedsWebcam, modePhrase, screenIgnoresCursorSetting, type DeviceKind, type LiveFigures, type OverlayLayout, askForPersistentStorage, PERSISTENCE_PROMPT_NOTICE, storageEstimate } from '../../media';
import { audioBitrateKbps } from '../settings';
import { formatFileSize, recordingFileName } from '../../shared/format';
import { CaptureSources, type CaptureEvents } from './capture-sources';
import { MicLevelMonitor } from './mic-level-monitor';
import { RecordingRun } from './recording-run';
import { storageBudget } from './storage-budget';
import { acquisitionNotice, CURSOR_RECORDED_NOTICE, engineFailureNotice, failureNotice, storageLowNotice } from './studio-notices';
import { SESSION_ERRORS, transition, type SessionEvent } from './session-machine';
import { IDLE_STATS, type FinishedRecording, type RecordingStats, type StudioDeps, type StudioSnapshot } from './studio-types';
import type { StudioEngine, StudioRecorder } from './studio-engine';

export type { FinishedRecording, Notice, RecordingStats, StudioDeps, StudioSnapshot } from './studio-types';

export const MAX_RECORDING_MS = 3 * 60 * 60 * 1000;

/**
 * User Timing marks of each Stop, in order: pressed, the recorder's file finished, the file read from
 * storage, the studio showing it ready. DevTools shows them, and `npm run bench` breaks Stop → ready
 * down by them.
 */
export const STOP_MARKS = { pressed: 'studio-stop:pressed', finished: 'studio-stop:file-finished', read: 'studio-stop:file-read', ready: 'studio-stop:ready' } as const;

export class StudioController<R extends StudioRecorder = StudioRecorder> {
  private snapshot: StudioSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly micMonitor = new MicLevelMonitor({
    level: () => this.sources?.micLevel() ?? 0,
    listening: () => this.snapshot.recordingState === 'recording' && this.snapshot.audioEnabled,
    visible: () => !document.hidden,
    onSilentChange: (micSilent) => {
      this.update({ micSilent });
    },
  });
  private readonly statsListeners = new Set<() => void>();
  private stats: RecordingStats = IDLE_STATS;
  /** What this attachment captures; null while the studio is detached. */
  private sources: CaptureSources<R> | null = null;
  /** The recording being made, until it is finished or saved after a failure. */
  private run: RecordingRun | null = null;
  /** The run whose Stop is finishing its file, if any (see onRecorderError). */
  private stopping: RecordingRun | null = null;
  /** The "pointer is recorded anyway" notice is shown once per studio visit. */
  private cursorNoticeShown = false;

  constructor(
    private readonly deps: StudioDeps,
    private readonly engine: StudioEngine<R>,
  ) {
    const settings = deps.settings();
    this.snapshot = {
      mode: settings.defaultRecordingMode,
      overlay: { ...settings.webcam },
      recordingState: 'idle',
      acquiring: false,
      hasScreen: false,
      hasWebcam: false,
      hasMicrophone: false,
      micUnavailable: false,
      videoEnabled: true,
      audioEnabled: true,
      micSilent: false,
      lastRecording: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): StudioSnapshot => this.snapshot;

  /** The microphone level changes ten times a second; only the meter subscribes to it. */
  subscribeLevel = this.micMonitor.subscribe;

  getLevel = this.micMonitor.getLevel;

  subscribeStats = (listener: () => void): (() => void) => {
    this.statsListeners.add(listener);
    return () => this.statsListeners.delete(listener);
  };

  getStats = (): RecordingStats => this.stats;

  /**
   * Starts a recorder worker painting into `canvas` and follows Settings while idle; `detach`
   * undoes it (the page may remount).
   */
  async attach(canvas: HTMLCanvasElement): Promise<void> {
    // Attached twice without a detach: the first attachment's devices and worker are let go.
    if (this.sources) this.detach();
    const sources = new CaptureSources<R>(
      {
        settings: this.deps.settings,
        subscribeSettings: this.deps.subscribeSettings,
        studio: this.getSnapshot,
        subscribeStudio: this.subscribe,
      },
      this.captureEvents(),
      this.engine.devices,
    );
    this.sources = sources;
    const settings = this.deps.settings();
    const connected = await sources.connectRecorder(() =>
      this.engine.createRecorder(canvas, canvasSizeForQuality(settings.video.quality), settings.video.frameRate, {
        onError: (message, name) => {
          this.onRecorderError(message, name);
        },
      }),
    );
    if (connected) await this.pushLayout();
  }

  setMode(mode: RecordingMode): void {
    // Not while Start is acquiring either: the file would be composed in one mode and named after another.
    if (this.snapshot.recordingState !== 'idle' || this.snapshot.acquiring || mode === this.snapshot.mode) return;
    this.update({ mode });
    void this.pushLayout();
  }

  setOverlay(overlay: Partial<OverlayLayout>): void {
    this.update({ overlay: { ...this.snapshot.overlay, ...overlay } });
    void this.pushLayout();
  }

  async selectScreen(): Promise<boolean> {
    return (await this.sources?.selectScreen()) ?? false;
  }

  /** Connects the camera; concurrent calls (mode change, Start, the button) share one request. */
  async connectWebcam(): Promise<boolean> {
    return (await this.sources?.connectWebcam()) ?? false;
  }

  toggleVideo(): void {
    this.update({ videoEnabled: !this.snapshot.videoEnabled });
    this.sources?.applyVideoEnabled();
  }

  toggleAudio(): void {
    this.update({ audioEnabled: !this.snapshot.audioEnabled });
    this.sources?.applyAudioEnabled();
    this.micMonitor.heardNow();
  }

  /** One press: acquire what the mode is missing (screen first, while the click is fresh), then record. */
  async start(): Promise<void> {
    const check = transition(this.snapshot.recordingState, 'start');
    if (!check.ok) {
      this.fail(check.error);
      return;
    }
    // Said on the page before Start too (StudioPage); asking for a camera here would be for nothing.
    const unsupported = this.engine.cannotRecordReason();
    if (unsupported) {
      this.fail(unsupported);
      return;
    }
    // Leaving the studio mid-start (a permission prompt can stay open a while) disposes the sources: stop there.
    const { sources } = this;
    if (this.snapshot.acquiring || !sources) return;
    const { mode } = this.snapshot;
    this.update({ acquiring: true });
    let run: RecordingRun | null = null;
    try {
      if (modeNeedsScreen(mode) && !(await sources.selectScreen())) return;
      if (modeNeedsWebcam(mode) && !(await sources.connectWebcam())) return;
      // The microphone is optional (docs/decisions/0008-microphone-optional.md): without it the
      // recording goes on, and says so.
      await sources.connectMicrophone();
      await sources.recorderSettled();
      const { recorder } = sources;
      if (sources.isDisposed()) return;
      if (!recorder && sources.recorderFailure) {
        this.fail(sources.recorderFailure);
        return;
      }
      if ((modeNeedsScreen(mode) && !sources.connected('screen')) || (modeNeedsWebcam(mode) && !sources.connected('webcam')) || !recorder) {
        this.fail(SESSION_ERRORS.noStream);
        return;
      }
      askForPersistentStorage(() => {
        this.deps.notify({ ...PERSISTENCE_PROMPT_NOTICE, tone: 'info' });
      });
      const settings = this.deps.settings();
      const videoBitrate = settings.video.bitrate * 1000;
      const audioBitrate = audioBitrateKbps(settings.audio.quality) * 1000;
      await this.warnIfStorageIsLow(videoBitrate, audioBitrate);
      if (sources.isDisposed()) return;
      const current = new RecordingRun({ onFigures: (figures) => void this.onFigures(figures) });
      run = current;
      this.run = current;
      const options = {
        recordingId: current.id,
        name: defaultRecordingName(mode),
        mode,
        size: canvasSizeForQuality(settings.video.quality),
        videoBitrate,
        audioBitrate,
        frameRate: settings.video.frameRate,
        createdAt: current.startedAt.getTime(),
      };
      const began = await current.begin(() =>
        this.engine.startRecording(recorder, sources.audioTrack, options, (error) => {
          const { name, message } = errorIdentity(error);
          this.onRecorderError(message, name);
        }),
      );
      // The user left before seeing it start: the run dropped what little was recorded.
      if (!began) return;
      this.micMonitor.heardNow();
      this.setStats(IDLE_STATS);
      this.apply('start');
      this.deps.notify({ title: 'Recording Started', message: `Recording in ${modePhrase(mode)} mode.`, tone: 'success' });
    } catch (error) {
      if (run) this.endRun(run);
      this.fail(error instanceof Error && error.message ? error.message : 'Failed to start recording');
    } finally {
      this.update({ acquiring: false });
    }
  }

  pause(): void {
    if (!this.apply('pause')) return;
    this.run?.pause();
    this.deps.notify({ title: 'Recording Paused', message: 'Press Resume to continue recording.', tone: 'info' });
  }

  resume(): void {
    if (!this.apply('resume')) return;
    this.micMonitor.heardNow();
    this.run?.resume();
    this.deps.notify({ title: 'Recording Resumed', message: 'Recording continues.', tone: 'info' });
  }

  async stop(): Promise<void> {
    const { run } = this;
    if (!run?.running) {
      this.fail(SESSION_ERRORS.notRecording);
      return;
    }
    if (!this.apply('stop', { micSilent: false })) return;
    performance.mark(STOP_MARKS.pressed);
    this.stopping = run;
    try {
      const recording = await run.stop((result) => this.finished(run, result.recordingId, result.durationMs, result.mimeType)).finally(() => {
        this.stopping = null;
      });
      this.endRun(run);
      this.apply('finish', { lastRecording: recording });
      performance.mark(STOP_MARKS.ready);
      this.deps.onRecordingsChanged?.();
      this.deps.notify({
        title: 'Recording Stopped',
        message: 'Your video has been processed and is ready for download.',
        tone: 'success',
      });
      if (this.deps.settings().storage.autoSave) this.download();
    } catch (error) {
      // Finalizing failed: save what was stored the way a crash would be recovered.
      const { name, message } = errorIdentity(error);
      await this.onEngineError(message || 'Failed to process recording', name);
    }
  }

  download(): void {
    const recording = this.snapshot.lastRecording;
    if (!recording) return;
    this.deps.download(recording.file, recording.fileName);
    this.deps.notify({
      title: 'Download Started',
      message: `${recording.fileName} (${formatFileSize(recording.size)})`,
      tone: 'success',
    });
  }

  /** Releases the camera, microphone, screen and worker; the controller can be attached again. */
  detach(): void {
    // A recording cut short by leaving the studio is offered for recovery from here on.
    if (this.run) this.endRun(this.run);
    this.micMonitor.stop();
    this.sources?.dispose();
    this.sources = null;
    this.update({
      hasScreen: false,
      hasWebcam: false,
      hasMicrophone: false,
      micUnavailable: false,
      acquiring: false,
      micSilent: false,
      // An unfinished recording stays in IndexedDB for recovery; the studio itself is at rest.
      recordingState: 'idle',
    });
  }

  /** How the capture's news reaches what the studio shows and says. */
  private captureEvents(): CaptureEvents {
    return {
      onScreenConnected: (screen) => {
        this.update({ hasScreen: true });
        this.noticeIfCursorIgnored(screen);
      },
      onScreenEnded: async () => {
        this.update({ hasScreen: false });
        const { recordingState } = this.snapshot;
        if (recordingState === 'recording' || recordingState === 'paused') await this.stop();
      },
      onWebcamChange: (hasWebcam) => {
        this.update({ hasWebcam });
      },
      onMicrophoneConnected: () => {
        this.update({ hasMicrophone: true, micUnavailable: false });
        this.micMonitor.start();
      },
      onMicrophoneEnded: () => {
        this.micMonitor.stop();
        this.update({ hasMicrophone: false, micUnavailable: true, micSilent: false });
      },
      onMicrophoneLost: () => {
        this.update({ hasMicrophone: false });
      },
      onReopening: (acquiring) => {
        this.update({ acquiring });
      },
      onAcquisitionFailed: (device, error) => {
        this.onAcquisitionFailed(device, error);
      },
    };
  }

  /** Ends `run` wherever it ends: its lock and timer go with it. */
  private endRun(run: RecordingRun): void {
    run.dispose();
    if (this.run === run) this.run = null;
  }

  /** The stored file of a finished recording, ready for the Download card. */
  private async finished(run: RecordingRun, id: string, durationMs: number, mimeType?: string): Promise<FinishedRecording> {
    performance.mark(STOP_MARKS.finished);
    const blob = await readRecordingFile(id, mimeType);
    performance.mark(STOP_MARKS.read);
    this.setStats({ ...IDLE_STATS, durationMs, bytes: blob.size });
    return {
      id,
      fileName: recordingFileName(this.snapshot.mode, run.startedAt),
      file: blob,
      size: blob.size,
      durationMs,
      mode: this.snapshot.mode,
    };
  }

  private async onFigures(figures: LiveFigures): Promise<void> {
    this.setStats(figures);
    if (figures.durationMs >= MAX_RECORDING_MS) {
      this.deps.notify({ title: 'Recording Stopped', message: 'Recordings stop automatically after 3 hours.', tone: 'info' });
      await this.stop();
    }
  }

  private async pushLayout(): Promise<void> {
    await this.sources?.recorder?.setLayout({ mode: this.snapshot.mode, overlay: this.snapshot.overlay });
  }

  /**
   * A failure mid-recording (full disk, encoder crash, recorder error): stop capturing, turn what
   * was stored into a playable file, and say what happened. Nothing recorded is thrown away.
   */
  /**
   * A failure the recorder reports itself. While Stop finishes the same recording, Stop answers for it:
   * its file comes out whole, or its own failure saves what was stored. Handled here as well, the
   * recording was saved twice over and the studio told of both.
   */
  private onRecorderError(message: string, name: string): void {
    if (this.stopping !== null && this.stopping === this.run) return;
    void this.onEngineError(message, name);
  }

  private async onEngineError(message: string, name: string): Promise<void> {
    const { run } = this;
    this.run = null;
    const { recordingState } = this.snapshot;
    if (recordingState === 'recording' || recordingState === 'paused') this.apply('stop', { micSilent: false });
    const saved = run ? await run.abortAndRepair((durationMs) => this.finished(run, run.id, durationMs)) : null;
    this.deps.onRecordingsChanged?.();
    if (this.snapshot.recordingState === 'processing') this.apply(saved ? 'finish' : 'fail', saved ? { lastRecording: saved } : {});
    else if (saved) this.update({ lastRecording: saved });
    this.deps.notify(engineFailureNotice(message, name, saved?.durationMs ?? null));
  }

  private async warnIfStorageIsLow(videoBitrate: number, audioBitrate: number): Promise<void> {
    // No estimate (or one without a quota): nothing is known to be low, so record without a warning.
    const estimate = await storageEstimate();
    if (!estimate) return;
    const budget = storageBudget(estimate.quota, estimate.usage, videoBitrate, audioBitrate);
    if (budget.low) this.deps.notify(storageLowNotice(budget.freeBytes, budget.minutes));
  }

  private noticeIfCursorIgnored(screen: MediaStream): void {
    if (this.cursorNoticeShown || !screenIgnoresCursorSetting(this.deps.settings(), screen)) return;
    this.cursorNoticeShown = true;
    this.deps.notify(CURSOR_RECORDED_NOTICE);
  }

  private onAcquisitionFailed(device: DeviceKind, error: unknown): void {
    if (device !== 'microphone') {
      this.reportAcquisition(error);
      return;
    }
    // Said once: a user with no microphone is not told again at every Start.
    if (!this.snapshot.micUnavailable) this.reportAcquisition(error);
    if (error instanceof AcquisitionError) this.update({ micUnavailable: true });
  }

  private reportAcquisition(error: unknown): void {
    this.deps.notify(acquisitionNotice(error));
  }

  private fail(message: string): void {
    this.deps.notify(failureNotice(message));
  }

  /** Runs a state-machine event; on an invalid one shows its error and changes nothing. */
  private apply(event: SessionEvent, patch: Partial<StudioSnapshot> = {}): boolean {
    const result = transition(this.snapshot.recordingState, event);
    if (!result.ok) {
      this.fail(result.error);
      return false;
    }
    this.update({ ...patch, recordingState: result.state });
    return true;
  }

  private setStats(stats: RecordingStats): void {
    this.stats = stats;
    this.statsListeners.forEach((listener) => {
      listener();
    });
  }

  private update(patch: Partial<StudioSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    // The app's update prompt must not reload the page while this studio records (or finishes).
    setRecordingActive('studio', this.snapshot.recordingState !== 'idle');
    this.listeners.forEach((listener) => {
      listener();
    });
  }
}
