/**
 * The recording engine's public face: capture, the recorder workers' bridge, the MediaRecorder
 * fallback and the shared recording vocabulary, as the studio and the room use them. Everything
 * else in this folder is its own business (lint enforces it; see eslint.config.js).
 */
export type { OverlayLayout, RecorderEvents, RecordingResult, StartOptions } from './recorder-api';
export { canvasSizeForQuality, type Size } from './overlay-geometry';
export { modeNeedsScreen, modeNeedsWebcam, modePhrase } from './mode-needs';
export { formatVideoSize, keepUpMessage } from './keep-up-message';
export {
  AcquisitionError,
  ACCESS_DENIED,
  applyVideoConstraints,
  requestMicrophone,
  requestScreen,
  requestWebcam,
  screenIgnoresCursorSetting,
  screenVideoConstraints,
  stopStream,
  webcamVideoConstraints,
  type DeviceKind,
} from './media-acquisition';
export { AudioMixer } from './audio-mixer';
export { RecorderBridge } from './recorder-bridge';
export { audioFeed, hasTrackProcessors, supportsWorkerPipeline, videoFeed } from './track-feed';
export { startRecordingOn, type ActiveRecording, type LiveFigures } from './active-recording';
export { FallbackRecorder } from './fallback-recorder';
export { CANNOT_RECORD, cannotRecordReason, recordingFormat } from './recording-support';
export { pumpVideoFrames } from './frame-pump';
export { MediaClock } from './media-clock';
