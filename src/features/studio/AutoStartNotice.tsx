import { Alert, Anchor } from '@mantine/core';
import { IconPlayerRecord } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { StudioSnapshot } from './studio-controller';
import { autoStartHint } from './auto-start';

/** Says what auto-start waits for, so a recording that starts by itself is never a surprise. */
export function AutoStartNotice({ snapshot }: { snapshot: StudioSnapshot }) {
  return (
    <Alert variant="light" color="red" icon={<IconPlayerRecord aria-hidden />} data-testid="auto-start-hint">
      {autoStartHint(snapshot)}{' '}
      <Anchor component={Link} to="/settings" size="sm">
        Change in Settings
      </Anchor>
    </Alert>
  );
}
