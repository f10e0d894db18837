import { ActionIcon, Badge, Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCut, IconDownload, IconMovie, IconPencil, IconPlayerPlay, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatDuration, formatFileSize } from '../../shared/format';
import { STORED_MODE_LABELS } from '../../media';
import type { RecordingRow } from '../../media';
import { ExportMp4Dialog } from './ExportMp4Dialog';
import { TrimDialog } from './TrimDialog';
import { downloadRecording } from './save-recording';
import { useRecordingUrl } from './useRecordingUrl';
import { useStill } from './useStill';
import classes from './Library.module.css';

interface RecordingItemProps {
  row: RecordingRow;
  onRename: (name: string) => void;
  onDelete: () => void;
  /** The room whose host has not yet received this file (this participant's own track), if any. */
  unsentTo?: string | undefined;
}

export function RecordingItem({ row, onRename, onDelete, unsentTo }: RecordingItemProps) {
  const { url, error: unreadable } = useRecordingUrl(row.id, row.updatedAt, row.mimeType);
  const [playing, setPlaying] = useState(false);
  const still = useStill(url);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [trimming, setTrimming] = useState(false);
  const isMp4 = row.mimeType.startsWith('video/mp4');
  const [name, setName] = useState(row.name);
  // Leaving the name field with Enter or Escape, or keeping the recording, removes the focused
  // control: focus goes back to the button that opened it. (Leaving the field with Tab keeps where Tab went.)
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusAfterwards = useRef<typeof renameButton | null>(null);
  useEffect(() => {
    if (editing || confirmingDelete) return;
    focusAfterwards.current?.current?.focus();
    focusAfterwards.current = null;
  }, [editing, confirmingDelete]);

  const commitName = () => {
    setEditing(false);
    const trimmed = name.trim().slice(0, 120);
    if (trimmed && trimmed !== row.name) onRename(trimmed);
    else setName(row.name);
  };

  return (
    <Card withBorder padding="sm" data-testid="library-item" component="article" aria-label={row.name}>
      <Group align="flex-start" wrap="wrap">
        {url && playing ? (
          <video src={url} controls autoPlay preload="metadata" className={classes.player} aria-label={`${row.name} player`} data-testid="library-player" />
        ) : still ? (
          <img src={still} alt={`${row.name} thumbnail`} className={classes.thumbnail} data-testid="library-thumbnail" />
        ) : (
          <div className={classes.thumbnail} title={unreadable ?? undefined}>
            {unreadable ? <Text className={classes.unreadable}>No preview: this tab cannot read the file</Text> : null}
          </div>
        )}
        <Stack gap={4} className={classes.details}>
          {editing ? (
            <TextInput
              label="Recording name"
              value={name}
              maxLength={120}
              autoFocus
              onChange={(event) => {
                setName(event.currentTarget.value);
              }}
              onBlur={commitName}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== 'Escape') return;
                // Focus is back on Rename before this key's keypress: without this, that Enter would press it.
                event.preventDefault();
                focusAfterwards.current = renameButton;
                if (event.key === 'Enter') commitName();
                else {
                  setName(row.name);
                  setEditing(false);
                }
              }}
            />
          ) : (
            <Text fw={600} truncate data-testid="library-name">
              {row.name}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="library-date">
            {new Date(row.createdAt).toLocaleString()}
          </Text>
          <Group gap={6}>
            <Badge variant="light" data-testid="library-mode">
              {STORED_MODE_LABELS[row.mode]}
            </Badge>
            <Badge variant="light" color="gray" data-testid="library-duration">
              {formatDuration(row.durationMs / 1000)}
            </Badge>
            <Badge variant="light" color="gray" data-testid="library-size">
              {formatFileSize(row.size)}
            </Badge>
            <Badge variant="outline" color="gray" data-testid="library-format">
              {isMp4 ? 'MP4' : 'WebM'}
            </Badge>
          </Group>
          {unsentTo === undefined ? null : (
            <Group gap="xs" data-testid="library-unsent">
              <Text size="sm" fw={600}>
                Not yet sent to the host.
              </Text>
              <Text size="sm">It is sent once you are back in the room.</Text>
              {/* Joining the room again sends the rest once the host lets this participant in (pending-tracks.ts). */}
              <Button component={Link} to={`/room/${encodeURIComponent(unsentTo)}`} size="xs" variant="light" color="orange" leftSection={<IconSend size={14} aria-hidden />} aria-label={`Resume sending ${row.name}`}>
                Resume sending
              </Button>
            </Group>
          )}
          {confirmingDelete ? (
            <Group gap={4} mt={4} role="group" aria-label={`Confirm deleting ${row.name}`}>
              <Text size="sm">Delete this recording from this device? This cannot be undone.</Text>
              <Button size="xs" color="red" onClick={onDelete} autoFocus>
                Delete recording
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  focusAfterwards.current = deleteButton;
                  setConfirmingDelete(false);
                }}
              >
                Keep it
              </Button>
            </Group>
          ) : (
            <Group gap={4} mt={4}>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPlay size={14} aria-hidden />}
                onClick={() => setPlaying((p) => !p)}
                aria-label={`${playing ? 'Close player for' : 'Play'} ${row.name}`}
              >
                {playing ? 'Close' : 'Play'}
              </Button>
              <Tooltip label="Download">
                <ActionIcon variant="default" size="lg" aria-label={`Download ${row.name}`} onClick={() => { downloadRecording(row); }}>
                  <IconDownload size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              {isMp4 ? null : (
                <Tooltip label="Export as MP4">
                  <ActionIcon variant="default" size="lg" aria-label="Export as MP4" onClick={() => setExporting(true)}>
                    <IconMovie size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              <Tooltip label="Trim recording">
                <ActionIcon variant="default" size="lg" aria-label="Trim recording" onClick={() => setTrimming(true)}>
                  <IconCut size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Rename">
                <ActionIcon ref={renameButton} variant="default" size="lg" aria-label={`Rename ${row.name}`} onClick={() => setEditing(true)}>
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon ref={deleteButton} variant="default" color="red" size="lg" aria-label={`Delete ${row.name}`} onClick={() => setConfirmingDelete(true)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Stack>
      </Group>
      {isMp4 ? null : <ExportMp4Dialog recording={row} opened={exporting} onClose={() => setExporting(false)} />}
      {trimming ? <TrimDialog recording={row} opened onClose={() => setTrimming(false)} /> : null}
    </Card>
  );
}
