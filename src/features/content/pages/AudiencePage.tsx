import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { AUDIENCES } from '../catalog';

export function AudiencePage({ slug }: { readonly slug: string }) {
  const entry = AUDIENCES.find((e) => e.slug === slug);
  if (!entry) return null;
  return (
    <Container size="lg" py="xl">
      <PageHeader title={entry.title} intro={entry.metaDescription} />
    </Container>
  );
}
