import { createRootRoute, createRoute, createRouter, lazyRouteComponent, notFound, type RouterHistory } from '@tanstack/react-router';
import { AUDIENCES, COMPARISONS, GUIDES, type CatalogEntry } from '../features/content';
import { parseStudioSearch } from '../features/studio';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

function requireSlug(list: readonly CatalogEntry[], slug: string): void {
  if (!list.some((e) => e.slug === slug)) throw notFound();
}

// Every page is its own chunk (lazyRouteComponent), so content pages never load recorder, worker or WebRTC code.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../routes/home')),
});
const studioRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/studio',
  validateSearch: parseStudioSearch,
  component: lazyRouteComponent(() => import('../routes/studio')),
});
const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('../routes/settings')),
});
const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/help',
  component: lazyRouteComponent(() => import('../routes/help')),
});
const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  component: lazyRouteComponent(() => import('../routes/about')),
});
const featuresRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/features',
  component: lazyRouteComponent(() => import('../routes/features')),
});
const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('../routes/privacy')),
});
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyRouteComponent(() => import('../routes/terms')),
});
const roomRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/room/$roomId',
  component: lazyRouteComponent(() => import('../routes/room')),
});
const audienceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/for/$slug',
  beforeLoad: ({ params }) => requireSlug(AUDIENCES, params.slug),
  component: lazyRouteComponent(() => import('../routes/audience')),
});
const guideRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/how-to/$slug',
  beforeLoad: ({ params }) => requireSlug(GUIDES, params.slug),
  component: lazyRouteComponent(() => import('../routes/guide')),
});
const comparisonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vs/$slug',
  beforeLoad: ({ params }) => requireSlug(COMPARISONS, params.slug),
  component: lazyRouteComponent(() => import('../routes/comparison')),
});

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
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
