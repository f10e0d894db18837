import { Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface CtaLink {
  readonly to: '/studio' | '/features' | '/help' | '/about' | '/how-to/record-screen-with-webcam';
  readonly label: string;
}

interface CallToActionProps {
  readonly title: string;
  readonly text: ReactNode;
  readonly links: readonly CtaLink[];
}

/** The closing panel of a page: one sentence and where to go next (the first link is the main one). */
export function CallToAction({ title, text, links }: CallToActionProps) {
  return (
    <Card withBorder padding="xl" mt="3rem" bg="var(--mantine-color-blue-light)" component="section" aria-label={title}>
      <Title order={2} mb="xs">
        {title}
      </Title>
      <Text mb="lg" maw={720}>
        {text}
      </Text>
      <Group>
        {links.map((link, i) => (
          <Button key={link.to} component={Link} to={link.to} variant={i === 0 ? 'filled' : 'default'} size="md">
            {link.label}
          </Button>
        ))}
      </Group>
    </Card>
  );
}
