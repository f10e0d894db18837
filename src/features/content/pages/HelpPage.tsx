import { Container } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ContactBlock } from '../components/ContactBlock';
import { FaqBrowser } from '../components/FaqBrowser';
import { GuideCards, GuideList } from '../components/GuideLinks';
import { Section } from '../components/Section';

export function HelpPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Help Center"
        intro="Answers to common questions about recording, audio, file formats, storage, rooms and quality."
      />
      <Section title="Start with a guide" intro="Step-by-step walkthroughs for the most common recordings.">
        <GuideCards slugs={['record-screen-with-webcam', 'record-powerpoint-presentation', 'record-without-watermark']} />
      </Section>
      <Section title="Frequently asked questions">
        <FaqBrowser />
      </Section>
      <Section title="All guides">
        <GuideList />
      </Section>
      <ContactBlock
        title="Still stuck?"
        text="Write to us with what you tried, your browser and its version, and what you expected to happen."
      />
    </Container>
  );
}
