/**
 * The media home's front door for pages: capture, the recorder bridges and the MediaRecorder fallback,
 * export and trim jobs, recording rows in IndexedDB and the recording vocabulary, as the studio, the
 * library, the room and the app shell use them. Everything else under src/media is its own business
 * (eslint/boundaries.js enforces it; docs/architecture.md draws the folders).
 */
export type { CompositeLayout, OverlayLayout, RecorderEvents, RecordingResult, StartOptions } from './contract/recorder-api';
export { canvasSizeForQuality, type Size } from './contract/overlay-geometry';
export { modeNeedsScreen, modeNeedsWebcam, modePhrase } from './client/mode-needs';
export { formatVideoSize, keepUpMessage } from './client/keep-up-message';
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
} from './client/media-acquisition';
export { AudioMixer } from './client/audio-mixer';
export { RecorderBridge } from './client/recorder-bridge';
export { audioFeed, hasTrackProcessors, supportsWorkerPipeline, videoFeed } from './client/track-feed';
export { startRecordingOn, type ActiveRecording, type LiveFigures } from './client/active-recording';
export { FallbackRecorder } from './client/fallback-recorder';
export { CANNOT_RECORD, cannotRecordReason, recordingFormat } from './client/recording-support';
export { pumpVideoFrames } from './client/frame-pump';
export { MediaClock } from './contract/media-clock';

export { MediaJob } from './client/media-job';
export { isRecordingActive, setRecordingActive, subscribeRecordingActivity } from './client/recording-activity';
export { MODE_LABELS, STORED_MODE_LABELS, defaultRecordingName, isStudioMode } from './client/recording-modes';
export { RoomRecorder, type ParticipantMedia } from './client/room/room-recorder';
export { mp4AudioNote, timeLeft, type Mp4AudioCodec } from './container/mp4/export-naming';
export { keptSeconds, thumbnailTimes, validTrimRange } from './container/mp4/trim-range';
export { type RoomOutputSpec } from './contract/room-recorder-api';
export { OUTDATED_MESSAGE } from './storage/db-connection';
export { LIVE_WITHIN_MS } from './storage/heartbeat';
export { PERSISTENCE_PROMPT_NOTICE, askForPersistentStorage } from './storage/persistent-storage';
export { storageEstimate, type StorageFigures } from './storage/storage-estimate';
export { heldRecordingIds, holdRecordingLock } from './storage/recording-locks';
export { announceRecordingsChanged, listenForRecordingsChanges } from './storage/recordings-channel';
export { deleteRecording, getRecording, listRecordings, patchRecording, readRecordingFile, readRecordingFileFrom, sweepStorage, type RecordingMode, type RecordingRow, type RoomRecordingSession } from './storage/recordings-db';
export { heldBlockCount, receivedBlocks, receivedPositions, receivedTrackId } from './storage/received-track';
export { finishReceivedTrack, noteReceived, noteReceivedStart, openReceivedTrack, putReceivedBlocks, writeReceivedTracksHere } from './client/received-track-writer';
export { mayHoldRecordings } from './storage/recordings-presence';
export { type RepairResult } from './storage/repair-recording';
export { unlessRowlessWritesRun } from './storage/rowless-writes-lock';
export { storageStatus, subscribeStorageStatus, type ConnectionStatus } from './storage/storage-status';
