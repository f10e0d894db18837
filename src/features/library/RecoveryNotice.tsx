import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDuration, formatFileSize } from '../../shared/format';
import type { RecordingRow } from '../../shared/storage/recordings-db';
import type { RepairResult } from '../../shared/storage/repair-recording';
import { STORED_MODE_LABELS } from '../../shared/recording-modes';
import { interruptedQuery, useRecordingsSync, useRefreshRecordings } from './recordings-query';
import { saveRecordingFile } from './save-recording';

interface Recovered {
  row: RecordingRow;
  result: RepairResult;
}

function InterruptedRecording({ row, onRecovered }: { row: RecordingRow; onRecovered: (recovered: Recovered) => void }) {
  const refresh = useRefreshRecordings();
  const [progress, setProgress] = useState<number | null>(null);
  const recover = useMutation({
    mutationFn: async () => {
      // The repair code is loaded only when someone actually recovers something.
      const { repairRecording } = await import('../../shared/storage/repair-recording');
      return repairRecording(row.id, setProgress);
    },
    onSuccess: async (result) => {
      onRecovered({ row, result });
      await refresh();
    },
    onError: () => {
      setProgress(null);
    },
  });
  const discard = useMutation({
    mutationFn: async () => {
      const { deleteRecording } = await import('../../shared/storage/recordings-db');
      await deleteRecording(row.id);
    },
    onSuccess: refresh,
  });
  const busy = recover.isPending || discard.isPending;
  const when = new Date(row.createdAt).toLocaleString();
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="A recording was interrupted" role="region">
      <Stack gap="xs">
        <Text size="sm" data-testid="interrupted-details">
          {STORED_MODE_LABELS[row.mode]} recording from {when}: {formatDuration(row.durationMs / 1000)} ({formatFileSize(row.size)}) was saved before it stopped.
          Recover it to get a playable file, or discard it to free the space.
        </Text>
        {recover.isError ? (
          <Text size="sm" c="red" role="alert">
            Recovery failed: {recover.error instanceof Error ? recover.error.message : 'Failed to process recording'}
          </Text>
        ) : null}
        {progress !== null ? <Progress value={progress * 100} aria-label="Recovery progress" /> : null}
        <Group gap="xs">
          <Button size="xs" onClick={() => recover.mutate()} loading={recover.isPending} disabled={busy} aria-label={`Recover the recording from ${when}`}>
            Recover
          </Button>
          <Button size="xs" variant="default" onClick={() => discard.mutate()} loading={discard.isPending} disabled={busy} aria-label={`Discard the recording from ${when}`}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function RecoveredRecording({ recovered, onClose }: { recovered: Recovered; onClose: () => void }) {
  const { row, result } = recovered;
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title="Recording recovered" role="region" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      <Stack gap="xs">
        <Text size="sm" data-testid="recovered-details">
          {formatDuration(result.durationMs / 1000)} of your {STORED_MODE_LABELS[row.mode]} recording ({formatFileSize(result.size)}) is back and saved in Your recordings.
        </Text>
        <Group gap="xs">
          <Button size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void saveRecordingFile(row)}>
            Download recovered recording
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Shown on every route when recordings were left unfinished by a crash, a closed tab or a full disk. */
export default function RecoveryNotice() {
  useRecordingsSync();
  const { data = [] } = useQuery(interruptedQuery);
  const [recovered, setRecovered] = useState<Recovered[]>([]);
  if (data.length === 0 && recovered.length === 0) return null;
  return (
    <Stack gap="xs" p="md" maw={1200} mx="auto">
      {recovered.map((item) => (
        <RecoveredRecording
          key={item.row.id}
          recovered={item}
          onClose={() => {
            setRecovered((list) => list.filter((other) => other !== item));
          }}
        />
      ))}
      {data
        .filter((row) => !recovered.some((item) => item.row.id === row.id))
        .map((row) => (
          <InterruptedRecording
            key={row.id}
            row={row}
            onRecovered={(item) => {
              setRecovered((list) => [...list, item]);
            }}
          />
        ))}
    </Stack>
  );
}
