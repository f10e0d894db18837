/**
 * Orchestrates one studio: the captured streams, the audio mix, the recorder worker and the
 * session state machine. It holds no React; the studio page subscribes to its snapshots.
 */
import { setRecordingActive } from '../../shared/recording-activity';
import { audioBitrateKbps } from '../settings';
import { formatDuration, formatFileSize, recordingFileName } from '../../shared/format';
import { defaultRecordingName } from '../../shared/recording-modes';
import { holdRecordingLock } from '../../shared/storage/recording-locks';
import { deleteRecording, readRecordingFile, type RecordingMode } from '../../shared/storage/recordings-db';
import {
  AcquisitionError,
  ACCESS_DENIED,
  applyVideoConstraints,
  AudioMixer,
  canvasSizeForQuality,
  modeNeedsScreen,
  modeNeedsWebcam,
  modePhrase,
  RecorderBridge,
  requestMicrophone,
  requestScreen,
  requestWebcam,
  screenIgnoresCursorSetting,
  screenVideoConstraints,
  startRecordingOn,
  stopStream,
  webcamVideoConstraints,
  type ActiveRecording,
  type OverlayLayout,
  type RecordingResult,
  type StartOptions,
} from '../recording';
import { MicLevelMonitor } from './mic-level-monitor';
import { storageBudget } from './storage-budget';
import { SESSION_ERRORS, transition, type SessionEvent } from './session-machine';
import { IDLE_STATS, type FinishedRecording, type RecordingStats, type StudioDeps, type StudioSnapshot } from './studio-types';

export type { FinishedRecording, Notice, RecordingStats, StudioDeps, StudioSnapshot } from './studio-types';

export const MAX_RECORDING_MS = 3 * 60 * 60 * 1000;
const STATS_INTERVAL_MS = 500;

export class StudioController {
  private snapshot: StudioSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly micMonitor = new MicLevelMonitor({
    level: () => this.mixer?.level() ?? 0,
    listening: () => this.snapshot.recordingState === 'recording' && this.snapshot.audioEnabled,
    visible: () => !document.hidden,
    onSilentChange: (micSilent) => {
      this.update({ micSilent });
    },
  });
  private readonly statsListeners = new Set<() => void>();
  private stats: RecordingStats = IDLE_STATS;
  private bridge: RecorderBridge | null = null;
  private active: ActiveRecording | null = null;
  private webcamRequest: Promise<boolean> | null = null;
  private releaseLock: () => void = () => undefined;
  /** The recording being made, until it is finished or saved after a failure. */
  private recordingId: string | null = null;
  private mixer: AudioMixer | null = null;
  private screen: MediaStream | null = null;
  private webcam: MediaStream | null = null;
  private microphone: MediaStream | null = null;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private startedAt = new Date();
  /** Bumped on every attach and detach, so async work started for an old attachment is discarded. */
  private generation = 0;
  /** Settles when the latest attach has finished; Start waits for it rather than fail just after load. */
  private attaching: Promise<void> = Promise.resolve();
  /** Why the recorder could not be attached (its worker failed to load), said again at Start. */
  private attachFailure: string | null = null;
  /** The "pointer is recorded anyway" notice is shown once per studio visit. */
  private cursorNoticeShown = false;

