import { Anchor, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CONTENT_ICONS } from '../components/content-icons';
import type { UseCase } from '../data/home';

export function UseCaseList({ useCases }: { readonly useCases: readonly UseCase[] }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" p={0} m={0} style={{ listStyle: 'none' }}>
      {useCases.map((useCase) => {
        const Icon = CONTENT_ICONS[useCase.icon];
        return (
          <Group component="li" key={useCase.title} wrap="nowrap" align="flex-start">
            <ThemeIcon size={36} radius="xl" variant="light">
              <Icon size={20} aria-hidden />
            </ThemeIcon>
            <div>
              {useCase.audience ? (
                <Anchor
                  fw={700}
                  renderRoot={(props) => <Link to="/for/$slug" params={{ slug: useCase.audience ?? '' }} {...props} />}
                >
                  {useCase.title}
                </Anchor>
              ) : (
                <Text fw={700}>{useCase.title}</Text>
              )}
              <Text size="sm" c="dimmed">
                {useCase.description}
              </Text>
            </div>
          </Group>
        );
      })}
    </SimpleGrid>
  );
}
