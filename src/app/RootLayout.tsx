import { ClientOnly, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PwaManager } from '../features/pwa/PwaManager';
import { WebcamWindowHost } from '../features/webcam-window/WebcamWindowHost';
import { Footer } from './shell/Footer';
import { Header } from './shell/Header';
import { PageHead } from './PageHead';
import classes from './shell/Shell.module.css';

// Lazy: pages that never recorded anything do not load the storage code up front.
const RecoveryNotice = lazy(() => import('../features/library/RecoveryNotice'));

export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PageHead />
      <Header />
      <main id="main" className={classes.main} tabIndex={-1}>
        {/* Client only: it reads this device's IndexedDB, which prerendered HTML cannot know. */}
        <ClientOnly>
          <Suspense fallback={null}>
            <RecoveryNotice />
          </Suspense>
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
