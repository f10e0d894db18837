import { Anchor, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SITE_CONTACT_EMAIL } from '../../../shared/site';

interface ContactBlockProps {
  /** A heading that fits with or without an address ("Still stuck?"). */
  readonly title: string;
  /** What to write about, shown above the address when the build has one. */
  readonly withAddress: string;
  /** Where the answers are when no address is configured: never an invented inbox. */
  readonly children: ReactNode;
}

/**
 * How to reach the people behind this copy of the product: the publisher's address when the build
 * has one (VITE_CONTACT_EMAIL); otherwise what the page passes in, pointing to where the answers are.
 */
export function ContactBlock({ title, withAddress, children }: ContactBlockProps) {
  return (
    <Card withBorder padding="lg" mt="3rem" component="section" aria-label={title}>
      <Group align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconMail size={24} aria-hidden />
        </ThemeIcon>
        <div>
          <Title order={2} size="h3" mb={6}>
            {title}
          </Title>
          {SITE_CONTACT_EMAIL ? (
            <>
              <Text mb="xs">{withAddress}</Text>
              <Anchor href={`mailto:${SITE_CONTACT_EMAIL}`}>{SITE_CONTACT_EMAIL}</Anchor>
            </>
          ) : (
            children
          )}
        </div>
      </Group>
    </Card>
  );
}
