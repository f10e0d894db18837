/**
 * Asking the browser for the screen, the webcam and the microphone, with the settings that shape
 * each request, and turning every refusal into the spec's notice for that device.
 */
import { ACCESS_DENIED, type DeviceKind } from '../../shared/media-access';
import type { Settings } from '../settings/settings-schema';
import { canvasSizeForQuality } from './overlay-geometry';

export { ACCESS_DENIED, type DeviceKind };

export class AcquisitionError extends Error {
  constructor(
    readonly device: DeviceKind,
    override readonly cause: unknown,
  ) {
    super(`${ACCESS_DENIED[device].title}: ${ACCESS_DENIED[device].message}`);
    this.name = 'AcquisitionError';
  }
}

async function request(device: DeviceKind, ask: () => Promise<MediaStream>): Promise<MediaStream> {
  try {
    return await ask();
  } catch (error) {
    throw new AcquisitionError(device, error);
  }
}

export function requestScreen(settings: Settings): Promise<MediaStream> {
  const { width, height } = canvasSizeForQuality(settings.video.quality);
  const options: DisplayMediaStreamOptions & { systemAudio?: string; selfBrowserSurface?: string } = {
    video: {
      width: { ideal: width },
      height: { ideal: height },
      frameRate: { ideal: settings.video.frameRate, max: 60 },
      cursor: settings.screen.captureCursor ? 'always' : 'never',
    } as MediaTrackConstraints,
    audio: settings.screen.captureSystemAudio,
    systemAudio: settings.screen.captureSystemAudio ? 'include' : 'exclude',
    selfBrowserSurface: 'exclude',
  };
  return request('screen', () => navigator.mediaDevices.getDisplayMedia(options));
}

export function requestWebcam(settings: Settings): Promise<MediaStream> {
  const wide = settings.video.quality !== '720p';
  return request('webcam', () =>
    navigator.mediaDevices.getUserMedia({
      video: {
        width: { ideal: wide ? 1920 : 1280 },
        height: { ideal: wide ? 1080 : 720 },
        frameRate: { ideal: settings.video.frameRate },
      },
      audio: false,
    }),
  );
}

export function requestMicrophone(settings: Settings): Promise<MediaStream> {
  return request('microphone', () =>
    navigator.mediaDevices.getUserMedia({
      audio: {
        noiseSuppression: settings.audio.noiseSuppression,
        echoCancellation: settings.audio.echoCancellation,
        autoGainControl: true,
        sampleRate: 48000,
        channelCount: settings.audio.quality === 'lossless' ? 2 : 1,
      },
      video: false,
    }),
  );
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => {
    track.stop();
  });
}
