import { describe, expect, it } from 'vitest';
import { autoStartHint, autoStartWaitingFor, shouldAutoStart, type AutoStartView } from '../../src/features/studio/auto-start';

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

  it('tells the user what it is waiting for', () => {
    expect(autoStartHint(view({ hasScreen: false }))).toBe('Auto-start is on: recording starts as soon as you select a screen.');
    expect(autoStartHint(view({ hasWebcam: false }))).toBe('Auto-start is on: recording starts as soon as your camera is connected.');
  });
});
