import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/features/settings/settings-schema';
import { liveSettingsChange } from '../../src/features/studio/live-settings';

const changed = (patch: (s: Settings) => void): Settings => {
  const next = structuredClone(DEFAULT_SETTINGS);
  patch(next);
  return next;
};

describe('liveSettingsChange', () => {
  it('is null when nothing the live capture uses changed', () => {
    expect(liveSettingsChange(DEFAULT_SETTINGS, structuredClone(DEFAULT_SETTINGS))).toBeNull();
    for (const patch of [
      (s: Settings) => (s.video.bitrate = 2000),
      (s: Settings) => (s.video.autoStart = true),
      (s: Settings) => (s.audio.quality = 'low'),
      (s: Settings) => (s.screen.captureCursor = false),
      (s: Settings) => (s.theme = 'dark'),
      (s: Settings) => (s.webcam.shape = 'circle'),
    ]) {
      expect(liveSettingsChange(DEFAULT_SETTINGS, changed(patch))).toBeNull();
    }
  });

  it('re-applies the video constraints when quality or frame rate change', () => {
    expect(liveSettingsChange(DEFAULT_SETTINGS, changed((s) => (s.video.quality = '720p')))).toEqual({ video: true, microphone: false });
    expect(liveSettingsChange(DEFAULT_SETTINGS, changed((s) => (s.video.frameRate = 60)))).toEqual({ video: true, microphone: false });
  });

  it('re-opens the microphone when its processing or channel count change', () => {
    expect(liveSettingsChange(DEFAULT_SETTINGS, changed((s) => (s.audio.noiseSuppression = false)))).toEqual({ video: false, microphone: true });
    expect(liveSettingsChange(DEFAULT_SETTINGS, changed((s) => (s.audio.echoCancellation = false)))).toEqual({ video: false, microphone: true });
    expect(liveSettingsChange(DEFAULT_SETTINGS, changed((s) => (s.audio.quality = 'lossless')))).toEqual({ video: false, microphone: true });
  });

  it('reports both at once', () => {
    const next = changed((s) => {
      s.video.quality = '4k';
      s.audio.noiseSuppression = false;
    });
    expect(liveSettingsChange(DEFAULT_SETTINGS, next)).toEqual({ video: true, microphone: true });
  });
});
