import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { holdLinksUntilPageMounted } from './app/hydration-gate';
import { PRERENDER_ATTRIBUTE, prerenderedFor } from './app/prerender-marker';
import { createAppRouter } from './app/router';
import { watchInstallPrompt } from './features/pwa';

async function boot(): Promise<void> {
  // The browser may offer installation before the app has rendered; keep the offer.
  watchInstallPrompt();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const router = createAppRouter();
  // Load the route's lazy chunk first, so the first client render is the page the HTML shows.
  await router.load();
  const app = <App router={router} />;
  if (prerenderedFor(container.getAttribute(PRERENDER_ATTRIBUTE) ?? undefined, window.location.pathname)) {
    // Tells the router its first render continues server HTML, so it renders the same tree as the
    // prerenderer did (no extra Suspense boundary around the matches), as TanStack's own hydrate() does.
    router.ssr = { manifest: undefined };
    holdLinksUntilPageMounted();
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void boot();
