import { describe, expect, it } from 'vitest';
import {
  SESSION_ERRORS,
  transition,
  type RecordingState,
  type SessionEvent,
  type TransitionResult,
} from '../../src/features/studio/session-machine';

const to = (state: RecordingState): TransitionResult => ({ ok: true, state });
const error = (message: string): TransitionResult => ({ ok: false, error: message });

// Every state × event pair, written out so a change to any cell is visible.
const TABLE: [RecordingState, SessionEvent, TransitionResult][] = [
  ['idle', 'start', to('recording')],
  ['idle', 'pause', error('No recording in progress')],
  ['idle', 'resume', error('No recording in progress')],
  ['idle', 'stop', error('No recording in progress')],
  ['idle', 'finish', error('Nothing is being processed')],
  ['idle', 'fail', to('idle')],

  ['recording', 'start', error('Recording already in progress')],
  ['recording', 'pause', to('paused')],
  ['recording', 'resume', error('Recording is not paused')],
  ['recording', 'stop', to('processing')],
  ['recording', 'finish', error('Nothing is being processed')],
  ['recording', 'fail', to('idle')],

  ['paused', 'start', error('Recording already in progress')],
  ['paused', 'pause', error('Recording is already paused')],
  ['paused', 'resume', to('recording')],
  ['paused', 'stop', to('processing')],
  ['paused', 'finish', error('Nothing is being processed')],
  ['paused', 'fail', to('idle')],

  ['processing', 'start', error('Recording already in progress')],
  ['processing', 'pause', error('Recording is being processed')],
  ['processing', 'resume', error('Recording is being processed')],
  ['processing', 'stop', error('Recording is being processed')],
  ['processing', 'finish', to('idle')],
  ['processing', 'fail', to('idle')],
];

describe('transition', () => {
  it('covers every state × event pair', () => {
    expect(TABLE).toHaveLength(4 * 6);
    expect(new Set(TABLE.map(([s, e]) => `${s}/${e}`)).size).toBe(24);
  });

  it.each(TABLE)('%s + %s', (state, event, expected) => {
    expect(transition(state, event)).toEqual(expected);
  });

  it('runs a full session with a pause', () => {
    const events: SessionEvent[] = ['start', 'pause', 'resume', 'pause', 'stop', 'finish'];
    const states: RecordingState[] = [];
    let state: RecordingState = 'idle';
    for (const event of events) {
      const result = transition(state, event);
      if (!result.ok) throw new Error(result.error);
      state = result.state;
      states.push(state);
    }
    expect(states).toEqual(['recording', 'paused', 'recording', 'paused', 'processing', 'idle']);
  });
});

describe('SESSION_ERRORS', () => {
  it('keeps the user-facing messages', () => {
    expect(SESSION_ERRORS.alreadyRecording).toBe('Recording already in progress');
    expect(SESSION_ERRORS.notRecording).toBe('No recording in progress');
    expect(SESSION_ERRORS.noStream).toBe('No stream available for recording');
  });
});
