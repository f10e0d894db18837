import { Button, Container, Text, Title } from '@mantine/core';
import { ClientOnly, Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { markPageMounted } from './hydration-gate';

export function NotFoundPage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(markPageMounted, []);
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <Container size="sm" py={80} ta="center">
      <Text fz={96} fw={900} c="dimmed" lh={1}>
        404
      </Text>
      <Title order={1} mt="md">
        Oops! Page not found
      </Title>
      <Text c="dimmed" mt="sm">
        {/* One prerendered 404.html answers every unknown address, so only the browser knows which one it was. */}
        <ClientOnly fallback="This page does not exist. It may have moved, or the link may be mistyped.">
          There is nothing at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </ClientOnly>
      </Text>
      <Button component={Link} to="/" mt="xl">
        Return to Home
      </Button>
    </Container>
  );
}