  constructor(private readonly deps: StudioDeps) {
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

  /** Starts a recorder worker painting into `canvas`; `detach` undoes it (the page may remount). */
  attach(canvas: HTMLCanvasElement): Promise<void> {
    const attaching = this.attachWorker(canvas);
    this.attaching = attaching.catch((error: unknown) => {
      this.attachFailure = error instanceof Error ? error.message : String(error);
    });
    return attaching;
  }

  private async attachWorker(canvas: HTMLCanvasElement): Promise<void> {
    const generation = ++this.generation;
    const settings = this.deps.settings();
    this.attachFailure = null;
    const bridge = await RecorderBridge.create(canvas, canvasSizeForQuality(settings.video.quality), settings.video.frameRate, {
      onError: (message, name) => {
        void this.onEngineError(message, name);
      },
    });
    if (generation !== this.generation) {
      bridge.dispose();
      return;
    }
    this.bridge = bridge;
    // Streams connected while the worker was starting (auto-start, a quick click) join it now.
    await this.pushStreams(bridge);
    await this.pushLayout();
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

  /** Applies a changed canvas size when nothing is being recorded. */
  applySettings(): void {
    if (this.snapshot.recordingState !== 'idle') return;
    const settings = this.deps.settings();
    void this.bridge?.setSize(canvasSizeForQuality(settings.video.quality));
  }

  /**
   * Brings what is live in line with Settings changed while the studio is open (in this tab or
   * another), while nothing is being recorded: `video` applies the canvas size and the camera's and
   * screen's size and frame rate; `microphone` opens the microphone again with the new noise
   * suppression and echo cancellation (fixed when a microphone opens; no prompt once granted) and
   * swaps it into the audio mix. Returns false when the studio was busy, so the caller tries again later.
   */
  async followSettings(changed: { video: boolean; microphone: boolean }): Promise<boolean> {
    const busy = () => this.snapshot.recordingState !== 'idle' || this.snapshot.acquiring;
    if (busy()) return false;
    const settings = this.deps.settings();
    if (changed.video) {
      this.applySettings();
      await Promise.all([
        applyVideoConstraints(this.webcam, webcamVideoConstraints(settings)),
        applyVideoConstraints(this.screen, screenVideoConstraints(settings)),
      ]);
    }
    // Start may have been pressed meanwhile; then all of it is applied again once idle.
    if (busy()) return false;
    const previous = this.microphone;
    if (changed.microphone && previous) {
      const generation = this.generation;
      // Acquiring holds Start off until the new microphone is in the mix.
      this.update({ acquiring: true });
      // Chromium shares one capture per device: new processing applies only once the old track is released.
      this.microphone = null;
      this.mixer?.setInput('microphone', null);
      stopStream(previous);
      try {
        const connected = await this.connectMicrophone();
        // On failure the notice is shown and Start asks for a microphone again.
        if (!connected && generation === this.generation) this.update({ hasMicrophone: false });
      } finally {
        this.update({ acquiring: false });
      }
    }
    return true;
  }

  private noticeIfCursorIgnored(screen: MediaStream): void {
    if (this.cursorNoticeShown || !screenIgnoresCursorSetting(this.deps.settings(), screen)) return;
    this.cursorNoticeShown = true;
    this.deps.notify({
      title: 'The mouse pointer is recorded',
      message: 'This browser always records the mouse pointer, so "Capture cursor" off in Settings has no effect here.',
      tone: 'info',
    });
  }

  async selectScreen(): Promise<boolean> {
    if (this.screen) return true;
    try {
      const generation = this.generation;
      const stream = await requestScreen(this.deps.settings());
      if (generation !== this.generation) {
        stopStream(stream); // the studio was left while the picker was open
        return false;
      }
      this.setScreen(stream);
      this.noticeIfCursorIgnored(stream);
      return true;
    } catch (error) {
      this.reportAcquisition(error);
      return false;
    }
  }

  /** Connects the camera; concurrent calls (mode change, Start, the button) share one request. */
  connectWebcam(): Promise<boolean> {
    if (this.webcam) return Promise.resolve(true);
    this.webcamRequest ??= this.requestWebcamStream().finally(() => {
      this.webcamRequest = null;
    });
    return this.webcamRequest;
  }

  private async requestWebcamStream(): Promise<boolean> {
    try {
      const generation = this.generation;
      const stream = await requestWebcam(this.deps.settings());
      if (generation !== this.generation) {
        stopStream(stream);
        return false;
      }
      this.webcam = stream;
      this.applyVideoEnabled();
      const [track] = stream.getVideoTracks();
      track?.addEventListener('ended', () => {
        if (this.webcam !== stream) return;
        this.webcam = null;
        this.update({ hasWebcam: false });
        void this.bridge?.setVideoTrack('webcam', null);
      });
      await this.bridge?.setVideoTrack('webcam', track ?? null);
      this.update({ hasWebcam: true });
      return true;
    } catch (error) {
      this.reportAcquisition(error);
      return false;
    }
  }

  toggleVideo(): void {
    this.update({ videoEnabled: !this.snapshot.videoEnabled });
    this.applyVideoEnabled();
  }

  toggleAudio(): void {
    this.update({ audioEnabled: !this.snapshot.audioEnabled });
    this.applyAudioEnabled();
    this.micMonitor.heardNow();
  }

  /** One press: acquire what the mode is missing (screen first, while the click is fresh), then record. */
  async start(): Promise<void> {
    const check = transition(this.snapshot.recordingState, 'start');
    if (!check.ok) {
      this.fail(check.error);
      return;
    }
    if (this.snapshot.acquiring) return;
    const { mode } = this.snapshot;
    // Leaving the studio mid-start (a permission prompt can stay open a while) detaches it: stop there.
    const generation = this.generation;
    const left = () => generation !== this.generation;
    this.update({ acquiring: true });
    try {
      if (modeNeedsScreen(mode) && !(await this.selectScreen())) return;
      if (modeNeedsWebcam(mode) && !(await this.connectWebcam())) return;
      // The microphone is optional (DECISIONS 25): without it the recording goes on, and says so.
      await this.connectMicrophone();
      await this.attaching;
      const { bridge } = this;
      if (left()) return;
      if (!bridge && this.attachFailure) {
        this.fail(this.attachFailure);
        return;
      }
      if ((modeNeedsScreen(mode) && !this.screen) || (modeNeedsWebcam(mode) && !this.webcam) || !bridge) {
        this.fail(SESSION_ERRORS.noStream);
        return;
      }
      await requestPersistentStorage();
      const settings = this.deps.settings();
      const videoBitrate = settings.video.bitrate * 1000;
      const audioBitrate = audioBitrateKbps(settings.audio.quality) * 1000;
      await this.warnIfStorageIsLow(videoBitrate, audioBitrate);
      if (left()) return;
      this.startedAt = new Date();
      const id = crypto.randomUUID();
      this.recordingId = id;
      this.releaseLock = holdRecordingLock(id);
      const options: StartOptions = {
        recordingId: id,
        name: defaultRecordingName(mode),
        mode,
        size: canvasSizeForQuality(settings.video.quality),
        videoBitrate,
        audioBitrate,
        frameRate: settings.video.frameRate,
        createdAt: this.startedAt.getTime(),
      };
      const active = await startRecordingOn(bridge, this.mixer?.track ?? null, options, (error) => {
        const name = error instanceof DOMException || error instanceof Error ? error.name : 'Error';
        void this.onEngineError(error instanceof Error ? error.message : String(error), name);
      });
      if (left()) {
        // The user left before seeing it start: nothing worth keeping was recorded.
        await active.abort();
        await deleteRecording(id);
        return;
      }
      this.active = active;
      this.micMonitor.heardNow();
      this.setStats(IDLE_STATS);
      this.apply('start');
      this.statsTimer = setInterval(() => void this.pollStats(), STATS_INTERVAL_MS);
      this.deps.notify({ title: 'Recording Started', message: `Recording in ${modePhrase(mode)} mode.`, tone: 'success' });
    } catch (error) {
      this.releaseLock();
      this.recordingId = null;
      this.fail(error instanceof Error && error.message ? error.message : 'Failed to start recording');
    } finally {
      this.update({ acquiring: false });
    }
  }

  pause(): void {
    if (!this.apply('pause')) return;
    this.active?.pause();
    this.deps.notify({ title: 'Recording Paused', message: 'Press Resume to continue recording.', tone: 'info' });
  }

  resume(): void {
    if (!this.apply('resume')) return;
    this.micMonitor.heardNow();
    this.active?.resume();
    this.deps.notify({ title: 'Recording Resumed', message: 'Recording continues.', tone: 'info' });
  }

  async stop(): Promise<void> {
    const active = this.active;
    if (!active) {
      this.fail(SESSION_ERRORS.notRecording);
      return;
    }
    if (!this.apply('stop', { micSilent: false })) return;
    clearInterval(this.statsTimer);
    this.active = null;
    try {
      await this.finishRecording(await active.stop());
    } catch (error) {
      // Finalizing failed: save what was stored the way a crash would be recovered.
      const name = error instanceof DOMException || error instanceof Error ? error.name : 'Error';
      await this.onEngineError(error instanceof Error && error.message ? error.message : 'Failed to process recording', name);
    }
  }

  download(): void {
    const recording = this.snapshot.lastRecording;
    if (!recording) return;
    this.deps.download(recording.url, recording.fileName);
    this.deps.notify({
      title: 'Download Started',
      message: `${recording.fileName} (${formatFileSize(recording.size)})`,
      tone: 'success',
    });
  }

  /** Releases the camera, microphone, screen and worker; the controller can be attached again. */
  detach(): void {
    this.generation += 1;
    clearInterval(this.statsTimer);
    this.micMonitor.stop();
    for (const stream of [this.screen, this.webcam, this.microphone]) stopStream(stream);
    this.screen = null;
    this.webcam = null;
    this.microphone = null;
    void this.mixer?.close();
    this.mixer = null;
    this.bridge?.dispose();
    this.bridge = null;
    this.active = null;
    // A recording cut short by leaving the studio is offered for recovery from here on.
    this.releaseLock();
    this.recordingId = null;
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

  private async finishRecording(result: RecordingResult): Promise<void> {
    const recording = await this.finished(result.recordingId, result.durationMs, result.mimeType);
    this.recordingId = null;
    this.apply('finish', { lastRecording: recording });
    this.releaseLock();
    this.deps.onRecordingsChanged?.();
    this.deps.notify({
      title: 'Recording Stopped',
      message: 'Your video has been processed and is ready for download.',
      tone: 'success',
    });
    if (this.deps.settings().storage.autoSave) this.download();
  }

  /** The stored file of a finished recording, ready for the Download card. */
  private async finished(id: string, durationMs: number, mimeType?: string): Promise<FinishedRecording> {
    const blob = await readRecordingFile(id, mimeType);
    const previous = this.snapshot.lastRecording;
    if (previous) URL.revokeObjectURL(previous.url);
    this.setStats({ ...IDLE_STATS, durationMs, bytes: blob.size });
    return {
      id,
      fileName: recordingFileName(this.snapshot.mode, this.startedAt),
      url: URL.createObjectURL(blob),
      size: blob.size,
      durationMs,
      mode: this.snapshot.mode,
    };
  }

  private async connectMicrophone(): Promise<boolean> {
    if (this.microphone) return true;
    try {
      const generation = this.generation;
      const stream = await requestMicrophone(this.deps.settings());
      if (generation !== this.generation) {
        stopStream(stream);
        return false;
      }
      try {
        this.ensureMixer().setInput('microphone', stream);
        await this.bridge?.setAudioTrack(this.ensureMixer().track);
      } catch (error) {
        stopStream(stream);
        throw error;
      }
      this.microphone = stream;
      this.applyAudioEnabled();
      this.update({ hasMicrophone: true, micUnavailable: false });
      this.micMonitor.start();
      // Unplugged mid-session: the mix goes on without it, and the studio says so.
      stream.getAudioTracks()[0]?.addEventListener('ended', () => {
        this.onMicrophoneEnded(stream);
      });
      return true;
    } catch (error) {
      // Said once: a user with no microphone is not told again at every Start.
      if (!this.snapshot.micUnavailable) this.reportAcquisition(error);
      if (error instanceof AcquisitionError) this.update({ micUnavailable: true });
      return false;
    }
  }

  private onMicrophoneEnded(stream: MediaStream): void {
    if (this.microphone !== stream) return;
    this.microphone = null;
    stopStream(stream);
    this.mixer?.setInput('microphone', null);
    this.micMonitor.stop();
    this.update({ hasMicrophone: false, micUnavailable: true, micSilent: false });
  }

  private setScreen(stream: MediaStream): void {
    this.screen = stream;
    this.applyVideoEnabled();
    const [track] = stream.getVideoTracks();
    // Ending the share from the browser's own bar: drop the screen and save what was recorded.
    track?.addEventListener('ended', () => {
      void this.onScreenEnded(stream);
    });
    void this.bridge?.setVideoTrack('screen', track ?? null);
    if (stream.getAudioTracks().length > 0) this.ensureMixer().setInput('system', stream);
    if (this.mixer) void this.bridge?.setAudioTrack(this.mixer.track);
    this.update({ hasScreen: true });
  }

  private async onScreenEnded(stream: MediaStream): Promise<void> {
    if (this.screen !== stream) return;
    this.screen = null;
    stopStream(stream);
    this.mixer?.setInput('system', null);
    this.update({ hasScreen: false });
    const { recordingState } = this.snapshot;
    if (recordingState === 'recording' || recordingState === 'paused') await this.stop();
    await this.bridge?.setVideoTrack('screen', null);
  }

  private ensureMixer(): AudioMixer {
    this.mixer ??= new AudioMixer();
    return this.mixer;
  }

  private applyVideoEnabled(): void {
    const enabled = this.snapshot.videoEnabled;
    for (const stream of [this.screen, this.webcam]) {
      stream?.getVideoTracks().forEach((track) => (track.enabled = enabled));
    }
  }

  private applyAudioEnabled(): void {
    const enabled = this.snapshot.audioEnabled;
    this.microphone?.getAudioTracks().forEach((track) => (track.enabled = enabled));
    // In webcam-only mode the toggle also covers any audio the webcam stream carries.
    if (this.snapshot.mode === 'webcam-only') this.webcam?.getAudioTracks().forEach((track) => (track.enabled = enabled));
  }

  private async pollStats(): Promise<void> {
    const stats = await this.active?.figures();
    if (!stats) return;
    this.setStats(stats);
    if (stats.durationMs >= MAX_RECORDING_MS) {
      this.deps.notify({ title: 'Recording Stopped', message: 'Recordings stop automatically after 3 hours.', tone: 'info' });
      await this.stop();
    }
  }

  private async pushStreams(bridge: RecorderBridge): Promise<void> {
    const [webcam] = this.webcam?.getVideoTracks() ?? [];
    const [screen] = this.screen?.getVideoTracks() ?? [];
    const audio = this.mixer?.track;
    if (webcam) await bridge.setVideoTrack('webcam', webcam);
    if (screen) await bridge.setVideoTrack('screen', screen);
    if (audio) await bridge.setAudioTrack(audio);
  }

  private async pushLayout(): Promise<void> {
    await this.bridge?.setLayout({ mode: this.snapshot.mode, overlay: this.snapshot.overlay });
  }

  /**
   * A failure mid-recording (full disk, encoder crash, recorder error): stop capturing, turn what
   * was stored into a playable file, and say what happened. Nothing recorded is thrown away.
   */
  private async onEngineError(message: string, name: string): Promise<void> {
    clearInterval(this.statsTimer);
    const active = this.active;
    this.active = null;
    const { recordingState } = this.snapshot;
    if (recordingState === 'recording' || recordingState === 'paused') this.apply('stop', { micSilent: false });
    await active?.abort();
    const id = this.recordingId;
    this.recordingId = null;
    let saved: FinishedRecording | null = null;
    if (id) {
      try {
        const { repairRecording } = await import('../../shared/storage/repair-recording');
        const result = await repairRecording(id);
        saved = await this.finished(id, result.durationMs);
      } catch {
        // Left as it is: the recovery notice offers it again later.
      }
    }
    this.releaseLock();
    this.deps.onRecordingsChanged?.();
    if (this.snapshot.recordingState === 'processing') this.apply(saved ? 'finish' : 'fail', saved ? { lastRecording: saved } : {});
    else if (saved) this.update({ lastRecording: saved });
    const savedNote = saved ? `The first ${formatDuration(saved.durationMs / 1000)} was saved to Your recordings and is ready to download.` : '';
    if (name === 'QuotaExceededError') {
      this.deps.notify({
        title: 'Storage is full',
        message: `The recording stopped because this browser has no storage space left. ${savedNote || 'What was recorded is kept and can be recovered once there is space.'} Free up disk space or delete old recordings before recording again.`,
        tone: 'error',
      });
      return;
    }
    this.fail([message || 'Recording failed due to an error', savedNote].filter(Boolean).join('. '));
  }

  private async warnIfStorageIsLow(videoBitrate: number, audioBitrate: number): Promise<void> {
    try {
      const { quota = 0, usage = 0 } = await navigator.storage.estimate();
      const budget = storageBudget(quota, usage, videoBitrate, audioBitrate);
      if (!budget.low) return;
      this.deps.notify({
        title: 'Storage is running low',
        message: `Only ${formatFileSize(budget.freeBytes)} is free here: about ${String(budget.minutes)} minute${budget.minutes === 1 ? '' : 's'} of recording at the current quality. Free up disk space, delete old recordings, or lower the bitrate in Settings.`,
        tone: 'warning',
      });
    } catch {
      // No estimate available: record anyway.
    }
  }

  private reportAcquisition(error: unknown): void {
    if (!(error instanceof AcquisitionError)) {
      this.fail(error instanceof Error && error.message ? error.message : 'Failed to start recording');
      return;
    }
    const { title, message } = ACCESS_DENIED[error.device];
    this.deps.notify({ title, message, tone: 'error' });
  }

  private fail(message: string): void {
    this.deps.notify({ title: 'Recording Failed', message, tone: 'error' });
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

async function requestPersistentStorage(): Promise<void> {
  try {
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Persistence is best effort; recording works without it.
  }
}
