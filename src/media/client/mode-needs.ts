import { MODE_LABELS } from './recording-modes';
import type { RecordingMode } from '../storage/recordings-db';

/** What each recording mode needs captured before it can start. */
export const modeNeedsScreen = (mode: RecordingMode): boolean => mode !== 'webcam-only';
export const modeNeedsWebcam = (mode: RecordingMode): boolean => mode !== 'screen-only';

/** "screen + webcam", as in the notice "Recording in screen + webcam mode." */
export const modePhrase = (mode: RecordingMode): string => MODE_LABELS[mode].toLowerCase();
