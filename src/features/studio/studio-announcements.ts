/**
 * What a screen reader hears as the studio changes state: once per change, never per second (the
 * elapsed time is read on demand from the stats card). Pure, so each transition is unit-tested.
 */
import type { RecordingState } from './session-machine';

export interface AnnouncedState {
  recordingState: RecordingState;
  /** The id of the last finished recording, which changes when one is saved. */
  savedId: string | null;
}

export function studioAnnouncement(previous: AnnouncedState, next: AnnouncedState): string | null {
  if (next.savedId !== null && next.savedId !== previous.savedId) return 'Recording saved to Your recordings';
  const from = previous.recordingState;
  const to = next.recordingState;
  if (from === to) return null;
  if (to === 'recording') return from === 'paused' ? 'Recording resumed' : 'Recording started';
  if (to === 'paused') return 'Recording paused';
  if (to === 'processing') return 'Recording stopped. Saving it…';
  return null;
}
