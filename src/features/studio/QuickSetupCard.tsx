import { Button, Card, Stack, Title } from '@mantine/core';
import { IconCamera, IconDeviceDesktop, IconMicrophone2, IconSettings, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { newRoomId, RECORDING_MODE_PARAM } from '../room';
import type { StudioSnapshot } from './studio-controller';
import { WebcamWindowLauncher } from '../webcam-window';

/** A fresh id per press: the first person to join a room becomes its host (docs/decisions/0011-room-host-and-guests.md). */
const freshRoomId = (): string => newRoomId((count) => crypto.getRandomValues(new Uint8Array(count)));

interface QuickSetupProps {
  snapshot: StudioSnapshot;
  onSelectScreen: () => void;
  onConnectWebcam: () => void;
}

export function QuickSetupCard({ snapshot, onSelectScreen, onConnectWebcam }: QuickSetupProps) {
  const busy = snapshot.recordingState !== 'idle';
  const navigate = useNavigate();
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Quick Setup
      </Title>
      <Stack gap="xs">
        <Button
          variant={snapshot.hasScreen ? 'light' : 'default'}
          color={snapshot.hasScreen ? 'teal' : undefined}
          leftSection={<IconDeviceDesktop size={16} aria-hidden />}
          disabled={snapshot.hasScreen || busy}
          onClick={onSelectScreen}
          justify="flex-start"
        >
          {snapshot.hasScreen ? 'Screen Connected' : 'Select Screen'}
        </Button>
        <Button
          variant={snapshot.hasWebcam ? 'light' : 'default'}
          color={snapshot.hasWebcam ? 'teal' : undefined}
          leftSection={<IconCamera size={16} aria-hidden />}
          aria-label={snapshot.hasWebcam ? 'Webcam connected' : 'Connect webcam'}
          disabled={snapshot.hasWebcam}
          onClick={onConnectWebcam}
          justify="flex-start"
        >
          {snapshot.hasWebcam ? 'Webcam Connected' : 'Connect Webcam'}
        </Button>
        <WebcamWindowLauncher variant="default" justify="flex-start" />
        <Button
          variant="default"
          leftSection={<IconUsers size={16} aria-hidden />}
          justify="flex-start"
          onClick={() => {
            void navigate({ href: `/room/${freshRoomId()}` });
          }}
        >
          Create Room
        </Button>
        <Button
          variant="default"
          leftSection={<IconMicrophone2 size={16} aria-hidden />}
          justify="flex-start"
          onClick={() => {
            // A room whose host starts with Separate recording: everyone recorded on their own computer.
            void navigate({ href: `/room/${freshRoomId()}?${RECORDING_MODE_PARAM}=separate` });
          }}
        >
          Create Podcast Room
        </Button>
        <Button component={Link} to="/settings" variant="default" leftSection={<IconSettings size={16} aria-hidden />} justify="flex-start">
          Recording Settings
        </Button>
      </Stack>
    </Card>
  );
}
