/**
 * What a failed camera or microphone request means for the user. Only a refusal (the user or the
 * browser's policy said no) is "access denied"; a missing or busy device is a problem the user can
 * fix and retry, so it gets its own message. Pure: it reads the error's name only.
 */
export type CaptureDevice = 'camera' | 'microphone';

export type CaptureFailure = { kind: 'denied' } | { kind: 'unavailable'; message: string };

const DENIED = new Set(['NotAllowedError', 'SecurityError']);
const MISSING = new Set(['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError']);
const BUSY = new Set(['NotReadableError', 'AbortError', 'TrackStartError']);

const MESSAGES: Record<CaptureDevice, { missing: string; busy: string; other: string }> = {
  camera: {
    missing: 'No camera found. Plug one in, then press Reconnect.',
    busy: 'Your camera is in use by another app, or could not be started. Close that app, then press Reconnect.',
    other: 'The camera could not be started. Press Reconnect to try again.',
  },
  microphone: {
    missing: 'No microphone found. Plug one in, then turn the microphone on again.',
    busy: 'Your microphone is in use by another app, or could not be started. Close that app, then try again.',
    other: 'The microphone could not be started. Try turning it on again.',
  },
};

/** The name of a DOMException or Error, or undefined for anything else that was thrown. */
export function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : undefined;
}

export function describeCaptureFailure(device: CaptureDevice, name: string | undefined): CaptureFailure {
  if (name !== undefined && DENIED.has(name)) return { kind: 'denied' };
  const messages = MESSAGES[device];
  if (name !== undefined && MISSING.has(name)) return { kind: 'unavailable', message: messages.missing };
  if (name !== undefined && BUSY.has(name)) return { kind: 'unavailable', message: messages.busy };
  return { kind: 'unavailable', message: messages.other };
}
