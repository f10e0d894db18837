import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconMovie } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ExportMp4Dialog } from '../library';
import { formatDuration, formatFileSize } from '../../shared/format';
import type { FinishedRecording } from './studio-controller';

export function DownloadCard({ recording, onDownload }: { recording: FinishedRecording; onDownload: () => void }) {
  const [exporting, setExporting] = useState(false);
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  // A recording just finished: focus comes here, where its file is, wherever Stop was pressed.
  useEffect(() => {
    card.current?.focus();
  }, [recording.id]);
  return (
    <Card withBorder component="section" aria-labelledby={titleId} ref={card} tabIndex={-1} data-testid="download-card">
      <Title order={2} size="h4" mb="xs" id={titleId}>
        Download Video
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {formatDuration(recording.durationMs / 1000)} · {formatFileSize(recording.size)} · WebM. It also stays in your recordings on
        this device until you delete it.
      </Text>
      <Stack gap="xs">
        <Button fullWidth leftSection={<IconDownload size={16} aria-hidden />} aria-label="Download recording" onClick={onDownload}>
          Download
        </Button>
        <Button fullWidth variant="default" leftSection={<IconMovie size={16} aria-hidden />} onClick={() => setExporting(true)}>
          Export as MP4
        </Button>
      </Stack>
      <ExportMp4Dialog recording={{ id: recording.id, name: recording.fileName }} opened={exporting} onClose={() => setExporting(false)} />
    </Card>
  );
}
