/**
 * The Settings "auto-start" rule: once everything the mode needs on screen is connected, recording
 * starts without a press of Start, once per visit to the studio. The microphone is not awaited:
 * Start connects it itself and needs no click to do so.
 */
import { modeNeedsScreen, modeNeedsWebcam } from '../../media';
import { type StudioSnapshot } from './studio-controller';

export type AutoStartView = Pick<StudioSnapshot, 'mode' | 'recordingState' | 'acquiring' | 'hasScreen' | 'hasWebcam'>;

/** What auto-start is still waiting for, or null when the streams are ready. */
export function autoStartWaitingFor(view: AutoStartView): 'screen' | 'webcam' | null {
  if (modeNeedsScreen(view.mode) && !view.hasScreen) return 'screen';
  if (modeNeedsWebcam(view.mode) && !view.hasWebcam) return 'webcam';
  return null;
}

export function shouldAutoStart(enabled: boolean, alreadyStarted: boolean, view: AutoStartView): boolean {
  return enabled && !alreadyStarted && view.recordingState === 'idle' && !view.acquiring && autoStartWaitingFor(view) === null;
}

/**
 * Whether auto-start is used up for this visit by what the studio is doing: once it is acquiring or
 * not idle, a recording has begun (by auto-start, by hand, or one that failed), so returning to
 * idle with the streams still connected must not start another by itself.
 */
export function autoStartSpent(view: AutoStartView): boolean {
  return view.acquiring || view.recordingState !== 'idle';
}

/** The line the studio shows while auto-start waits, so the user knows what will start it. */
export function autoStartHint(view: AutoStartView): string {
  const waitingFor = autoStartWaitingFor(view);
  if (waitingFor === 'screen') return 'Auto-start is on: recording starts as soon as you select a screen.';
  if (waitingFor === 'webcam') return 'Auto-start is on: recording starts as soon as your camera is connected.';
  return 'Auto-start is on: recording is starting.';
}
