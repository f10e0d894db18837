import { Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { CallToAction } from '../components/CallToAction';
import { CheckList } from '../components/CheckList';
import { ComparisonLinks } from '../components/ComparisonLinks';
import { ComparisonTable } from '../components/ComparisonTable';
import { Section } from '../components/Section';
import { findComparison } from '../data/comparisons';

export function ComparisonPage({ slug }: { readonly slug: string }) {
  const page = findComparison(slug);
  if (!page) return null;
  return (
    <Container size="lg" py="xl">
      <PageHeader title={page.title} intro={page.summary} />
      <Section title="At a glance" mt="2rem">
        <ComparisonTable rows={page.comparisonTable} competitor={page.competitor} />
        <Text size="sm" c="dimmed" mt="xs">
          Details about {page.competitor} are from its public information at the time of writing and may have changed; check
          its website for current plans and prices.
        </Text>
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Section title="Where Framecast is stronger">
          <CheckList items={page.ourAdvantages} />
        </Section>
        <Section title={`Where ${page.competitor} is stronger`}>
          <CheckList items={page.theirAdvantages} color="grape" />
        </Section>
      </SimpleGrid>
      <Card withBorder padding="lg" mt="3rem" component="section" aria-labelledby="bottom-line">
        <Title order={2} id="bottom-line" mb="xs">
          The bottom line
        </Title>
        <Text size="lg">{page.bottomLine}</Text>
      </Card>
      <CallToAction
        title="Try Framecast free"
        text="No account and nothing to install: see for yourself in under a minute."
        links={[
          { to: '/studio', label: 'Start Recording' },
          { to: '/features', label: 'See Features' },
        ]}
      />
      <Section title="Other comparisons">
        <ComparisonLinks exclude={page.slug} />
      </Section>
    </Container>
  );
}
