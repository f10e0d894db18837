import { Anchor, Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { GUIDES, type GuideEntry } from '../catalog';
import { DifficultyBadge } from './DifficultyBadge';

/** Cards for a few guides, each linking to it. */
export function GuideCards({ slugs }: { readonly slugs: readonly string[] }) {
  const guides = slugs.map((slug) => GUIDES.find((g) => g.slug === slug)).filter((g): g is GuideEntry => g !== undefined);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {guides.map((guide) => (
        <Card key={guide.slug} withBorder padding="lg" style={{ display: 'flex', flexDirection: 'column' }}>
          <Group gap="xs" mb="sm">
            <DifficultyBadge difficulty={guide.difficulty} />
            <Badge variant="default" size="lg" tt="none">
              {guide.duration}
            </Badge>
          </Group>
          <Title order={3} size="h4" mb={6}>
            {guide.title}
          </Title>
          <Text size="sm" c="dimmed" mb="md" style={{ flex: 1 }}>
            {guide.metaDescription}
          </Text>
          <Anchor renderRoot={(props) => <Link to="/how-to/$slug" params={{ slug: guide.slug }} {...props} />} fw={600}>
            Read the guide
            <span className="visually-hidden">: {guide.title}</span>
          </Anchor>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A plain list of every guide except `exclude`, for "more guides" sections. */
export function GuideList({ exclude }: { readonly exclude?: string }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {GUIDES.filter((g) => g.slug !== exclude).map((guide) => (
        <li key={guide.slug}>
          <Anchor renderRoot={(props) => <Link to="/how-to/$slug" params={{ slug: guide.slug }} {...props} />}>{guide.title}</Anchor>
          <Text span size="sm" c="dimmed">
            {' '}
            · {guide.duration}
          </Text>
        </li>
      ))}
    </SimpleGrid>
  );
}
