import { Anchor, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconMail } from '@tabler/icons-react';
import { SITE_CONTACT_EMAIL } from '../../../shared/site';

/**
 * How to reach the people behind this copy of the product: the publisher's address when the build
 * has one; otherwise where the answers are, rather than an inbox nobody reads.
 */
export function ContactBlock({ title = 'Contact us', text }: { readonly title?: string; readonly text: string }) {
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
              <Text mb="xs">{text}</Text>
              <Anchor href={`mailto:${SITE_CONTACT_EMAIL}`}>{SITE_CONTACT_EMAIL}</Anchor>
            </>
          ) : (
            <Text>
              Framecast has no accounts and collects nothing, so there is no inbox holding your details. Most answers are in
              the{' '}
              <Anchor component={Link} to="/help">
                Help Center
              </Anchor>
              , with step-by-step guides for common recording jobs.
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}
