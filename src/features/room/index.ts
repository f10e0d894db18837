/** The room feature's public face for other features. */
export { newRoomId } from '../../protocol';
export { RECORDING_MODE_PARAM } from './recording/recording-mode-link';

export { RoomPage } from './ui/RoomPage';
