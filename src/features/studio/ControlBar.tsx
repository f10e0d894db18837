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
import type { StudioSnapshot } from './studio-controller';
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
        <>
          {recordingState === 'paused' ? (
            <Tooltip label={`Resume recording (${SHORTCUTS.pause.label})`}>
              <Button size="md" color="teal" leftSection={<IconPlayerPlay size={18} aria-hidden />} aria-label="Resume recording" onClick={on.onResume}>
                Resume
              </Button>
            </Tooltip>
          ) : (
            <Tooltip label={`Pause recording (${SHORTCUTS.pause.label})`}>
              <Button size="md" color="yellow.8" leftSection={<IconPlayerPause size={18} aria-hidden />} aria-label="Pause recording" onClick={on.onPause}>
                Pause
              </Button>
            </Tooltip>
          )}
          <Tooltip label={`Stop recording (${SHORTCUTS.startStop.label})`}>
            <Button size="md" color="red.8" leftSection={<IconPlayerStop size={18} aria-hidden />} aria-label="Stop recording" onClick={on.onStop}>
              Stop
            </Button>
          </Tooltip>
        </>
      ) : (
        <Tooltip label={`Start recording (${SHORTCUTS.startStop.label})`}>
          <Button
            size="md"
            color="red.8"
            leftSection={<IconPlayerRecord size={18} aria-hidden />}
            aria-label="Start recording"
            loading={acquiring || processing}
            onClick={on.onStart}
          >
            {processing ? 'Processing…' : 'Start'}
          </Button>
        </Tooltip>
      )}
    </Group>
  );
}
