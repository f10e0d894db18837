import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Stat } from '../data/home';

/** Checkable product facts in large type; a description list, since each value has its label. */
export function StatsGrid({ stats }: { readonly stats: readonly Stat[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" m={0}>
      {stats.map((stat) => (
        <Paper key={stat.value} withBorder p="lg" radius="md">
          <Text component="dt" fz={28} fw={800} lh={1.2}>
            {stat.value}
          </Text>
          <Text component="dd" size="sm" c="dimmed" m={0} mt={4}>
            {stat.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
