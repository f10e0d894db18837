import { useParams } from '@tanstack/react-router';
import { RoomPage } from '../features/room/RoomPage';

export default function RoomRoute() {
  const { roomId } = useParams({ from: '/room/$roomId' });
  return <RoomPage roomId={roomId} />;
}
