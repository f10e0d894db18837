import { MantineProvider } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { settingsColorSchemeManager } from '../features/settings';
import { reportError } from '../shared/report-error';
import { cssVariablesResolver, theme } from './theme';

// The colour scheme is the Settings page's theme field; the header toggle writes the same value.
const colorSchemeManager = settingsColorSchemeManager();

// Toasts come after the page is up (none shows before), so their code stays out of the first load;
// one raised before this mounts waits in the notifications store (docs/decisions/0016-first-load.md).
// A chunk that cannot load (offline before the service worker holds it) costs the toasts, not the page.
const NotificationsHost = lazy<ComponentType>(() =>
  import('./NotificationsHost').catch((error: unknown) => {
    reportError('app: load the notifications', error);
    return { default: () => null };
  }),
);

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
