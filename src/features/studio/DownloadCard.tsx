import { Button, Card, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatDuration, formatFileSize } from '../../shared/format';
import type { FinishedRecording } from './studio-controller';

export function DownloadCard({ recording, onDownload }: { recording: FinishedRecording; onDownload: () => void }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Download Video
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {formatDuration(recording.durationMs / 1000)} · {formatFileSize(recording.size)} · WebM. It also stays in your recordings on
        this device until you delete it.
      </Text>
      <Button fullWidth leftSection={<IconDownload size={16} aria-hidden />} aria-label="Download recording" onClick={onDownload}>
        Download
      </Button>
    </Card>
  );
}
