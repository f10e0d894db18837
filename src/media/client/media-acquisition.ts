/**
 * Asking the browser for the screen, the webcam and the microphone, with the settings that shape
 * each request, and turning every refusal into the notice for that device.
 */
import { ACCESS_DENIED, type DeviceKind } from './media-access';
import { cursorConstraint, pointerRecordedAgainstWish } from './cursor-capture';
import { canvasSizeForQuality, type VideoQuality } from '../contract/overlay-geometry';

/** What capture reads of Settings (the settings feature's `Settings` is one). */
export interface CaptureSettings {
  video: { quality: VideoQuality; frameRate: number };
  screen: { captureCursor: boolean; captureSystemAudio: boolean };
  audio: { quality: string; noiseSuppression: boolean; echoCancellation: boolean };
}

export { ACCESS_DENIED, type DeviceKind };
export { stopStream } from './media-stream';

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

/**
 * The screen's size, frame rate and pointer for `settings`; also applied to a live screen when
 * Settings change (applying constraints replaces them all, so the pointer wish is repeated).
 * `cursor` stays for the browsers that honour it; see cursor-capture.ts.
 */
export function screenVideoConstraints(settings: CaptureSettings): MediaTrackConstraints {
  const { width, height } = canvasSizeForQuality(settings.video.quality);
  return {
    width: { ideal: width },
    height: { ideal: height },
    frameRate: { ideal: settings.video.frameRate, max: 60 },
    cursor: cursorConstraint(settings.screen.captureCursor),
  } as MediaTrackConstraints;
}

/** The camera's size and frame rate for `settings`; also applied to a live camera when Settings change. */
export function webcamVideoConstraints(settings: CaptureSettings): MediaTrackConstraints {
  const wide = settings.video.quality !== '720p';
  return { width: { ideal: wide ? 1920 : 1280 }, height: { ideal: wide ? 1080 : 720 }, frameRate: { ideal: settings.video.frameRate } };
}

export function requestScreen(settings: CaptureSettings): Promise<MediaStream> {
  const options: DisplayMediaStreamOptions & { systemAudio?: string; selfBrowserSurface?: string } = {
    video: screenVideoConstraints(settings),
    audio: settings.screen.captureSystemAudio,
    systemAudio: settings.screen.captureSystemAudio ? 'include' : 'exclude',
    selfBrowserSurface: 'exclude',
  };
  return request('screen', () => navigator.mediaDevices.getDisplayMedia(options));
}

/** Whether the captured `screen` records the mouse pointer although Settings asked it not to. */
export function screenIgnoresCursorSetting(settings: CaptureSettings, screen: MediaStream): boolean {
  const [track] = screen.getVideoTracks();
  if (!track) return false;
  const reported = (track.getSettings() as { cursor?: string }).cursor;
  const supported = (navigator.mediaDevices.getSupportedConstraints() as { cursor?: boolean }).cursor === true;
  return pointerRecordedAgainstWish(settings.screen.captureCursor, reported, supported);
}

export function requestWebcam(settings: CaptureSettings): Promise<MediaStream> {
  return request('webcam', () => navigator.mediaDevices.getUserMedia({ video: webcamVideoConstraints(settings), audio: false }));
}

export function requestMicrophone(settings: CaptureSettings): Promise<MediaStream> {
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

/**
 * Applies `constraints` to the live video track of `stream`, if any. Only ideal values are asked
 * for, so the browser adapts rather than refuses; should it refuse anyway, the track keeps what it had.
 */
export async function applyVideoConstraints(stream: MediaStream | null, constraints: MediaTrackConstraints): Promise<void> {
  const [track] = stream?.getVideoTracks() ?? [];
  if (track?.readyState !== 'live') return;
  try {
    await track.applyConstraints(constraints);
  } catch {
    // OverconstrainedError: the source cannot do it; recording goes on at its current size and rate.
  }
}
