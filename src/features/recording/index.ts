/**
 * The recording feature's public face: what the studio and the room may use. Everything else in
 * this folder is its own business (lint enforces it; see eslint.config.js).
 */
export { StudioController, type FinishedRecording, type Notice, type StudioSnapshot } from './studio-controller';
export type { OverlayLayout, RecorderEvents, RecordingResult } from './recorder-api';
export type { Size } from './overlay-geometry';
export { modeNeedsScreen, modeNeedsWebcam } from './mode-needs';
export { formatVideoSize, keepUpMessage } from './keep-up-message';
export { ACCESS_DENIED, type DeviceKind } from './media-acquisition';
export { supportsWorkerPipeline } from './recorder-bridge';
