import { Anchor, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { SITE_CONTACT_EMAIL } from '../../../shared/site';

/** How to reach the people behind the product: one address, no form, nothing sent on its own. */
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
          <Text mb="xs">{text}</Text>
          <Anchor href={`mailto:${SITE_CONTACT_EMAIL}`}>{SITE_CONTACT_EMAIL}</Anchor>
        </div>
      </Group>
    </Card>
  );
}
