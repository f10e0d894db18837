import { VisuallyHidden } from '@mantine/core';

/**
 * A polite live region, present from the first render so screen readers are already listening
 * when its text changes; nothing is shown on screen.
 */
export function LiveAnnouncer({ text, testId }: { text: string; testId?: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {text}
    </VisuallyHidden>
  );
}
