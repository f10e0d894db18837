import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { COMPARISONS } from '../catalog';

export function ComparisonPage({ slug }: { readonly slug: string }) {
  const entry = COMPARISONS.find((e) => e.slug === slug);
  if (!entry) return null;
  return (
    <Container size="lg" py="xl">
      <PageHeader title={entry.title} intro={entry.metaDescription} />
    </Container>
  );
}
