import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';

export function TermsPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader title="Terms of Service" intro="The terms for using the recorder. Your recordings are yours. Last updated January 2024." />
    </Container>
  );
}
