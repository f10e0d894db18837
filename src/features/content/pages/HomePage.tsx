import { Anchor, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CallToAction } from '../components/CallToAction';
import { CheckList } from '../components/CheckList';
import { IconPointGrid } from '../components/IconPointGrid';
import { Section } from '../components/Section';
import { HOME_BENEFITS, HOME_FEATURES, HOME_STATS, HOME_USE_CASES, WHY_CHOOSE } from '../data/home';
import { HomeHero } from '../home/HomeHero';
import { QuickStart, type WebcamLauncherSlot } from '../home/QuickStart';
import { StatsGrid } from '../home/StatsGrid';
import { UseCaseList } from '../home/UseCaseList';

/** `webcamLauncher`: the floating-webcam control for the Quick Start dialog, from the route that composes features. */
export function HomePage({ webcamLauncher }: { readonly webcamLauncher?: WebcamLauncherSlot }) {
  return (
    <Container size="lg" py="xl">
      <HomeHero />
      <Section title="Framecast in numbers" intro="Facts about the recorder that you can check yourself in the studio.">
        <StatsGrid stats={HOME_STATS} />
      </Section>
      <Section title="Quick Start" intro="Pick how you want to record. The studio opens with that mode selected.">
        <QuickStart webcamLauncher={webcamLauncher} />
      </Section>
      <Section title="Everything you need to record" intro="One studio for your screen, your camera and your guests.">
        <IconPointGrid points={HOME_FEATURES} cols={2} />
      </Section>
      <Section title="Why people record with Framecast">
        <IconPointGrid points={HOME_BENEFITS} cols={4} />
      </Section>
      <Section title="Made for creators of every kind" intro="Whatever you need to show, you can record it in a few clicks.">
        <UseCaseList useCases={HOME_USE_CASES} />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt="3rem">
        <Section title="Why choose Framecast" mt="0">
          <CheckList items={WHY_CHOOSE} />
        </Section>
        <Section title="Who builds this" mt="0">
          <Text mb="sm">
            Framecast is made by a small, independent team of web developers who wanted a recorder they could hand to
            anyone: a teacher, a colleague, a parent. No installer to approve, no account to create, and no reason to
            trust a server with what is on your screen.
          </Text>
          <Text mb="sm">
            So everything runs in the browser you already have. The recorder is built on open web standards (WebCodecs,
            Web Workers, IndexedDB and WebRTC), and we measure it on modest hardware, because that is what most people
            record on.
          </Text>
          <Title order={3} size="h5" mt="md">
            Questions?
          </Title>
          <Text size="sm" c="dimmed">
            The{' '}
            <Anchor component={Link} to="/about" inherit underline="always">
              About page
            </Anchor>{' '}
            tells the longer story, and the{' '}
            <Anchor component={Link} to="/help" inherit underline="always">
              Help Center
            </Anchor>{' '}
            answers common questions, with step-by-step guides.
          </Text>
        </Section>
      </SimpleGrid>
      <CallToAction
        title="Ready to record?"
        text="Open the studio and press Start. Your first recording is a minute away, and it never leaves your computer."
        links={[
          { to: '/studio', label: 'Start Recording' },
          { to: '/about', label: 'About Framecast' },
        ]}
      />
    </Container>
  );
}
