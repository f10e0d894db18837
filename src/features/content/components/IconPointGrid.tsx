import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { IconPoint } from '../content-types';
import { CONTENT_ICONS } from './content-icons';

interface IconPointGridProps {
  readonly points: readonly (IconPoint & { readonly badge?: string; readonly highlighted?: boolean })[];
  readonly cols?: number;
}

/** Cards of icon, title and text: features, benefits, values. Titles are h3 under the section's h2. */
export function IconPointGrid({ points, cols = 3 }: IconPointGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="lg">
      {points.map((point) => {
        const Icon = CONTENT_ICONS[point.icon];
        return (
          <Card key={point.title} withBorder padding="lg" shadow={point.highlighted ? 'md' : undefined}>
            <Group justify="space-between" align="flex-start" mb="sm">
              <ThemeIcon size={44} radius="md" variant={point.highlighted ? 'filled' : 'light'}>
                <Icon size={24} aria-hidden />
              </ThemeIcon>
              {point.badge ? (
                <Badge variant={point.highlighted ? 'filled' : 'light'}>{point.badge}</Badge>
              ) : null}
            </Group>
            <Title order={3} size="h4" mb={6}>
              {point.title}
            </Title>
            <Text size="sm" c="dimmed">
              {point.description}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
