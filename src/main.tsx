/**
 * The page's entry script: the styles every page wears, the install offer's watch, and the app's
 * start, at once on the app's own pages and once the page is up on content pages, whose prerendered
 * HTML needs no script to be read (docs/decisions/0016-first-load.md). What it imports statically is
 * every page's first-load JavaScript; the app itself comes through the dynamic import below.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { preloadModules, startWhenIdle } from './app/deferred-start';
import { PRERENDER_ATTRIBUTE, prerenderedFor } from './app/prerender-marker';
import { ROUTE_SCRIPTS_ATTRIBUTE, startsAtOnce } from './app/start-timing';
import { watchInstallPrompt } from './features/pwa';
import { reportError } from './shared/report-error';

// The browser may offer installation before the app has started; keep the offer.
watchInstallPrompt();

const startApp = () => import('./app/start').then(({ startApp: start }) => start());

const root = document.getElementById('root');
const marker = root?.getAttribute(PRERENDER_ATTRIBUTE) ?? undefined;
if (startsAtOnce(window.location.pathname, prerenderedFor(marker, window.location.pathname))) startApp().catch((error: unknown) => reportError('app: start', error));
else {
  startWhenIdle(() => {
    preloadModules(root?.getAttribute(ROUTE_SCRIPTS_ATTRIBUTE)?.split(' ').filter(Boolean) ?? []);
    return startApp();
  });
}
