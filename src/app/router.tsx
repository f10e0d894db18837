import { createRootRoute, createRoute, createRouter, lazyRouteComponent, notFound, type RouterHistory } from '@tanstack/react-router';
import { AUDIENCES, COMPARISONS, GUIDES, type CatalogEntry } from '../features/content';
import { parseStudioSearch } from '../features/studio';
import { useEffect, type ComponentType } from 'react';
import { markPageMounted } from './hydration-gate';
import { NotFoundPage } from './NotFoundPage';
import { ROUTES, type RoutePath } from './route-list';
import { RootLayout } from './RootLayout';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

function requireSlug(list: readonly CatalogEntry[], slug: string): void {
  if (!list.some((e) => e.slug === slug)) throw notFound();
}

type RouteModule = { default: ComponentType };

// Every route module is its own chunk (lazyRouteComponent), so content pages never load recorder,
// worker or WebRTC code.
const ROUTE_MODULES = import.meta.glob<RouteModule>('../routes/*.tsx');

/** A page that tells the hydration gate it has mounted (src/app/hydration-gate.ts). */
function announcingMount(Page: ComponentType): ComponentType {
  return function MountedPage() {
    useEffect(markPageMounted, []);
    return <Page />;
  };
}

/** A route of ROUTES under the root: its path, and its module's component loaded when first shown. */
function routeOf<P extends RoutePath>(path: P) {
  const load = ROUTE_MODULES[`../routes/${ROUTES[path].module}.tsx`];
  if (!load) throw new Error(`router: src/routes/${ROUTES[path].module}.tsx is missing`);
  const loadAnnouncing = () => load().then((module) => ({ default: announcingMount(module.default) }));
  return { getParentRoute: () => rootRoute, path, component: lazyRouteComponent(loadAnnouncing) };
}

const homeRoute = createRoute(routeOf('/'));
const studioRoute = createRoute({ ...routeOf('/studio'), validateSearch: parseStudioSearch });
const settingsRoute = createRoute(routeOf('/settings'));
const helpRoute = createRoute(routeOf('/help'));
const aboutRoute = createRoute(routeOf('/about'));
const featuresRoute = createRoute(routeOf('/features'));
const privacyRoute = createRoute(routeOf('/privacy'));
const termsRoute = createRoute(routeOf('/terms'));
const roomRoute = createRoute(routeOf('/room/$roomId'));
const audienceRoute = createRoute({ ...routeOf('/for/$slug'), beforeLoad: ({ params }) => requireSlug(AUDIENCES, params.slug) });
const guideRoute = createRoute({ ...routeOf('/how-to/$slug'), beforeLoad: ({ params }) => requireSlug(GUIDES, params.slug) });
const comparisonRoute = createRoute({ ...routeOf('/vs/$slug'), beforeLoad: ({ params }) => requireSlug(COMPARISONS, params.slug) });

const routeTree = rootRoute.addChildren([
  homeRoute,
  studioRoute,
  settingsRoute,
  helpRoute,
  aboutRoute,
  featuresRoute,
  privacyRoute,
  termsRoute,
  roomRoute,
  audienceRoute,
  guideRoute,
  comparisonRoute,
]);

/**
 * One router per document: the browser's (default history) or one per prerendered page
 * (a memory history at that page's path).
 */
export function createAppRouter(history?: RouterHistory) {
  // The first render adopts the page where the browser put it: at the top, at its #fragment, where a
  // reload left it, or where the visitor has scrolled it since (on a content page the app starts once
  // the page is up: docs/decisions/0016-first-load.md). Every later navigation scrolls as usual.
  let rendered = false;
  const scrollAfterFirstRender = () => {
    const handle = rendered;
    rendered = true;
    return handle;
  };
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: scrollAfterFirstRender,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
