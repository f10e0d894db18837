import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { formatVideoSize, keepUpMessage, recordingFormat, MODE_LABELS } from '../../media';
import { type StudioController } from './studio-controller';
import { formatDuration, formatFileSize } from '../../shared/format';
import { useSyncExternalStore } from 'react';
import type { RecordingMode } from '../../media';

const neverChanges = () => () => undefined;

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
  const live = stats.videoSize.width > 0;
  const keepUp = keepUpMessage(stats);
  // Known only in the browser (the prerendered page says WebM, what most browsers record).
  const format = useSyncExternalStore(neverChanges, recordingFormat, () => 'WebM');
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Recording Stats
      </Title>
      <SimpleGrid cols={2}>
        <Stat label="Duration" value={formatDuration(stats.durationMs / 1000)} testId="stat-duration" />
        <Stat label="File Size" value={formatFileSize(stats.bytes)} testId="stat-size" />
        <Stat label="Mode" value={MODE_LABELS[mode]} testId="stat-mode" />
        <Stat label="Format" value={format} testId="stat-format" />
        <Stat label="Frame Rate" value={live ? `${String(stats.fps)} fps` : '—'} testId="stat-fps" />
        <Stat label="Resolution" value={live ? formatVideoSize(stats.videoSize) : '—'} testId="stat-resolution" />
      </SimpleGrid>
      {/* A live region that speaks only when the message changes (every few seconds at most). */}
      <Text size="sm" c="dimmed" mt={keepUp ? 'sm' : 0} role="status" data-testid="keep-up-notice">
        {keepUp ?? ''}
      </Text>
    </Card>
  );
}
