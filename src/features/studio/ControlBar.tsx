import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerRecord,
  IconPlayerStop,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { StudioSnapshot } from './studio-controller';
import { focusIfLost } from '../../shared/ui/focus-if-lost';
import { SHORTCUTS } from './studio-shortcuts';

interface ControlBarProps {
  snapshot: StudioSnapshot;
  onToggleVideo: () => void;
  onToggleAudio: () => void;
  onSelectScreen: () => void;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

export function ControlBar({ snapshot, ...on }: ControlBarProps) {
  const { recordingState, videoEnabled, audioEnabled, hasScreen, acquiring } = snapshot;
  const active = recordingState === 'recording' || recordingState === 'paused';
  const processing = recordingState === 'processing';
  const paused = recordingState === 'paused';
  // Start is disabled while the devices come up, which drops its focus: once recording, it is Stop's.
  const startStop = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (active) focusIfLost(startStop.current);
  }, [active]);
  const videoLabel = videoEnabled ? 'Turn camera off' : 'Turn camera on';
  const audioLabel = audioEnabled ? 'Mute microphone' : 'Unmute microphone';

  return (
    <Group justify="center" gap="sm" wrap="wrap" role="toolbar" aria-label="Recording controls">
      <Tooltip label={videoLabel}>
        <ActionIcon size="xl" variant={videoEnabled ? 'default' : 'filled'} color="red" aria-label={videoLabel} aria-pressed={!videoEnabled} onClick={on.onToggleVideo}>
          {videoEnabled ? <IconVideo aria-hidden /> : <IconVideoOff aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={audioLabel}>
        <ActionIcon size="xl" variant={audioEnabled ? 'default' : 'filled'} color="red" aria-label={audioLabel} aria-pressed={!audioEnabled} onClick={on.onToggleAudio}>
          {audioEnabled ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Button
        size="md"
        variant="default"
        leftSection={<IconDeviceDesktop size={18} aria-hidden />}
        disabled={hasScreen || active || processing}
        onClick={on.onSelectScreen}
      >
        {hasScreen ? 'Screen Selected' : 'Select Screen'}
      </Button>
      {active ? (
        <Tooltip label={`${paused ? 'Resume' : 'Pause'} recording (${SHORTCUTS.pause.label})`}>
          <Button
            size="md"
            color={paused ? 'teal' : 'yellow.8'}
            leftSection={paused ? <IconPlayerPlay size={18} aria-hidden /> : <IconPlayerPause size={18} aria-hidden />}
            aria-label={paused ? 'Resume recording' : 'Pause recording'}
            onClick={paused ? on.onResume : on.onPause}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
        </Tooltip>
      ) : null}
      {/* One button that turns from Start into Stop, where focus stays as the recording begins. */}
      <Tooltip label={`${active ? 'Stop' : 'Start'} recording (${SHORTCUTS.startStop.label})`}>
        <Button
          ref={startStop}
          size="md"
          color="red.8"
          leftSection={active ? <IconPlayerStop size={18} aria-hidden /> : <IconPlayerRecord size={18} aria-hidden />}
          aria-label={active ? 'Stop recording' : 'Start recording'}
          loading={acquiring || processing}
          onClick={active ? on.onStop : on.onStart}
        >
          {active ? 'Stop' : processing ? 'Processing…' : 'Start'}
        </Button>
      </Tooltip>
    </Group>
  );
}
