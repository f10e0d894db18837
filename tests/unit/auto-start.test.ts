import { describe, expect, it } from 'vitest';
import { autoStartHint, autoStartSpent, autoStartWaitingFor, shouldAutoStart, type AutoStartView } from '../../src/features/studio/auto-start';

const view = (patch: Partial<AutoStartView> = {}): AutoStartView => ({
  mode: 'screen-webcam',
  recordingState: 'idle',
  acquiring: false,
  hasScreen: true,
  hasWebcam: true,
  ...patch,
});

describe('auto-start', () => {
  it('starts once the streams of the mode are ready', () => {
    expect(shouldAutoStart(true, false, view())).toBe(true);
    expect(shouldAutoStart(true, false, view({ mode: 'webcam-only', hasScreen: false }))).toBe(true);
    expect(shouldAutoStart(true, false, view({ mode: 'screen-only', hasWebcam: false }))).toBe(true);
  });

  it('waits for the screen first, then the camera', () => {
    expect(autoStartWaitingFor(view({ hasScreen: false, hasWebcam: false }))).toBe('screen');
    expect(autoStartWaitingFor(view({ hasWebcam: false }))).toBe('webcam');
    expect(shouldAutoStart(true, false, view({ hasScreen: false }))).toBe(false);
    expect(shouldAutoStart(true, false, view({ mode: 'webcam-only', hasWebcam: false }))).toBe(false);
  });

  it('never starts when off, a second time in one visit, while busy or while acquiring', () => {
    expect(shouldAutoStart(false, false, view())).toBe(false);
    expect(shouldAutoStart(true, true, view())).toBe(false);
    expect(shouldAutoStart(true, false, view({ recordingState: 'processing' }))).toBe(false);
    expect(shouldAutoStart(true, false, view({ recordingState: 'recording' }))).toBe(false);
    expect(shouldAutoStart(true, false, view({ acquiring: true }))).toBe(false);
  });

  it('is used up as soon as the studio acquires or leaves idle, whoever pressed Start', () => {
    expect(autoStartSpent(view())).toBe(false);
    expect(autoStartSpent(view({ hasScreen: false }))).toBe(false);
    expect(autoStartSpent(view({ acquiring: true }))).toBe(true);
    for (const recordingState of ['recording', 'paused', 'processing'] as const) expect(autoStartSpent(view({ recordingState }))).toBe(true);
  });

  it('does not start after a recording started by hand was stopped, with the streams still connected', () => {
    // What the studio goes through: Start pressed by hand, recording, Stop, processing, idle again.
    const visit: AutoStartView[] = [
      view({ mode: 'screen-only', hasScreen: false, hasWebcam: false }),
      view({ mode: 'screen-only', hasScreen: false, hasWebcam: false, acquiring: true }),
      view({ mode: 'screen-only', hasWebcam: false, acquiring: true }),
      view({ mode: 'screen-only', hasWebcam: false, recordingState: 'recording' }),
      view({ mode: 'screen-only', hasWebcam: false, recordingState: 'processing' }),
      view({ mode: 'screen-only', hasWebcam: false }),
    ];
    let spent = false;
    const starts = visit.map((step) => {
      spent ||= autoStartSpent(step);
      return shouldAutoStart(true, spent, step);
    });
    expect(starts).toEqual([false, false, false, false, false, false]);
  });

  it('tells the user what it is waiting for', () => {
    expect(autoStartHint(view({ hasScreen: false }))).toBe('Auto-start is on: recording starts as soon as you select a screen.');
    expect(autoStartHint(view({ hasWebcam: false }))).toBe('Auto-start is on: recording starts as soon as your camera is connected.');
  });
});
