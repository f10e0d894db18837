import { Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { RecordingRow } from '../../media';
import { distinctTracks, downloadAllLabel, downloadLinedUpLabel, roomRecordingHeading, sessionTime, type LibraryEntry } from './room-sessions';
import { downloadLinedUp } from './download-lined-up';
import { downloadRecordings } from './save-recording';

interface RoomRecordingGroupProps {
  entry: Extract<LibraryEntry, { kind: 'room-recording' }>;
  /** Each track as the library shows any file, so each stays playable, downloadable, renamable and deletable. */
  renderTrack: (row: RecordingRow) => ReactNode;
}

/** One room recording's tracks in this library (docs/decisions/0015-podcast-tracks.md), with a download of them all. */
export function RoomRecordingGroup({ entry, renderTrack }: RoomRecordingGroupProps) {
  const headingId = useId();
  const time = sessionTime(entry.session);
  const tracks = distinctTracks(entry.rows);
  // A second press while the files are being read would start each download twice.
  const saving = useRef(false);
  const downloadAll = () => {
    if (saving.current) return;
    saving.current = true;
    void downloadRecordings(tracks).finally(() => {
      saving.current = false;
    });
  };
  const [liningUp, setLiningUp] = useState(false);
  const downloadAllLinedUp = () => {
    if (liningUp) return;
    setLiningUp(true);
    void downloadLinedUp(tracks).finally(() => {
      setLiningUp(false);
    });
  };

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={headingId} data-testid="library-room-recording">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={3} size="h5" id={headingId} data-testid="library-room-recording-title">
          {roomRecordingHeading(time, tracks.length, entry.rows.length)}
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} aria-label={downloadAllLabel(time, tracks.length)} onClick={downloadAll}>
            Download all tracks
          </Button>
          {/* Each track cut to begin at the same instant, for an editor's timeline. Busy, not disabled,
              while it works: a disabled button would drop the keyboard user's focus. */}
          <Button size="xs" variant="light" leftSection={liningUp ? <Loader size={14} aria-hidden /> : <IconDownload size={14} aria-hidden />} aria-label={downloadLinedUpLabel(time, tracks.length)} aria-busy={liningUp} onClick={downloadAllLinedUp}>
            Download lined up
          </Button>
        </Group>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {entry.rows.map((row) => (
          <li key={row.id}>{renderTrack(row)}</li>
        ))}
      </Stack>
    </Card>
  );
}
