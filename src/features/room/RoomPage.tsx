import { Container } from '@mantine/core';
import { PageHeader } from '../../shared/ui/PageHeader';

export function RoomPage({ roomId }: { readonly roomId: string }) {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Join Room" intro={`You are joining room ${roomId}. Video and audio travel directly between participants.`} />
    </Container>
  );
}
