import { Card, SimpleGrid, Text, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { COMPARISONS } from '../catalog';

/** Cards linking to the comparison pages (all, or all but the current one). */
export function ComparisonLinks({ exclude }: { readonly exclude?: string }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 4 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {COMPARISONS.filter((c) => c.slug !== exclude).map((comparison) => (
        <Card component="li" key={comparison.slug} withBorder padding="md">
          <Anchor renderRoot={(props) => <Link to="/vs/$slug" params={{ slug: comparison.slug }} {...props} />} fw={700}>
            Framecast vs {comparison.competitor}
          </Anchor>
          <Text size="sm" c="dimmed" mt={4}>
            {comparison.metaDescription}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
