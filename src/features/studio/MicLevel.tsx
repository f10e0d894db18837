import { Alert, Group, Text } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { StudioController, StudioSnapshot } from './studio-controller';
import { meterPercent } from '../../shared/audio/level-meter';
import { LevelMeter } from '../../shared/ui/LevelMeter';
import { WithoutMicrophoneNotice } from '../../shared/ui/WithoutMicrophoneNotice';

export function MicLevel({ snapshot, controller }: { snapshot: StudioSnapshot; controller: StudioController }) {
  const level = useSyncExternalStore(controller.subscribeLevel, controller.getLevel);
  if (!snapshot.hasMicrophone) {
    // Where the meter would be: the recording has no sound from a microphone, and the user should know before speaking.
    return snapshot.micUnavailable ? <WithoutMicrophoneNotice /> : null;
  }
  const percent = Math.round(meterPercent(snapshot.audioEnabled ? level : 0));
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Microphone
        </Text>
        <LevelMeter percent={percent} label="Microphone level" />
      </Group>
      {snapshot.micSilent ? (
        <Alert color="yellow" icon={<IconMicrophoneOff aria-hidden />} title="No sound from your microphone" role="status">
          Nothing has been heard for 5 seconds. Check that the right microphone is selected and not muted.
        </Alert>
      ) : null}
    </>
  );
}
