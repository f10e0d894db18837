import { Card, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { deleteRecording, patchRecording, type RecordingRow } from '../../media';
import { RecordingItem } from './RecordingItem';
import { RoomRecordingGroup } from './RoomRecordingGroup';
import { recordingsQuery, useRecordingsSync, useRefreshRecordings } from './recordings-query';
import { libraryEntries } from './room-sessions';
import { StorageMeter } from './StorageMeter';
import { useUnsentTracks } from './useUnsentTracks';

/** "Your recordings": everything recorded on this device, kept in IndexedDB until deleted. */
export function LibraryPanel() {
  useRecordingsSync();
  const refresh = useRefreshRecordings();
  const { data = [] } = useQuery(recordingsQuery);
  const rename = useMutation({ mutationFn: ({ id, name }: { id: string; name: string }) => patchRecording(id, { name }), onSuccess: refresh });
  const title = useRef<HTMLHeadingElement>(null);
  const remove = useMutation({
    mutationFn: deleteRecording,
    // The deleted item took the focused button with it: focus goes to the list's heading, not the page's top.
    onSuccess: async () => {
      await refresh();
      title.current?.focus();
    },
  });
  const done = data.filter((row) => row.state === 'done');
  const unsent = useUnsentTracks();
  const item = (row: RecordingRow) => (
    <RecordingItem
      key={row.id}
      row={row}
      unsentTo={unsent.get(row.id)}
      onRename={(name) => {
        rename.mutate({ id: row.id, name });
      }}
      onDelete={() => {
        remove.mutate(row.id);
      }}
    />
  );

  return (
    <Card withBorder component="section" aria-labelledby="library-title" id="recordings">
      <Title order={2} size="h4" id="library-title" mb="sm" ref={title} tabIndex={-1}>
        Your recordings
      </Title>
      <Stack gap="sm">
        <StorageMeter />
        {done.length === 0 ? (
          <Text c="dimmed" size="sm">
            Recordings you make stay here, on this device only, until you delete them.
          </Text>
        ) : (
          libraryEntries(done, data).map((entry) => (entry.kind === 'recording' ? item(entry.row) : <RoomRecordingGroup key={entry.key} entry={entry} renderTrack={item} />))
        )}
      </Stack>
    </Card>
  );
}
