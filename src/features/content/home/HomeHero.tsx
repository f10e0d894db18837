import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function HomeHero() {
  return (
    <header>
      <Group gap="xs" mb="md">
        <Badge variant="light">No account</Badge>
        <Badge variant="light">No watermark</Badge>
        <Badge variant="light">Nothing uploaded</Badge>
      </Group>
      <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.15} maw={820}>
        Record your screen and webcam, free and private
      </Title>
      <Text size="xl" c="dimmed" mt="md" maw={760}>
        Screen, webcam, or both with your camera bubble burned in, plus microphone and system audio. It all happens in
        your browser: no account, no watermark, nothing uploaded.
      </Text>
      <Group mt="xl">
        <Button component={Link} to="/studio" size="lg" rightSection={<IconArrowRight size={18} aria-hidden />}>
          Start Recording
        </Button>
        <Button component={Link} to="/features" size="lg" variant="default">
          See Features
        </Button>
      </Group>
    </header>
  );
}
