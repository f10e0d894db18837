/**
 * Starts the app in the browser: builds the router, loads the route's chunk, then adopts the
 * prerendered page (hydration) or, where the HTML was rendered for another address, renders afresh.
 * src/main.tsx decides when (docs/decisions/0016-first-load.md).
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { holdLinksUntilPageMounted } from './hydration-gate';
import { PRERENDER_ATTRIBUTE, prerenderedFor } from './prerender-marker';
import { createAppRouter } from './router';

export async function startApp(): Promise<void> {
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
