import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { ModeCard } from '../data/features';
import { CheckList } from './CheckList';
import { CONTENT_ICONS } from './content-icons';

export function ModeCards({ modes }: { readonly modes: readonly ModeCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {modes.map((mode) => {
        const Icon = CONTENT_ICONS[mode.icon];
        return (
          <Card key={mode.title} withBorder padding="lg" shadow={mode.featured ? 'md' : undefined}>
            <Group justify="space-between" align="flex-start" mb="sm">
              <ThemeIcon size={44} radius="md" variant={mode.featured ? 'filled' : 'light'}>
                <Icon size={24} aria-hidden />
              </ThemeIcon>
              <Group gap={6}>
                {mode.badges.map((badge) => (
                  <Badge key={badge} variant={badge === 'Featured' ? 'filled' : 'light'}>
                    {badge}
                  </Badge>
                ))}
              </Group>
            </Group>
            <Title order={3} size="h4" mb={6}>
              {mode.title}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {mode.description}
            </Text>
            <CheckList items={mode.benefits} />
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
