import { Alert, Group, Text } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { StudioController, StudioSnapshot } from '../recording/studio-controller';
import classes from './Studio.module.css';

/** Maps RMS (0–1) to a meter that moves for speech: −60 dB at empty, 0 dB at full. */
const toPercent = (rms: number) => (rms <= 0 ? 0 : Math.max(0, Math.min(100, ((20 * Math.log10(rms) + 60) / 60) * 100)));

export function MicLevel({ snapshot, controller }: { snapshot: StudioSnapshot; controller: StudioController }) {
  const level = useSyncExternalStore(controller.subscribeLevel, controller.getLevel);
  if (!snapshot.hasMicrophone) {
    // Where the meter would be: the recording has no sound from a microphone, and the user should know before speaking.
    return snapshot.micUnavailable ? (
      <Group gap="xs" wrap="nowrap" role="status" data-testid="mic-unavailable">
        <IconMicrophoneOff size={18} aria-hidden />
        <Text size="sm">Recording without microphone</Text>
      </Group>
    ) : null;
  }
  const percent = Math.round(toPercent(snapshot.audioEnabled ? level : 0));
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Microphone
        </Text>
        <div className={classes.meter} role="progressbar" aria-label="Microphone level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className={classes.meterFill} data-loud={percent > 90 || undefined} style={{ transform: `scaleX(${String(percent / 100)})` }} />
        </div>
      </Group>
      {snapshot.micSilent ? (
        <Alert color="yellow" icon={<IconMicrophoneOff aria-hidden />} title="No sound from your microphone" role="status">
          Nothing has been heard for 5 seconds. Check that the right microphone is selected and not muted.
        </Alert>
      ) : null}
    </>
  );
}
