/**
 * What the studio asks of the browser's recording machinery: a recorder worker that paints the
 * preview, a recording started on it, whether this browser can record at all, and the devices. The
 * page uses the browser's (BROWSER_ENGINE); unit tests give the controller fakes, so its lifetime
 * (attach, start, stop, failures, detach) is tested without a browser.
 */
import { cannotRecordReason, RecorderBridge, startRecordingOn, type ActiveRecording, type CompositeLayout, type RecorderEvents, type Size, type StartOptions } from '../../media';
import { BROWSER_DEVICES, type CaptureDevices, type RecorderSink } from './capture-sources';

/** The recorder worker as the studio drives it. */
export interface StudioRecorder extends RecorderSink {
  setLayout(layout: CompositeLayout): Promise<void>;
}

export interface StudioEngine<R extends StudioRecorder> {
  createRecorder(canvas: HTMLCanvasElement, size: Size, frameRate: number, events: RecorderEvents): Promise<R>;
  startRecording(recorder: R, audio: MediaStreamTrack | null, options: StartOptions, onError: (error: unknown) => void): Promise<ActiveRecording>;
  /** Why this browser cannot record, or null when it can. */
  cannotRecordReason(): string | null;
  devices: CaptureDevices;
}

export const BROWSER_ENGINE: StudioEngine<RecorderBridge> = {
  createRecorder: (canvas, size, frameRate, events) => RecorderBridge.create(canvas, size, frameRate, events),
  startRecording: startRecordingOn,
  cannotRecordReason,
  devices: BROWSER_DEVICES,
};
