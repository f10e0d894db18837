/**
 * The host's room recording lifecycle (docs/decisions/0013-room-recording.md): idle → processing →
 * recording, pause and resume, stop → processing → idle once the recording-stopped event arrives; a
 * failure returns to idle. Guests do not run it: their state follows the host's announcements.
 */
import type { RoomRecordingState } from '../room-state';

export type RoomRecordingEvent = 'start' | 'started' | 'pause' | 'resume' | 'stop' | 'stopped' | 'fail';

/** The next state, or null when the event does not apply in this state (it is then ignored). */
export function nextRecordingState(state: RoomRecordingState, event: RoomRecordingEvent): RoomRecordingState | null {
  switch (event) {
    case 'start':
      return state === 'idle' ? 'processing' : null;
    case 'started':
      return state === 'processing' ? 'recording' : null;
    case 'pause':
      return state === 'recording' ? 'paused' : null;
    case 'resume':
      return state === 'paused' ? 'recording' : null;
    case 'stop':
      return state === 'recording' || state === 'paused' ? 'processing' : null;
    case 'stopped':
      return state === 'processing' ? 'idle' : null;
    case 'fail':
      return 'idle';
  }
}

/** The state a guest shows after the host's announcement. */
export function announcedRecordingState(event: 'recording-started' | 'recording-paused' | 'recording-resumed' | 'recording-stopped'): RoomRecordingState {
  switch (event) {
    case 'recording-started':
    case 'recording-resumed':
      return 'recording';
    case 'recording-paused':
      return 'paused';
    case 'recording-stopped':
      return 'idle';
  }
}

/** Which recording buttons the control shows, by state. */
export interface RecordingControls {
  start: boolean;
  pause: boolean;
  resume: boolean;
  stop: boolean;
  processing: boolean;
  downloadEnabled: boolean;
}

export function recordingControls(state: RoomRecordingState, hasStats: boolean): RecordingControls {
  return {
    start: state === 'idle',
    pause: state === 'recording',
    resume: state === 'paused',
    stop: state === 'recording' || state === 'paused',
    processing: state === 'processing',
    downloadEnabled: hasStats && state !== 'recording' && state !== 'paused' && state !== 'processing',
  };
}
