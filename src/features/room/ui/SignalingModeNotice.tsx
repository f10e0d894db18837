import { Alert, Group, Loader, Text } from '@mantine/core';
import type { SignalingMode } from '../signaling/signaling-target';

/** Tells the user, before and after joining, who can reach this room: anyone with the link, or this browser's tabs only. */
export function SignalingModeNotice({ mode }: { readonly mode: SignalingMode }) {
  if (mode === 'checking') {
    return (
      <Group gap="xs" data-testid="signaling-mode" data-mode="checking">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Looking for the signaling server…
        </Text>
      </Group>
    );
  }
  if (mode === 'server') {
    return (
      <Text size="sm" c="dimmed" data-testid="signaling-mode" data-mode="server">
        Guests on any computer can join with the invite link. The signaling server introduces participants; once you are in, the room
        says whether video and audio travel directly between you or through this site’s media server.
      </Text>
    );
  }
  return (
    <Alert color="yellow" title="This room connects tabs of this browser only" data-testid="signaling-mode" data-mode="local">
      No signaling server answered (you may be offline, or this copy of the app is hosted without one), so guests on other computers cannot
      join. The invite link works in other tabs of this browser.
    </Alert>
  );
}
