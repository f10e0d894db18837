import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { GUIDES } from '../catalog';

export function GuidePage({ slug }: { readonly slug: string }) {
  const entry = GUIDES.find((e) => e.slug === slug);
  if (!entry) return null;
  return (
    <Container size="lg" py="xl">
      <PageHeader title={entry.title} intro={entry.metaDescription} />
    </Container>
  );
}
