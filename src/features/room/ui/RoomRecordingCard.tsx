import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerPause, IconPlayerPlay, IconPlayerRecord, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatFileSize } from '../../../shared/format';
import { focusIfLost } from '../../../shared/ui/focus-if-lost';
import { WithoutMicrophoneNotice } from '../../../shared/ui/WithoutMicrophoneNotice';
import { formatBitrate, formatMegabytes, formatRoomDuration, RECORDING_MODE_LABELS } from '../recording/room-recording-format';
import { recordingControls } from '../recording/room-recording-machine';
import type { RoomFile } from '../room-notice';
import type { RoomState } from '../room-state';
import type { OwnTrackStatus } from '../tracks/podcast-tracks';
import type { TrackStatus } from '../tracks/track-receiver';
import { ownTrackText, trackStatusText } from '../tracks/track-status-text';

interface RecordingCardProps {
  room: RoomState;
  files: readonly RoomFile[];
  /** The host's view of each participant's own track (separate recording). */
  tracks: readonly TrackStatus[];
  /** This participant's own track (separate recording), as they see it. */
  ownTrack: OwnTrackStatus | null;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onDownload: () => void;
  /** This participant has no microphone (refused, missing or unplugged): their voice is not in the file. */
  withoutMicrophone: boolean;
}

/**
 * Recording controls by state (docs/decisions/0013-room-recording.md), the recording's figures and its
 * files.
 */
export function RoomRecordingCard({ room, files, tracks, ownTrack, onStart, onPause, onResume, onStop, onDownload, withoutMicrophone }: RecordingCardProps) {
  const { recordingState, recordingStats: stats } = room;
  const controls = recordingControls(recordingState, stats !== null && files.length > 0);
  // Start is disabled while the recorder comes up, which drops its focus: once recording, it is Stop's.
  const startStop = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (controls.stop) focusIfLost(startStop.current);
  }, [controls.stop]);
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Room Recording
        </Title>
        {recordingState === 'recording' ? (
          <Badge color="red" variant="filled" data-testid="room-recording-badge">
            REC
          </Badge>
        ) : null}
        {recordingState === 'paused' ? (
          <Badge color="yellow" variant="filled" data-testid="room-recording-badge">
            Paused
          </Badge>
        ) : null}
      </Group>
      <Stack gap="sm">
        <Group gap="xs" role="group" aria-label="Recording controls">
          {controls.pause || controls.resume ? (
            <Button
              color={controls.resume ? 'teal' : 'yellow.8'}
              leftSection={controls.resume ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
              aria-label={controls.resume ? 'Resume recording' : 'Pause recording'}
              onClick={controls.resume ? onResume : onPause}
            >
              {controls.resume ? 'Resume' : 'Pause'}
            </Button>
          ) : null}
          {/* One button that turns from Start into Stop, then Processing, so focus stays on it. */}
          <Button
            ref={startStop}
            color="red.8"
            leftSection={controls.start ? <IconPlayerRecord size={16} aria-hidden /> : <IconPlayerStop size={16} aria-hidden />}
            aria-label={controls.start ? 'Start recording' : controls.stop ? 'Stop recording' : 'Processing'}
            loading={controls.processing}
            onClick={controls.start ? onStart : onStop}
          >
            {controls.start ? 'Start' : controls.stop ? 'Stop' : 'Processing'}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} disabled={!controls.downloadEnabled} onClick={onDownload}>
            Download
          </Button>
        </Group>
        {room.isHost && withoutMicrophone && (recordingState === 'recording' || recordingState === 'paused') ? <WithoutMicrophoneNotice /> : null}
        {stats ? (
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} data-testid="room-recording-stats">
            <Text size="sm" c="dimmed">Duration</Text>
            <Text size="sm" data-testid="room-recording-duration">{formatRoomDuration(stats.durationMs)}</Text>
            <Text size="sm" c="dimmed">Total size</Text>
            <Text size="sm">{formatMegabytes(stats.totalSize)}</Text>
            <Text size="sm" c="dimmed">Participants</Text>
            <Text size="sm">{stats.participantCount}</Text>
            <Text size="sm" c="dimmed">Bitrate</Text>
            <Text size="sm">{formatBitrate(stats.bitrate)}</Text>
            <Text size="sm" c="dimmed">Mode</Text>
            <Text size="sm">{RECORDING_MODE_LABELS[stats.recordingMode]}</Text>
            <Text size="sm" c="dimmed">Frame rate</Text>
            <Text size="sm" data-testid="room-recording-fps">{stats.fps > 0 ? `${String(stats.fps)} fps` : '—'}</Text>
          </SimpleGrid>
        ) : null}
        {stats ? (
          // Speaks only when the message changes: when the recording steps down or back up.
          <Text size="sm" c="dimmed" role="status" data-testid="room-keep-up-notice">
            {stats.keepUp ?? ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {room.isHost ? 'Record everyone in the room, mixed into one video or one file per person.' : 'Only the host can record this room.'}
          </Text>
        )}
        {ownTrack ? (
          <Text size="sm" role="status" data-testid="own-track-status" data-phase={ownTrack.phase}>
            {ownTrackText(ownTrack)}
          </Text>
        ) : null}
        {tracks.length > 0 ? (
          <List size="sm" spacing={2} aria-label="Participants’ own recordings" data-testid="podcast-tracks">
            {tracks.map((track) => (
              <List.Item key={track.recordingId} data-phase={track.phase}>
                {trackStatusText(track)}
              </List.Item>
            ))}
          </List>
        ) : null}
        {files.length > 0 && controls.downloadEnabled ? (
          <List size="sm" spacing={2} aria-label="Recorded files">
            {files.map((file) => (
              <List.Item key={file.recordingId}>
                {file.fileName} ({formatFileSize(file.size)})
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Card>
  );
}
