export type RecordingState = 'idle' | 'recording' | 'paused' | 'processing';
export type SessionEvent = 'start' | 'pause' | 'resume' | 'stop' | 'finish' | 'fail';
export type TransitionResult = { ok: true; state: RecordingState } | { ok: false; error: string };

export const SESSION_ERRORS = {
  alreadyRecording: 'Recording already in progress',
  notRecording: 'No recording in progress',
  noStream: 'No stream available for recording',
  alreadyPaused: 'Recording is already paused',
  notPaused: 'Recording is not paused',
  processing: 'Recording is being processed',
  notProcessing: 'Nothing is being processed',
} as const;

const ok = (state: RecordingState): TransitionResult => ({ ok: true, state });
const fail = (error: string): TransitionResult => ({ ok: false, error });

export function transition(state: RecordingState, event: SessionEvent): TransitionResult {
  // Failure can strike in any state (stream ended, encoder crashed), and the
  // only safe recovery is back to a clean idle session.
  if (event === 'fail') return ok('idle');

  switch (event) {
    case 'start':
      return state === 'idle' ? ok('recording') : fail(SESSION_ERRORS.alreadyRecording);
    case 'pause':
      if (state === 'recording') return ok('paused');
      return fail(controlError(state));
    case 'resume':
      if (state === 'paused') return ok('recording');
      return fail(controlError(state));
    case 'stop':
      if (state === 'recording' || state === 'paused') return ok('processing');
      return fail(controlError(state));
    case 'finish':
      return state === 'processing' ? ok('idle') : fail(SESSION_ERRORS.notProcessing);
  }
}

// Shared by pause, resume and stop so a refusal names the state that blocked it
// rather than a generic "invalid transition".
function controlError(state: RecordingState): string {
  switch (state) {
    case 'idle':
      return SESSION_ERRORS.notRecording;
    case 'processing':
      return SESSION_ERRORS.processing;
    case 'paused':
      return SESSION_ERRORS.alreadyPaused;
    case 'recording':
      return SESSION_ERRORS.notPaused;
  }
}
