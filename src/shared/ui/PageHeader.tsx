import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  readonly title: ReactNode;
  readonly intro?: ReactNode;
  readonly eyebrow?: ReactNode;
}

/** The one h1 of a page with its lead paragraph. */
export function PageHeader({ title, intro, eyebrow }: PageHeaderProps) {
  return (
    <header>
      {eyebrow}
      <Title order={1} mb="sm">
        {title}
      </Title>
      {intro ? (
        <Text size="lg" c="dimmed" maw={760}>
          {intro}
        </Text>
      ) : null}
    </header>
  );
}
