import { Alert, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDoorExit, IconLink, IconUserPlus, IconUserScan } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { focusIfLost } from '../../../shared/ui/focus-if-lost';
import { useStableHandler } from '../../../shared/ui/useStableHandler';
import { GuestApprovalDialog } from './GuestApprovalDialog';
import { ParticipantTile } from './ParticipantTile';
import { ParticipantList } from './ParticipantList';
import { OffPageSound } from './OffPageSound';
import { gridPage, TILES_PER_PAGE } from './grid-pages';
import { spotlightOf } from './spotlight';
import { useActiveSpeaker } from './useActiveSpeaker';
import { RecordingSettingsCard } from './RecordingSettingsCard';
import type { RoomController, RoomSnapshot } from '../room-controller';
import { RoomControlBar } from './RoomControlBar';
import { RoomRecordingCard } from './RoomRecordingCard';
import classes from './Room.module.css';
import { MAX_MEDIA_SERVER_PARTICIPANTS, MAX_PARTICIPANTS } from '../../../protocol';

export function RoomView({ controller, snapshot }: { controller: RoomController; snapshot: RoomSnapshot }) {
  const { room } = snapshot;
  const [dialogOpen, setDialogOpen] = useState(false);
  // Joining replaces the join form, focused button and all: focus goes to the room's heading.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    focusIfLost(title.current);
  }, []);
  const local = room.participants.find((p) => p.isLocal);
  const narrow = useMediaQuery('(max-width: 48em)');
  const [page, setPage] = useState(0);
  // A pinned participant (or in Speaker view the active speaker) is shown large above the others, who
  // become thumbnails; a pin goes with the person pinned.
  const [pinnedId, setPinnedId] = useState<string | null>(null);
  const [speakerView, setSpeakerView] = useState(false);
  // Who speaks is followed in Speaker view only: an AudioContext reading every stream costs each
  // computer a little all the time, which a plain grid does without.
  const { speaker, speaking } = useActiveSpeaker(snapshot.streams, local?.id, speakerView);
  const spot = spotlightOf(room.participants, pinnedId, speakerView, speaker);
  const spotlight = room.participants.find((p) => p.id === spot?.id) ?? null;
  const grid = gridPage(
    room.participants.filter((p) => p !== spotlight),
    page,
    narrow ? TILES_PER_PAGE.narrow : TILES_PER_PAGE.wide,
  );
  // The tile pinned or unpinned moves; its pin button takes the focus where it lands, once.
  const [focusPinOf, setFocusPinOf] = useState<string | null>(null);
  const perPage = narrow ? TILES_PER_PAGE.narrow : TILES_PER_PAGE.wide;
  const togglePin = (participantId: string) => {
    if (participantId === pinnedId) {
      // Unpinned, the tile goes back to the grid: show the page it lands on, where its button takes the focus.
      const next = spotlightOf(room.participants, null, speakerView, speaker);
      const index = room.participants.filter((p) => p.id !== next?.id).findIndex((p) => p.id === participantId);
      if (index >= 0) setPage(Math.floor(index / perPage));
    }
    setPinnedId((current) => (current === participantId ? null : participantId));
    setFocusPinOf(participantId);
  };
  // Through a media server, video off the screen is not sent and each tile gets the size it needs;
  // string keys keep the effect to real changes.
  const shownKey = grid.pageCount > 1 ? [...grid.shown.map((p) => p.id), ...(spotlight ? [spotlight.id] : [])].join(' ') : null;
  const largeKey = spotlight?.id ?? null;
  useEffect(() => {
    controller.showTiles({ visible: shownKey === null ? null : new Set(shownKey.split(' ')), pinned: largeKey });
  }, [controller, shownKey, largeKey]);
  const canPin = room.participants.length > 1;
  // Stable, so a tile is drawn again only when what it shows changes (ParticipantTile).
  const onKick = useStableHandler((participantId: string) => void controller.kick(participantId));
  const onTogglePin = useStableHandler(togglePin);
  const onPinFocused = useStableHandler(() => {
    setFocusPinOf(null);
  });
  const tileOf = (participant: (typeof room.participants)[number]) => (
    <ParticipantTile
      key={participant.id}
      participant={participant}
      stream={snapshot.streams.get(participant.id) ?? null}
      stats={snapshot.stats[participant.id]}
      canKick={room.isHost}
      onKick={onKick}
      pinned={canPin ? participant.id === pinnedId : null}
      speaking={speaking.has(participant.id)}
      onTogglePin={onTogglePin}
      focusPin={participant.id === focusPinOf}
      onPinFocused={onPinFocused}
    />
  );
  const openDialog = (open: boolean) => {
    setDialogOpen(open);
    controller.setGuestDialogOpen(open);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} ref={title} tabIndex={-1}>
            {room.roomName || 'Room'}
          </Title>
          <Text c="dimmed" size="sm">
            Room {room.roomId}
            {room.isHost ? ' · You are the host' : ''}
            {snapshot.signaling === 'local' ? (
              // Said in the header line, not a banner: the room's controls stay where they are.
              <span data-testid="signaling-mode" data-mode="local">
                {' · '}Connects tabs of this browser only
              </span>
            ) : (
              <span data-testid="media-route" data-route={room.throughMediaServer ? 'media-server' : 'direct'}>
                {' · '}
                {room.throughMediaServer
                  ? `Through the Framecast media server: up to ${String(MAX_MEDIA_SERVER_PARTICIPANTS)} people`
                  : `Direct peer-to-peer: up to ${String(MAX_PARTICIPANTS)} people`}
              </span>
            )}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            rightSection={
              room.isHost && room.pendingGuests.length > 0 ? (
                <Badge size="sm" color="red" variant="filled" circle aria-hidden>
                  {room.pendingGuests.length}
                </Badge>
              ) : null
            }
            onClick={() => {
              openDialog(true);
            }}
          >
            {room.isHost ? `Guest Requests (${String(room.pendingGuests.length)})` : 'Guest Requests'}
          </Button>
          <Button variant="default" leftSection={<IconLink size={16} aria-hidden />} onClick={() => void controller.copyInviteLink()}>
            Copy Invite Link
          </Button>
          <Button color="red" variant="light" leftSection={<IconDoorExit size={16} aria-hidden />} loading={snapshot.leaving} onClick={() => void controller.leave()}>
            Leave Room
          </Button>
        </Group>
      </Group>
      {!room.isConnected ? (
        <Alert color="orange" title="Reconnecting to the room" data-testid="room-reconnecting">
          The connection to the signaling server dropped. Calls already connected go on; your place in the room is kept for 30 seconds.
        </Alert>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            {canPin ? (
              <Group justify="flex-end" gap="xs">
                <Button
                  variant={speakerView ? 'filled' : 'default'}
                  size="xs"
                  leftSection={<IconUserScan size={14} aria-hidden />}
                  aria-pressed={speakerView}
                  onClick={() => {
                    setSpeakerView((on) => !on);
                  }}
                >
                  Speaker view
                </Button>
              </Group>
            ) : null}
            {spotlight && spot ? (
              <section
                className={classes.spotlight}
                aria-label={`${spot.why === 'pinned' ? 'Pinned' : 'Speaking'}: ${spotlight.isLocal ? `${spotlight.name} (You)` : spotlight.name}`}
                data-testid="spotlight"
                data-why={spot.why}
              >
                {tileOf(spotlight)}
              </section>
            ) : null}
            <section
              className={spotlight ? classes.thumbnails : classes.grid}
              aria-label={`${spotlight ? 'Other participants' : 'Participants'}${grid.pageCount > 1 ? `, page ${String(grid.page + 1)} of ${String(grid.pageCount)}` : ''}`}
            >
              {grid.shown.map(tileOf)}
            </section>
            {grid.pageCount > 1 ? (
              <Group justify="center" gap="xs" data-testid="grid-pager">
                <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden />} disabled={grid.page === 0} onClick={() => setPage(grid.page - 1)}>
                  Previous participants
                </Button>
                <Text size="sm" aria-live="polite">
                  Page {grid.page + 1} of {grid.pageCount}
                </Text>
                <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden />} disabled={grid.page === grid.pageCount - 1} onClick={() => setPage(grid.page + 1)}>
                  Next participants
                </Button>
              </Group>
            ) : null}
            <OffPageSound participants={grid.offPage} streams={snapshot.streams} />
            <RoomControlBar
              room={room}
              local={local}
              devices={snapshot.devices}
              onToggleVideo={() => {
                controller.toggleVideo();
              }}
              onToggleAudio={() => {
                controller.toggleAudio();
              }}
              onToggleScreen={() => void controller.toggleScreenShare()}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            {grid.pageCount > 1 ? <ParticipantList participants={room.participants} canKick={room.isHost} onKick={(id) => void controller.kick(id)} /> : null}
            <RoomRecordingCard
              room={room}
              files={snapshot.files}
              tracks={snapshot.tracks}
              ownTrack={snapshot.ownTrack}
              onStart={() => void controller.startRecording()}
              onPause={() => void controller.pauseRecording()}
              onResume={() => void controller.resumeRecording()}
              onStop={() => void controller.stopRecording()}
              onDownload={() => void controller.download()}
              withoutMicrophone={!snapshot.devices.microphone}
            />
            {room.isHost ? (
              <RecordingSettingsCard
                room={room}
                onMode={(mode) => {
                  controller.setRecordingMode(mode);
                }}
                onAutoAdmit={(enabled) => void controller.setAutoAdmit(enabled)}
              />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <GuestApprovalDialog
        opened={dialogOpen}
        onClose={() => {
          openDialog(false);
        }}
        isHost={room.isHost}
        guests={room.pendingGuests}
        handledRequests={room.handledRequests}
        inFlight={snapshot.guestActions}
        onApprove={(id) => void controller.approveGuest(id)}
        onReject={(id) => void controller.rejectGuest(id)}
      />
    </Stack>
  );
}
