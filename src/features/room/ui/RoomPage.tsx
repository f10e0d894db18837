import { Alert, Button, Container, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { JoinForm } from './JoinForm';
import { RoomView } from './RoomView';
import { SignalingModeNotice } from './SignalingModeNotice';
import { loadStoredRoom } from '../room-storage';
import { isValidRoomId } from '../../../protocol';
import { useRoomController } from './useRoomController';
import { useRoomAnnouncements } from './useRoomAnnouncements';
import { LiveAnnouncer } from '../../../shared/ui/LiveAnnouncer';

export function RoomPage({ roomId }: { readonly roomId: string }) {
  if (!isValidRoomId(roomId)) {
    return (
      <Container size="lg" py="xl">
        <PageHeader title="Room Not Found" intro="This room link is not valid. Ask the host for a new invite link." />
        <Button component={Link} to="/" mt="lg" variant="default">
          Back to Home
        </Button>
      </Container>
    );
  }
  return <RoomIfSupported roomId={roomId} />;
}

export const NO_PEER_CONNECTIONS =
  'This browser cannot make the direct connections a room needs (it has no WebRTC). Open this link in a recent version of Chrome, Edge, Firefox or Safari on a computer.';

const noChanges = () => () => undefined;
const hasPeerConnections = () => typeof RTCPeerConnection === 'function';

/** A browser without WebRTC is told at once, instead of tiles that wait on "Connecting..." forever. */
function RoomIfSupported({ roomId }: { readonly roomId: string }) {
  const supported = useSyncExternalStore(noChanges, hasPeerConnections, () => true);
  if (!supported) {
    return (
      <Container size="lg" py="xl">
        <PageHeader title="Rooms Are Not Available in This Browser" intro={NO_PEER_CONNECTIONS} />
        <Button component={Link} to="/studio" mt="lg" variant="default">
          Open the Studio
        </Button>
      </Container>
    );
  }
  // One controller per room: another room id in the address is a new page, never a reused one.
  return <ValidRoom key={roomId} roomId={roomId} />;
}

function ValidRoom({ roomId }: { readonly roomId: string }) {
  const { controller, snapshot } = useRoomController(roomId);
  const { room } = snapshot;
  // First in both layouts, so the live region stays mounted (and listening) from the join form into the room.
  const announcement = useRoomAnnouncements(controller);
  const announcer = <LiveAnnouncer text={announcement} testId="room-announcer" />;
  if (room.phase === 'joined') {
    return (
      <>
        {announcer}
        <Container size="xl" py="xl">
          <RoomView controller={controller} snapshot={snapshot} />
        </Container>
      </>
    );
  }
  const stored = loadStoredRoom();
  return (
    <>
      {announcer}
      <Container size="lg" py="xl">
        <PageHeader
          title="Join Room"
          intro={`You are joining room ${roomId}. Nothing of the call is stored on a server.`}
        />
        <JoinForm
          initialName={stored?.userName ?? ''}
          phase={room.phase}
          error={snapshot.joinError}
          onJoin={(name) => void controller.join(name)}
          onCancel={() => void controller.leave({ notify: false, navigate: false })}
        />
        <Stack mt="lg" maw={520}>
          <SignalingModeNotice mode={snapshot.signaling} />
        </Stack>
        <Alert color="gray" mt="lg" maw={520}>
          The first person to join becomes the host and lets the others in. Everyone needs this browser to allow the camera and microphone.
        </Alert>
      </Container>
    </>
  );
}
