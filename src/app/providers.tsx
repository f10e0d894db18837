import { MantineProvider } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { settingsColorSchemeManager } from '../features/settings';
import { cssVariablesResolver, theme } from './theme';

// The colour scheme is the Settings page's theme field; the header toggle writes the same value.
const colorSchemeManager = settingsColorSchemeManager();

// Toasts come after the page is up (none shows before), so their code stays out of the first load;
// one raised before this mounts waits in the notifications store (docs/decisions/0016-first-load.md).
const NotificationsHost = lazy(() => import('./NotificationsHost'));

export function Providers({ children }: { readonly children: ReactNode }) {
  const mounted = useMounted();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      {mounted ? (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      ) : null}
      {children}
    </MantineProvider>
  );
}
