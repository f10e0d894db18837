import { Container, Group } from '@mantine/core';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { AudienceLinks } from '../components/AudienceLinks';
import { BrowserTable } from '../components/BrowserTable';
import { CallToAction } from '../components/CallToAction';
import { ComparisonLinks } from '../components/ComparisonLinks';
import { IconPointGrid } from '../components/IconPointGrid';
import { ModeCards } from '../components/ModeCards';
import { QualityTable } from '../components/QualityTable';
import { Section } from '../components/Section';
import { MODE_CARDS, PRIVACY_POINTS, TECHNOLOGY } from '../data/features';

export function FeaturesPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Features"
        intro="Everything you need to record your screen, your webcam, or both, with audio, in a file that plays and seeks everywhere."
      />
      <Group mt="lg">
        <ButtonLink to="/studio" size="md">
          Open the Studio
        </ButtonLink>
      </Group>
      <Section title="Recording modes" intro="Choose a mode in the studio; you can switch any time before you press Start.">
        <ModeCards modes={MODE_CARDS} />
      </Section>
      <Section title="Under the hood" intro="Built on web standards so that it is fast, private and hard to break.">
        <IconPointGrid points={TECHNOLOGY} />
      </Section>
      <Section
        title="Quality and file size"
        intro="Choose 720p, 1080p or 4K and a bitrate from 1 to 10 Mbps in Settings. Higher bitrates keep fast motion sharp; screen content with little motion looks good at lower ones."
      >
        <QualityTable />
      </Section>
      <Section
        title="Browser support"
        intro="Chrome and Edge run the full recording pipeline; Firefox and Safari encode in the same kind of worker, with the page handing it each picture (Safari records MP4 where it cannot write WebM). Screen recording needs a desktop browser: phone and tablet browsers do not offer screen capture."
      >
        <BrowserTable />
      </Section>
      <Section title="Private by design" intro="Your recordings are yours. We built Framecast so that we never see them.">
        <IconPointGrid points={PRIVACY_POINTS} cols={4} />
      </Section>
      <Section title="How Framecast compares" intro="Honest comparisons with the tools people ask us about.">
        <ComparisonLinks />
      </Section>
      <Section title="Who it is for">
        <AudienceLinks />
      </Section>
      <CallToAction
        title="Try it now"
        text="No account to create and nothing to install: open the studio and record your first video."
        links={[
          { to: '/studio', label: 'Start Recording' },
          { to: '/about', label: 'About Framecast' },
        ]}
      />
    </Container>
  );
}
