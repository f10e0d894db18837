import { ClientOnly, useParams } from '@tanstack/react-router';
import { RoomPage } from '../features/room';
import { PagePlaceholder } from '../shared/ui/PagePlaceholder';

// One prerendered page serves every room id, and a room lives on this browser's devices and
// connections, so the room renders only in the browser.
export default function RoomRoute() {
  const { roomId } = useParams({ from: '/room/$roomId' });
  return (
    <ClientOnly
      fallback={
        <PagePlaceholder
          title="Join Room"
          intro="Video and audio travel directly between participants; nothing is uploaded."
          what="the room"
        />
      }
    >
      <RoomPage roomId={roomId} />
    </ClientOnly>
  );
}
