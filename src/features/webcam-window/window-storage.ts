/** The one place the webcam window's remembered state touches localStorage. */
import { DEFAULT_WINDOW_STATE, WINDOW_STATE_KEY, parseWindowState, serializeWindowState, type WindowState } from './window-state';
import { reportError } from '../../shared/report-error';

export function loadWindowState(): WindowState {
  try {
    return parseWindowState(localStorage.getItem(WINDOW_STATE_KEY));
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

export function saveWindowState(state: WindowState): void {
  try {
    localStorage.setItem(WINDOW_STATE_KEY, serializeWindowState(state));
  } catch (error) {
    // Storage full or disabled: the window still works, it just will not remember this change.
    reportError('webcam window: remember its place', error);
  }
}
