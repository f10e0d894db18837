/** The room feature's public face for other features. */
export { newRoomId } from '../../protocol';
export { RECORDING_MODE_PARAM } from './recording/recording-mode-link';

export { RoomPage } from './ui/RoomPage';
/** Own tracks not yet delivered to a room's host: the library says so on each, and offers the room again. */
export { parsePendingTracks, storedPendingTracks, watchPendingTracks } from './tracks/pending-tracks';
