import { Accordion, Container, Title } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { FAQ } from '../data/faq';

export function HelpPage() {
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Help Center"
        intro="Answers to common questions about recording, audio, file formats, storage, rooms and quality."
      />
      <Title order={2} mt="xl" mb="md">
        Frequently asked questions
      </Title>
      <Accordion variant="separated">
        {FAQ.map((f) => (
          <Accordion.Item key={f.question} value={f.question}>
            <Accordion.Control>{f.question}</Accordion.Control>
            <Accordion.Panel>{f.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
