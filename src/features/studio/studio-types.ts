/** What the studio controller shows its page: the snapshot, the live figures, notices and finished files. */
import type { Settings } from '../settings';
import type { RecordingMode, LiveFigures, OverlayLayout } from '../../media';
import type { RecordingState } from './session-machine';

export interface Notice {
  title: string;
  message: string;
  tone: 'success' | 'error' | 'warning' | 'info';
}

export interface FinishedRecording {
  id: string;
  fileName: string;
  /** The stored file (disk-backed): an object URL is made only for the moment of a download, so none outlives the studio. */
  file: Blob;
  size: number;
  durationMs: number;
  mode: RecordingMode;
}

export interface StudioSnapshot {
  mode: RecordingMode;
  overlay: OverlayLayout;
  recordingState: RecordingState;
  acquiring: boolean;
  hasScreen: boolean;
  hasWebcam: boolean;
  hasMicrophone: boolean;
  /**
   * The microphone was refused, is missing or was unplugged: recordings go on without it
   * (docs/decisions/0008-microphone-optional.md).
   */
  micUnavailable: boolean;
  videoEnabled: boolean;
  audioEnabled: boolean;
  micSilent: boolean;
  lastRecording: FinishedRecording | null;
}

/** Live figures of the current (or last) recording; they change twice a second, so they have their own store. */
export type RecordingStats = LiveFigures;

/** The figures shown before anything is recorded. */
export const IDLE_STATS: RecordingStats = {
  durationMs: 0,
  bytes: 0,
  fps: 0,
  targetFps: 0,
  videoSize: { width: 0, height: 0 },
  chosenSize: { width: 0, height: 0 },
  steppedDown: false,
  lowestRung: false,
};

export interface StudioDeps {
  settings: () => Settings;
  /** Settings changed here or in another tab; the studio brings its live capture in line while idle. */
  subscribeSettings: (listener: () => void) => () => void;
  notify: (notice: Notice) => void;
  download: (file: Blob, fileName: string) => void;
  /** Called when the stored recordings changed (one finished, or one was left for recovery). */
  onRecordingsChanged?: () => void;
}
