/**
 * The host's room recording: plans the outputs for the chosen mode, runs the room recorder
 * worker, keeps it in step with who is in the room, tells the room through signaling, and hands
 * back the finished files. Only the host's tab runs one; guests follow the host's announcements.
 */
import { canvasSizeForQuality, setRecordingActive, keepUpMessage, type RecordingResult, RoomRecorder, type ParticipantMedia, askForPersistentStorage, PERSISTENCE_PROMPT_NOTICE, type RecorderEvents, patchRecording } from '../../../media';
import { audioBitrateKbps, type Settings } from '../../settings';
import type { OutgoingAcks, OutgoingEvent, OutgoingEvents, RoomRecordingMode } from '../../../protocol';
import { mixedTiles, type PlanParticipant } from './room-recording-plan';
import { ownTrackSize } from '../tracks/own-track-size';
import { announcedSession } from '../tracks/recording-session';
import { RoomRecordingOutputs } from './room-recording-outputs';
import { finishedFiles, RECORDING_MODE_LABELS, recordingCompleteMessage, roomRecordingStats, unfinishedFilesMessage } from './room-recording-format';
import { nextRecordingState, type RoomRecordingEvent } from './room-recording-machine';
import type { RoomAction, RoomState } from '../room-state';
import type { RoomFile, RoomNotice } from '../room-notice';
import { reportError, reportingAs } from '../../../shared/report-error';
import { Lifetime } from '../../../shared/lifetime';

const STATS_INTERVAL_MS = 1000;
/** How long a host waits for the room's recording-stopped after the room accepted the stop. */
const STOPPED_EVENT_WAIT_MS = 5000;

export interface RecordingContext {
  state(): RoomState;
  dispatch(action: RoomAction): void;
  notify(notice: RoomNotice): void;
  media(participantId: string): ParticipantMedia;
  emit<E extends OutgoingEvent>(event: E, payload: OutgoingEvents[E]): Promise<OutgoingAcks[E]>;
  settings(): Settings;
  setFiles(files: RoomFile[]): void;
  downloadFiles(): void;
}

/** Pausing and resuming: the step that undoes each, what the room is told, and what the host sees. */
const PAUSE_STEPS = {
  pause: { undo: 'resume', event: 'pause-recording', done: 'paused', notice: { title: 'Recording Paused', message: 'Press Resume to continue recording.' } },
  resume: { undo: 'pause', event: 'resume-recording', done: 'resumed', notice: { title: 'Recording Resumed', message: 'Recording continues.' } },
} as const;

/** The room recorder as the controller drives it; the worker-backed RoomRecorder by default, a fake in unit tests. */
export type RoomRecorderPort = Pick<RoomRecorder, 'setParticipant' | 'removeParticipant' | 'start' | 'setTiles' | 'pause' | 'resume' | 'stop' | 'stats' | 'dispose'>;

const errorText = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback);

export class RoomRecordingController {
  private recorder: RoomRecorderPort | null = null;
  private outputs: RoomRecordingOutputs | null = null;
  private mode: RoomRecordingMode = 'mixed';
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  /** Results collected at Stop, waiting for the room's recording-stopped event. */
  private collected: RecordingResult[] | null = null;
  private stopWaiter: (() => void) | null = null;
  private stoppedFallback: ReturnType<typeof setTimeout> | undefined;
  private failedFiles = 0;
  /** The room confirmed the stop before the host's files were finished. */
  private roomStopped = false;
  /**
   * From the Stop until the files are handed back. Set before the room is told, since a room of this
   * browser's tabs decides in this tab and can confirm inside the emit, before `stopping` is assigned.
   */
  private stopUnderway = false;
  private stopping: Promise<void> | null = null;
  private starting: Promise<void> | null = null;
  /** Renewed by dispose(): work started before it belongs to a recording that no longer exists. */
  private readonly lifetime = new Lifetime();
  constructor(
    private readonly context: RecordingContext,
    private readonly createRecorder: (events: RecorderEvents) => Promise<RoomRecorderPort> = (events) => RoomRecorder.create(events),
  ) {}

