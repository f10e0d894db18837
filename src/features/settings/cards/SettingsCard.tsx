import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsCardProps {
  readonly title: string;
  readonly description: string;
  readonly icon: ReactNode;
  readonly children: ReactNode;
}

/** One titled group of settings; the title is a heading so screen-reader users can jump between cards. */
export function SettingsCard({ title, description, icon, children }: SettingsCardProps) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Group gap="sm" mb={4} wrap="nowrap">
        {icon}
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <Stack gap="lg">{children}</Stack>
    </Card>
  );
}

/** Narrows a string from a Mantine input to one of the schema's values. */
export function isOneOf<V extends string>(options: readonly { value: V }[], value: string | null): value is V {
  return options.some((option) => option.value === value);
}
