import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconScreenShare, IconScreenShareOff, IconUsers, IconVideo, IconVideoOff } from '@tabler/icons-react';
import type { Participant, RoomState } from '../room-state';
import { participantCountText, roomStatusTexts } from './status-text';

interface ControlBarProps {
  room: RoomState;
  local: Participant | undefined;
  devices: { camera: boolean; microphone: boolean };
  onToggleVideo: () => void;
  onToggleAudio: () => void;
  onToggleScreen: () => void;
}

export function RoomControlBar({ room, local, devices, onToggleVideo, onToggleAudio, onToggleScreen }: ControlBarProps) {
  const videoOn = local?.videoEnabled ?? false;
  const audioOn = local?.audioEnabled ?? false;
  const sharing = room.isScreenSharing;
  // With no camera, the video toggle still governs a shared screen; with neither, there is nothing to turn on.
  const noVideo = !devices.camera && !sharing;
  const videoLabel = noVideo ? 'No camera' : videoOn ? 'Turn camera off' : 'Turn camera on';
  const audioLabel = !devices.microphone ? 'No microphone' : audioOn ? 'Mute microphone' : 'Unmute microphone';
  const screenLabel = sharing ? 'Stop sharing screen' : 'Share screen';
  const status = roomStatusTexts(room);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" role="toolbar" aria-label="Your media">
        <Tooltip label={videoLabel}>
          <ActionIcon size="xl" variant={videoOn ? 'default' : 'filled'} color="red" aria-label={videoLabel} aria-pressed={!videoOn} disabled={noVideo} onClick={onToggleVideo}>
            {videoOn ? <IconVideo aria-hidden /> : <IconVideoOff aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={audioLabel}>
          <ActionIcon size="xl" variant={audioOn ? 'default' : 'filled'} color="red" aria-label={audioLabel} aria-pressed={!audioOn} disabled={!devices.microphone} onClick={onToggleAudio}>
            {audioOn ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={screenLabel}>
          <ActionIcon size="xl" variant={sharing ? 'filled' : 'default'} color="blue" aria-label={screenLabel} aria-pressed={sharing} onClick={onToggleScreen}>
            {sharing ? <IconScreenShareOff aria-hidden /> : <IconScreenShare aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="sm" aria-live="polite">
        <Badge size="lg" variant="light" leftSection={<IconUsers size={14} aria-hidden />} data-testid="participant-count">
          {participantCountText(room.participants.length)}
        </Badge>
        {status.map((text) => (
          <Text key={text} size="sm" fw={500} data-testid="room-status">
            {text}
          </Text>
        ))}
      </Group>
    </Group>
  );
}
