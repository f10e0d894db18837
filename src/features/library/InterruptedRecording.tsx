import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDuration, formatFileSize } from '../../shared/format';
import type { RecordingRow, RepairResult } from '../../media';
import { STORED_MODE_LABELS } from '../../media';
import { useRefreshRecordings } from './recordings-query';
import { saveRecordingFile } from './save-recording';

/**
 * One recording left unfinished by a crash, a closed tab or a full disk. Recover repairs it into a
 * playable file; when repair fails the notice never dead-ends: Retry, take the stored bytes as they
 * are (most players still open them), or Discard after a confirmation that names what goes.
 */
export function InterruptedRecording({ row, onRecovered }: { row: RecordingRow; onRecovered: (result: RepairResult) => void }) {
  const refresh = useRefreshRecordings();
  const [progress, setProgress] = useState<number | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const recover = useMutation({
    mutationFn: async () => {
      // The repair code is loaded only when someone actually recovers something.
      const { repairRecording } = await import('../../media/storage/repair-recording');
      return repairRecording(row.id, setProgress);
    },
    onSuccess: async (result) => {
      onRecovered(result);
      await refresh();
    },
    onError: () => {
      setProgress(null);
    },
  });
  const discard = useMutation({
    mutationFn: async () => {
      const { deleteRecording } = await import('../../media/storage/recordings-db');
      await deleteRecording(row.id);
    },
    onSuccess: refresh,
  });
  const downloadAsIs = useMutation({ mutationFn: () => saveRecordingFile(row) });
  const busy = recover.isPending || discard.isPending;
  const when = new Date(row.createdAt).toLocaleString();
  const what = `${STORED_MODE_LABELS[row.mode]} recording from ${when}`;
  const amount = `${formatDuration(row.durationMs / 1000)} (${formatFileSize(row.size)})`;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="A recording was interrupted" role="region">
      <Stack gap="xs">
        <Text size="sm" data-testid="interrupted-details">
          {what}: {amount} was saved before it stopped. Recover it to get a playable file, or discard it to free the space.
        </Text>
        {recover.isError ? (
          <Text size="sm" c="red" role="alert">
            Recovery failed: {recover.error instanceof Error ? recover.error.message : 'Failed to process recording'}. Try again, or download
            the stored recording as it is: most players still open it.
          </Text>
        ) : null}
        {downloadAsIs.isError ? (
          <Text size="sm" c="red" role="alert">
            The stored recording could not be read: {downloadAsIs.error instanceof Error ? downloadAsIs.error.message : 'unknown error'}
          </Text>
        ) : null}
        {progress !== null ? <Progress value={progress * 100} aria-label="Recovery progress" /> : null}
        {confirmingDiscard ? (
          <Group gap="xs" role="group" aria-label={`Confirm discarding the ${what}`}>
            <Text size="sm">
              Delete the {what}, {amount}, from this browser? This cannot be undone.
            </Text>
            <Button size="xs" color="red" onClick={() => discard.mutate()} loading={discard.isPending} autoFocus>
              Discard recording
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirmingDiscard(false)} disabled={discard.isPending}>
              Keep it
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Button size="xs" onClick={() => recover.mutate()} loading={recover.isPending} disabled={busy} aria-label={`${recover.isError ? 'Retry' : 'Recover'} the recording from ${when}`}>
              {recover.isError ? 'Retry' : 'Recover'}
            </Button>
            {recover.isError ? (
              <Button size="xs" variant="light" onClick={() => downloadAsIs.mutate()} loading={downloadAsIs.isPending} disabled={busy} aria-label={`Download as-is the recording from ${when}`}>
                Download as-is
              </Button>
            ) : null}
            <Button size="xs" variant="default" onClick={() => setConfirmingDiscard(true)} disabled={busy} aria-label={`Discard the recording from ${when}`}>
              Discard
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
