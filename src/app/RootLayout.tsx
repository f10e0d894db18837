import { ClientOnly, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { focusIfLost } from '../shared/ui/focus-if-lost';
import { mayHoldRecordings } from '../media';
import { PwaManager } from '../features/pwa';
import { WebcamWindowHost } from '../features/webcam-window';
import { Footer } from './shell/Footer';
import { Header } from './shell/Header';
import { PageHead } from './PageHead';
import { StorageUpdateNotice } from './StorageUpdateNotice';
import classes from './shell/Shell.module.css';

// Lazy, and only where recordings may exist: first visits never load the storage code.
const RecoveryNotice = lazy(() => import('../features/library/RecoveryNotice'));

/** Checks again on each navigation until recordings exist (the studio may create the first). */
function useMayHoldRecordings(): boolean {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [may, setMay] = useState(false);
  useEffect(() => {
    if (may) return;
    let current = true;
    void mayHoldRecordings().then((answer) => {
      if (current && answer) setMay(true);
    });
    return () => {
      current = false;
    };
  }, [may, pathname]);
  return may;
}

/** After a navigation that took the focused control with it (Leave Room, say), focus goes to the new page's content. */
function useFocusMainAfterNavigation(main: RefObject<HTMLElement | null>): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (pathname === previous.current) return;
    previous.current = pathname;
    focusIfLost(main.current);
  }, [pathname, main]);
}

export function RootLayout() {
  const showRecovery = useMayHoldRecordings();
  const main = useRef<HTMLElement>(null);
  useFocusMainAfterNavigation(main);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PageHead />
      <Header />
      <main id="main" className={classes.main} tabIndex={-1} ref={main}>
        {/* Client only: it reads this device's IndexedDB, which prerendered HTML cannot know. */}
        <ClientOnly>
          <StorageUpdateNotice />
          {showRecovery ? (
            <Suspense fallback={null}>
              <RecoveryNotice />
            </Suspense>
          ) : null}
        </ClientOnly>
        <Outlet />
      </main>
      <Footer />
      <PwaManager />
      {/* Outside the routes, so the floating webcam stays open from page to page. */}
      <WebcamWindowHost />
    </>
  );
}
