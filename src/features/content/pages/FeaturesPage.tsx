import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';

export function FeaturesPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Features" intro="Everything you need to record your screen, your webcam, or both, with audio, in a file that plays and seeks everywhere." />
    </Container>
  );
}
