import { Anchor, Badge, Card, Container, List, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../shared/ui/PageHeader';
import type { LegalDocument } from '../data/legal-types';
import { ContactBlock } from './ContactBlock';
import { Section } from './Section';

/** The template of the privacy policy and the terms: summary cards, then sections of bullet lists. */
export function LegalPage({ document }: { readonly document: LegalDocument }) {
  return (
    <Container size="md" py="xl">
      <PageHeader
        eyebrow={
          <Badge variant="light" mb="sm" tt="none" size="lg">
            Last updated {document.lastUpdated}
          </Badge>
        }
        title={document.title}
        intro={document.intro}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="xl">
        {document.cards.map((card) => (
          <Card key={card.title} withBorder padding="md">
            <Title order={2} size="h5" mb={4}>
              {card.title}
            </Title>
            <Text size="sm" c="dimmed">
              {card.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {document.sections.map((section) => (
        <Section key={section.title} title={section.title} mt="2rem">
          <List spacing="xs">
            {section.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Section>
      ))}
      <ContactBlock title={document.contact.title} withAddress={document.contact.withAddress}>
        <Text mb="xs">{document.contact.withoutAddress}</Text>
        <Anchor component={Link} to="/help">
          Go to the Help Center
        </Anchor>
      </ContactBlock>
    </Container>
  );
}
