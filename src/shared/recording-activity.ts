/**
 * Whether a recording is running anywhere in this tab. The studio (and the room) report it; the
 * app's update prompt reads it so that a new version never reloads the page mid-recording.
 */

type Listener = () => void;

const listeners = new Set<Listener>();
const sources = new Set<string>();

/** `source` names who records ("studio", "room"), so one finishing does not clear the other. */
export function setRecordingActive(source: string, active: boolean): void {
  const before = sources.size > 0;
  if (active) sources.add(source);
  else sources.delete(source);
  if (before !== sources.size > 0) for (const listener of [...listeners]) listener();
}

export function isRecordingActive(): boolean {
  return sources.size > 0;
}

export function subscribeRecordingActivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
