import { Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { CallToAction } from '../components/CallToAction';
import { DifficultyBadge } from '../components/DifficultyBadge';
import { GuideList } from '../components/GuideLinks';
import { GuideSteps } from '../components/GuideSteps';
import { Section } from '../components/Section';
import { findGuide } from '../data/guides';

export function GuidePage({ slug }: { readonly slug: string }) {
  const guide = findGuide(slug);
  if (!guide) return null;
  return (
    <Container size="md" py="xl">
      <PageHeader
        eyebrow={
          <Group gap="xs" mb="sm">
            <DifficultyBadge difficulty={guide.difficulty} />
            <Badge variant="default" size="lg" tt="none" leftSection={<IconClock size={14} aria-hidden />}>
              {guide.duration}
            </Badge>
          </Group>
        }
        title={guide.title}
        intro={guide.intro}
      />
      <Section title="Steps" mt="2rem">
        <GuideSteps steps={guide.steps} />
      </Section>
      {guide.commonIssues?.length ? (
        <Section title="Common issues" mt="2rem">
          <Stack gap="sm">
            {guide.commonIssues.map((issue) => (
              <Card key={issue.problem} withBorder padding="md">
                <Title order={3} size="h5" mb={4}>
                  {issue.problem}
                </Title>
                <Text size="sm">{issue.solution}</Text>
              </Card>
            ))}
          </Stack>
        </Section>
      ) : null}
      <CallToAction
        title="Try it now"
        text="Open the studio in a new tab and follow the steps as you go."
        links={[
          { to: '/studio', label: 'Open the Studio' },
          { to: '/help', label: 'Help Center' },
        ]}
      />
      <Section title="More guides">
        <GuideList exclude={guide.slug} />
      </Section>
    </Container>
  );
}
