import { describe, expect, it } from 'vitest';
import { announcedRecordingState, nextRecordingState, recordingControls } from '../../src/features/room/recording/room-recording-machine';
import { checkHostAction } from '../../src/features/room/room-permissions';

describe('room recording lifecycle', () => {
  it('starts through processing and stops through processing', () => {
    expect(nextRecordingState('idle', 'start')).toBe('processing');
    expect(nextRecordingState('processing', 'started')).toBe('recording');
    expect(nextRecordingState('recording', 'pause')).toBe('paused');
    expect(nextRecordingState('paused', 'resume')).toBe('recording');
    expect(nextRecordingState('paused', 'stop')).toBe('processing');
    expect(nextRecordingState('processing', 'stopped')).toBe('idle');
  });

  it('ignores events that do not apply and fails back to idle from anywhere', () => {
    expect(nextRecordingState('recording', 'start')).toBeNull();
    expect(nextRecordingState('idle', 'stop')).toBeNull();
    expect(nextRecordingState('paused', 'pause')).toBeNull();
    expect(nextRecordingState('idle', 'stopped')).toBeNull();
    for (const state of ['idle', 'processing', 'recording', 'paused'] as const) expect(nextRecordingState(state, 'fail')).toBe('idle');
  });

  it('maps the host announcements for guests', () => {
    expect(announcedRecordingState('recording-started')).toBe('recording');
    expect(announcedRecordingState('recording-paused')).toBe('paused');
    expect(announcedRecordingState('recording-resumed')).toBe('recording');
    expect(announcedRecordingState('recording-stopped')).toBe('idle');
  });

  it('shows the spec’s buttons per state, Download only with stats and not while recording', () => {
    expect(recordingControls('idle', false)).toEqual({ start: true, pause: false, resume: false, stop: false, processing: false, downloadEnabled: false });
    expect(recordingControls('idle', true).downloadEnabled).toBe(true);
    expect(recordingControls('recording', true)).toMatchObject({ start: false, pause: true, stop: true, downloadEnabled: false });
    expect(recordingControls('paused', true)).toMatchObject({ resume: true, stop: true, pause: false, downloadEnabled: false });
    expect(recordingControls('processing', true)).toMatchObject({ processing: true, start: false, downloadEnabled: false });
  });

  it('answers a guest pressing host controls with the notice or with silence', () => {
    expect(checkHostAction(true, 'kick')).toEqual({ allowed: true });
    expect(checkHostAction(false, 'start-recording')).toEqual({ allowed: false, notice: 'Only the host can start recording.' });
    expect(checkHostAction(false, 'stop-recording')).toEqual({ allowed: false, notice: 'Only the host can stop recording.' });
    expect(checkHostAction(false, 'approve-guest')).toEqual({ allowed: false, notice: 'Only the host can approve guests.' });
    expect(checkHostAction(false, 'reject-guest')).toEqual({ allowed: false, notice: 'Only the host can reject guests.' });
    for (const action of ['pause-recording', 'resume-recording', 'kick', 'change-mode'] as const) {
      expect(checkHostAction(false, action)).toEqual({ allowed: false, notice: null });
    }
  });
});
