import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDuration, formatFileSize } from '../../shared/format';
import { MODE_LABELS } from '../../shared/recording-modes';
import { useSyncExternalStore } from 'react';
import type { StudioController } from '../recording/studio-controller';
import type { RecordingMode } from '../../shared/storage/recordings-db';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function StatsCard({ controller, mode }: { controller: StudioController; mode: RecordingMode }) {
  const stats = useSyncExternalStore(controller.subscribeStats, controller.getStats);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Recording Stats
      </Title>
      <SimpleGrid cols={2}>
        <Stat label="Duration" value={formatDuration(stats.durationMs / 1000)} testId="stat-duration" />
        <Stat label="File Size" value={formatFileSize(stats.bytes)} testId="stat-size" />
        <Stat label="Mode" value={MODE_LABELS[mode]} testId="stat-mode" />
        <Stat label="Format" value="WebM" testId="stat-format" />
      </SimpleGrid>
    </Card>
  );
}
