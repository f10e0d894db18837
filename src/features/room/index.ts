/** The room feature's public face for other features. */
export { newRoomId } from './sanitize';
