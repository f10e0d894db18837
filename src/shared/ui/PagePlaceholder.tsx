import { Container, Group, Loader, Text, type ContainerProps } from '@mantine/core';
import { PageHeader } from './PageHeader';

interface PagePlaceholderProps {
  readonly title: string;
  readonly intro: string;
  readonly size?: ContainerProps['size'];
  /** What is being prepared, e.g. "the studio". */
  readonly what: string;
}

/**
 * What a page that depends on this browser (its devices, its stored settings, its room) shows in
 * the prerendered HTML and for the instant before the app takes over: the same heading and intro,
 * so the page does not jump when the live version replaces it.
 */
export function PagePlaceholder({ title, intro, size = 'lg', what }: PagePlaceholderProps) {
  return (
    <Container size={size} py="xl">
      <PageHeader title={title} intro={intro} />
      <Group mt="xl" gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Preparing {what}…</Text>
      </Group>
      <noscript>
        <Text mt="md">This page runs in your browser and needs JavaScript to be enabled.</Text>
      </noscript>
    </Container>
  );
}
