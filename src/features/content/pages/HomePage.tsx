import { Button, Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../shared/ui/PageHeader';

export function HomePage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Record your screen and webcam, free and private"
        intro="Screen, webcam, or both with your camera bubble burned in, plus microphone and system audio. It all happens in your browser: no account, no watermark, nothing uploaded."
      />
      <Group mt="xl">
        <Button component={Link} to="/studio" size="md">
          Start Recording
        </Button>
        <Button component={Link} to="/features" size="md" variant="default">
          See Features
        </Button>
      </Group>
    </Container>
  );
}
