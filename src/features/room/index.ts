/** The room feature's public face for other features. */
export { newRoomId } from '../../protocol';

export { RoomPage } from './ui/RoomPage';
