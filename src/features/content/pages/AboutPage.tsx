import { Badge, Blockquote, Container, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { CallToAction } from '../components/CallToAction';
import { IconPointGrid } from '../components/IconPointGrid';
import { Section } from '../components/Section';
import { EXPERTISE, MILESTONES, MISSION, STORY, TECHNOLOGIES, VALUES } from '../data/about';
import { HOME_STATS } from '../data/home';
import { StatsGrid } from '../home/StatsGrid';

export function AboutPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="About Framecast"
        intro="We build a screen and webcam recorder that is free, private and runs entirely in your browser, so anyone can explain something on video without an account, an install or an upload."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Section title="Our story">
          <Stack gap="sm">
            {STORY.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        </Section>
        <Section title="Our mission">
          <Blockquote color="blue" mt="xs">
            {MISSION}
          </Blockquote>
        </Section>
      </SimpleGrid>
      <Section title="Framecast at a glance">
        <StatsGrid stats={HOME_STATS} />
      </Section>
      <Section title="Our journey" intro="What we built, in the order we built it.">
        <Timeline active={MILESTONES.length - 1} bulletSize={22} lineWidth={2}>
          {MILESTONES.map((milestone) => (
            <Timeline.Item key={milestone.title} title={<Title order={3} size="h5">{milestone.title}</Title>}>
              <Text size="sm" c="dimmed">
                {milestone.description}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Section>
      <Section title="What we know well">
        <IconPointGrid points={EXPERTISE} cols={2} />
      </Section>
      <Section title="What we value">
        <IconPointGrid points={VALUES} cols={4} />
      </Section>
      <Section title="Built with" intro="Open web standards and well-kept open-source tools.">
        <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {TECHNOLOGIES.map((tech) => (
            <Badge component="li" key={tech} variant="outline" size="lg" tt="none">
              {tech}
            </Badge>
          ))}
        </Group>
      </Section>
      <CallToAction
        title="See it for yourself"
        text="The best way to know Framecast is to record something. It takes less than a minute."
        links={[
          { to: '/studio', label: 'Start Recording' },
          { to: '/features', label: 'See Features' },
        ]}
      />
    </Container>
  );
}