  get active(): boolean {
    return this.recorder !== null;
  }

  /**
   * Saves whatever is recording before the room closes: waits for a start or a stop under way,
   * then stops a recording that is running. Resolves once the files are finished.
   */
  async finishForLeave(): Promise<void> {
    await this.starting;
    await this.stopping;
    const { recordingState } = this.context.state();
    if (recordingState === 'recording' || recordingState === 'paused') await this.stop();
  }

  start(): Promise<void> {
    if (this.starting) return this.starting;
    if (!this.move('start')) return Promise.resolve();
    this.starting = this.begin().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async begin(): Promise<void> {
    const { context } = this;
    // Leaving the room mid-start disposes this controller: every await below checks for that, so a
    // stale start never keeps a worker, a timer or the recording-activity flag alive.
    const { signal } = this.lifetime;
    const stale = () => signal.aborted;
    const room = context.state();
    this.mode = room.recordingMode;
    try {
      const recorder = await this.createRecorder({
        onError: (message) => {
          if (!stale()) void this.onEngineError(message);
        },
      });
      if (stale()) {
        recorder.dispose();
        return;
      }
      this.recorder = recorder;
      const participants = this.planParticipants();
      for (const p of participants) await recorder.setParticipant(p.id, context.media(p.id));
      if (stale()) return;
      const settings = context.settings();
      const ownVideo = context.media(room.selfId).video;
      const outputs = new RoomRecordingOutputs(this.mode, {
        videoKbps: settings.video.bitrate,
        audioKbps: audioBitrateKbps(settings.audio.quality),
        frameRate: settings.video.frameRate,
        ownSize: ownTrackSize(ownVideo?.getSettings() ?? null, canvasSizeForQuality(settings.video.quality)),
      });
      this.outputs = outputs;
      const plan = outputs.plan(participants);
      setRecordingActive('room', true);
      askForPersistentStorage(() => {
        context.notify({ ...PERSISTENCE_PROMPT_NOTICE, tone: 'info' });
      });
      await recorder.start(plan);
      if (stale()) return;
      const ack = await context.emit('start-recording', { roomId: room.roomId, mode: this.mode });
      if (stale()) return;
      if (!ack.success) throw new Error(ack.error ?? 'Failed to start recording');
      this.move('started');
      context.dispatch({ type: 'recording-stats', stats: this.stats(0, 0) });
      this.statsTimer = setInterval(() => void this.pollStats(), STATS_INTERVAL_MS);
      context.notify({ title: 'Recording Started', message: `Recording the room in ${RECORDING_MODE_LABELS[this.mode].toLowerCase()} mode.`, tone: 'success' });
    } catch (error) {
      if (stale()) return;
      this.teardown();
      this.move('fail');
      context.notify({ title: 'Recording Failed', message: errorText(error, 'Failed to start recording'), tone: 'error' });
    }
  }

  async pause(): Promise<void> {
    await this.pauseOrResume('pause');
  }

  async resume(): Promise<void> {
    await this.pauseOrResume('resume');
  }

  /** Pauses or resumes this tab's recorder, then tells the room; a recorder that refuses is put back. */
  private async pauseOrResume(step: 'pause' | 'resume'): Promise<void> {
    const recorder = this.recorder;
    if (!recorder || !this.move(step)) return;
    const { undo, event, done, notice } = PAUSE_STEPS[step];
    try {
      await recorder[step]();
    } catch (error) {
      reportError(`room recording: ${step}`, error);
      this.move(undo);
      return;
    }
    await this.context.emit(event, { roomId: this.context.state().roomId }).catch(reportingAs(`room recording: tell the room it ${done}`));
    this.context.notify({ ...notice, tone: 'info' });
  }

  /**
   * Stops, collects every file, and returns once the room has been told (idle again). A stop
   * already under way is joined, so leaving the room mid-stop waits for the files to be finished.
   */
  stop(): Promise<void> {
    if (this.stopping) return this.stopping;
    const recorder = this.recorder;
    if (!recorder || !this.move('stop')) return Promise.resolve();
    this.roomStopped = false;
    this.stopUnderway = true;
    this.stopping = this.finishStop(recorder).finally(() => {
      this.stopping = null;
      this.stopUnderway = false;
    });
    return this.stopping;
  }

  private async finishStop(recorder: RoomRecorderPort): Promise<void> {
    clearInterval(this.statsTimer);
    const { context } = this;
    // The room hears at once, so participants recording their own tracks stop with the host rather
    // than after the host's files are finished.
    const told = context.emit('stop-recording', { roomId: context.state().roomId }).then(
      (ack) => ack.success,
      () => false,
    );
    try {
      const { results, failed } = await recorder.stop();
      this.collected = results;
      this.failedFiles = failed;
    } catch (error) {
      this.teardown();
      this.move('fail');
      context.notify({ title: 'Stop Recording Failed', message: errorText(error, 'Failed to stop recording'), tone: 'error' });
      return;
    }
    this.teardown();
    const stopped = new Promise<void>((resolve) => {
      this.stopWaiter = resolve;
    });
    // The room could not be told, or already confirmed: finish here. The files are safe already, so
    // if the room's word never comes, the host is not left on Processing either.
    const confirmed = await told;
    // The room's word may have come while the ack was on its way: then the stop is finished.
    if (!this.awaitingRoom()) return stopped;
    if (this.roomConfirmedEarly() || !confirmed) this.onRecordingStopped();
    else
      this.stoppedFallback = setTimeout(() => {
        this.onRecordingStopped();
      }, STOPPED_EVENT_WAIT_MS);
    await stopped;
  }

  /** Methods, not field reads, so checks after an await see the current values. */
  private awaitingRoom(): boolean {
    return this.collected !== null;
  }

  private roomConfirmedEarly(): boolean {
    return this.roomStopped;
  }

  /** The room's recording-stopped event: the recording is idle once it arrives. */
  onRecordingStopped(): void {
    const results = this.collected;
    if (!results) {
      // Confirmed while the host's files are still being finished: they finish the stop when ready.
      if (this.stopUnderway) this.roomStopped = true;
      return;
    }
    this.collected = null;
    clearTimeout(this.stoppedFallback);
    const failed = this.failedFiles;
    this.failedFiles = 0;
    const { context } = this;
    const { files, totalSize, durationMs } = finishedFiles(results, this.outputs?.fileNames ?? new Map<string, string>());
    context.setFiles(files);
    context.dispatch({ type: 'recording-stats', stats: this.stats(durationMs, totalSize) });
    this.move('stopped');
    context.notify({
      title: 'Recording Complete',
      message: recordingCompleteMessage(files.length),
      tone: 'success',
      sticky: true,
      action: {
        label: 'Download',
        run: () => {
          context.downloadFiles();
        },
      },
    });
    if (failed > 0) context.notify({ title: 'Recording Failed', message: unfinishedFilesMessage(failed), tone: 'error', sticky: true });
    this.stopWaiter?.();
    this.stopWaiter = null;
  }

  /**
   * The room announced the recording's start: the host's own track is marked with the room's
   * recording, as every participant's is, so the library groups one recording's tracks. The room's
   * word comes only after this recorder started (start-recording is sent once its files exist), and
   * comes again, the same, after a reconnection.
   */
  roomStarted(startedAt: number | null): Promise<void> {
    const outputs = this.outputs;
    const session = announcedSession(this.context.state().roomId, startedAt);
    if (!outputs || !session || outputs.trackIds.length === 0) return Promise.resolve();
    return Promise.all(outputs.trackIds.map((id) => patchRecording(id, { roomSession: session }))).then(
      () => undefined,
      reportingAs('room recording: note the room recording on the host’s track'),
    );
  }

  /**
   * Someone joined mid-recording: into the mixed picture. In separate mode they record their own
   * track on their computer (features/room/tracks), so the host's recorder has nothing to add.
   */
  onParticipantJoined(participantId: string): Promise<void> {
    if (this.mode !== 'mixed') return Promise.resolve();
    return this.follow(async (recorder) => {
      await recorder.setParticipant(participantId, this.context.media(participantId));
      const participant = this.planParticipants().find((p) => p.id === participantId);
      if (!participant) return;
      this.outputs?.joined(participant);
      await recorder.setTiles('mixed', mixedTiles(this.planParticipants()));
    });
  }

  onParticipantLeft(participantId: string): Promise<void> {
    if (this.mode !== 'mixed') return Promise.resolve();
    return this.follow(async (recorder) => {
      await recorder.setTiles('mixed', mixedTiles(this.planParticipants().filter((p) => p.id !== participantId)));
      await recorder.removeParticipant(participantId);
    });
  }

  /** A participant's picture or sound changed (new connection, screen share). */
  onMediaChanged(participantId: string): Promise<void> {
    if (this.mode !== 'mixed' && participantId !== this.context.state().selfId) return Promise.resolve();
    return this.follow((recorder) => recorder.setParticipant(participantId, this.context.media(participantId)));
  }

  /**
   * Keeps a running recording in step with the room. A step that fails (a track that ended as it
   * was handed over) costs that participant's picture, never the recording, and never surfaces as
   * an unhandled rejection.
   */
  private async follow(step: (recorder: RoomRecorderPort) => Promise<void>): Promise<void> {
    const recorder = this.recorder;
    if (!recorder) return;
    try {
      await step(recorder);
    } catch (error) {
      reportError('room recording: follow a change in the room', error);
    }
  }

  dispose(): void {
    this.lifetime.renew();
    this.teardown();
    clearTimeout(this.stoppedFallback);
    this.collected = null;
    this.stopWaiter?.();
    this.stopWaiter = null;
  }

  /** Who the host's recorder draws: everyone in the mixed picture, else only the host. */
  private planParticipants(): PlanParticipant[] {
    const everyone = this.context.state().participants.map((p) => ({ id: p.id, name: p.name, isLocal: p.isLocal }));
    return this.mode === 'mixed' ? everyone : everyone.filter((p) => p.isLocal);
  }

  private stats(durationMs: number, totalSize: number, live?: { fps: number; keepUp: string | null }) {
    return roomRecordingStats(this.mode, this.outputs?.participantCount ?? 0, durationMs, totalSize, live);
  }

  private async pollStats(): Promise<void> {
    const stats = await this.recorder?.stats().catch((error: unknown) => {
      reportError('room recording: read the figures', error);
      return null;
    });
    if (!stats || (stats.state !== 'recording' && stats.state !== 'paused')) return;
    const keepUp = stats.videoSize
      ? keepUpMessage({ fps: stats.fps, videoSize: stats.videoSize, chosenSize: stats.chosenSize ?? stats.videoSize, steppedDown: stats.steppedDown, lowestRung: stats.lowestRung })
      : null;
    this.context.dispatch({ type: 'recording-stats', stats: this.stats(stats.durationMs, stats.bytes, { fps: stats.fps, keepUp }) });
  }

  private async onEngineError(message: string): Promise<void> {
    if (!this.recorder) return;
    this.teardown();
    this.move('fail');
    this.context.notify({ title: 'Recording Failed', message: message || 'Recording failed due to an error', tone: 'error' });
    await this.context.emit('stop-recording', { roomId: this.context.state().roomId }).catch(reportingAs('room recording: tell the room it stopped'));
  }

  private teardown(): void {
    clearInterval(this.statsTimer);
    this.recorder?.dispose();
    this.recorder = null;
    this.outputs?.release();
    setRecordingActive('room', false);
  }

  private move(event: RoomRecordingEvent): boolean {
    const next = nextRecordingState(this.context.state().recordingState, event);
    if (next === null) return false;
    this.context.dispatch({ type: 'recording-state', state: next });
    return true;
  }
}
