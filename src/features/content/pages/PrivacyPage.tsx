import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';

export function PrivacyPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Privacy Policy" intro="Your recordings are processed on your own device and are never uploaded. Last updated January 2024." />
    </Container>
  );
}
