import { Anchor, Container, Text } from '@mantine/core';
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
      <Section title="Frequently asked questions" id="faq">
        <FaqBrowser />
      </Section>
      <Section title="All guides" id="guides">
        <GuideList />
      </Section>
      <ContactBlock
        title="Still stuck?"
        withAddress="Write to us with what you tried, your browser and its version, and what you expected to happen."
      >
        {/* No address configured: the answers are on this page, so point within it. */}
        <Text>
          The <Anchor href="#faq" underline="always">frequently asked questions</Anchor> above cover a webcam that does not appear, a silent
          recording and the browser versions Framecast needs, and each of the{' '}
          <Anchor href="#guides" underline="always">step-by-step guides</Anchor> ends with the common issues for its kind of recording and how
          to solve them.
        </Text>
      </ContactBlock>
    </Container>
  );
}
