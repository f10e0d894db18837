import { Badge, Blockquote, Container, SimpleGrid, Text } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { AudienceLinks } from '../components/AudienceLinks';
import { CallToAction } from '../components/CallToAction';
import { CheckList } from '../components/CheckList';
import { FaqList } from '../components/FaqList';
import { IconPointGrid } from '../components/IconPointGrid';
import { Section } from '../components/Section';
import { findAudience } from '../data/audiences';

export function AudiencePage({ slug }: { readonly slug: string }) {
  const page = findAudience(slug);
  if (!page) return null;
  return (
    <Container size="lg" py="xl">
      <PageHeader
        eyebrow={
          <Badge variant="light" mb="sm" size="lg" tt="none">
            For {page.name}
          </Badge>
        }
        title={page.hero.headline}
        intro={page.hero.subheadline}
      />
      <Section title={`Why ${page.nameInSentence} choose Framecast`}>
        <IconPointGrid points={page.benefits} cols={4} />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Section title="How it fits your work">
          <Text mb="sm">{page.useCaseDescription}</Text>
          <Text c="dimmed" size="sm">
            {page.targetAudience}
          </Text>
          {page.testimonialQuote ? (
            <Blockquote mt="lg" cite={`– ${page.testimonialQuote.attribution}`}>
              {page.testimonialQuote.text}
            </Blockquote>
          ) : null}
        </Section>
        <Section title="What you can record">
          <CheckList items={page.commonTasks} />
        </Section>
      </SimpleGrid>
      <Section title="Questions">
        <FaqList items={page.faqItems} />
      </Section>
      <CallToAction
        title="Record your first video"
        text="Open the studio, choose a mode and press Start. No account, no install, nothing uploaded."
        links={[
          { to: '/studio', label: 'Start Recording' },
          { to: '/features', label: 'See Features' },
          { to: '/help', label: 'Help Center' },
        ]}
      />
      <Section title="Framecast for others">
        <AudienceLinks exclude={page.slug} />
      </Section>
    </Container>
  );
}
