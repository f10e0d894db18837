import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RoomNotice } from '../room-notice';

const TONE_COLORS: Record<RoomNotice['tone'], string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

/**
 * The passing notice on screen (news, not an error, nothing to act on), which the next one replaces.
 * Stacked, a room's notices (the room created, a request, an approval, someone joining) reached down
 * the window over Leave Room and Start recording for seconds at a time; one at a time they stay in
 * the corner (docs/architecture.md, Failures). Errors and notices with a button stay until closed or timed out.
 */
let passing: string | null = null;

/** Shows a room notice as a toast; one with an action carries its button and stays until used or closed. */
export function showRoomNotice(notice: RoomNotice): void {
  const id = crypto.randomUUID();
  const { action } = notice;
  const isPassing = !notice.sticky && !action && notice.tone !== 'error';
  if (isPassing) {
    if (passing !== null) notifications.hide(passing);
    passing = id;
  }
  notifications.show({
    id,
    title: notice.title,
    color: TONE_COLORS[notice.tone],
    autoClose: notice.sticky ? false : notice.tone === 'error' ? 8000 : 4000,
    onClose: () => {
      if (passing === id) passing = null;
    },
    closeButtonProps: { 'aria-label': 'Close notification' },
    // A toast is an alert, read out as it appears, unless the room's live region says it already.
    ...(notice.quiet ? { role: 'status', 'aria-live': 'off' } : {}),
    // Mantine dims the description below the AA contrast ratio; the notice is the message, so full contrast.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    message: action ? (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{notice.message}</Text>
        <Button
          size="compact-sm"
          onClick={() => {
            action.run();
            notifications.hide(id);
          }}
        >
          {action.label}
        </Button>
      </Stack>
    ) : (
      notice.message
    ),
  });
}
