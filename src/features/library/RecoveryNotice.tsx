import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDuration, formatFileSize } from '../../shared/format';
import type { RecordingRow, RepairResult } from '../../media';
import { STORED_MODE_LABELS } from '../../media';
import { interruptedQuery, useRecordingsSync } from './recordings-query';
import { InterruptedRecording } from './InterruptedRecording';
import { RecordingsQueries } from './recordings-queries';
import { downloadRecording } from './save-recording';

interface Recovered {
  row: RecordingRow;
  result: RepairResult;
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
          <Button size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => { downloadRecording(row); }}>
            Download recovered recording
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Shown on every route when recordings were left unfinished by a crash, a closed tab or a full disk. */
export default function RecoveryNotice() {
  return (
    <RecordingsQueries>
      <InterruptedRecordings />
    </RecordingsQueries>
  );
}

function InterruptedRecordings() {
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
            onRecovered={(result) => {
              setRecovered((list) => [...list, { row, result }]);
            }}
          />
        ))}
    </Stack>
  );
}
