import { Group, Text } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';

/** Said where the microphone meter would be, in the studio and the room: this recording has no sound from a microphone. */
export function WithoutMicrophoneNotice() {
  return (
    <Group gap="xs" wrap="nowrap" role="status" data-testid="mic-unavailable">
      <IconMicrophoneOff size={18} aria-hidden />
      <Text size="sm">Recording without microphone</Text>
    </Group>
  );
}
