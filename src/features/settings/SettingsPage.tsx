import { Container } from '@mantine/core';
import { PageHeader } from '../../shared/ui/PageHeader';

export function SettingsPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Settings" intro="Recording quality, audio, screen capture, storage and webcam defaults. Stored only in this browser." />
    </Container>
  );
}
