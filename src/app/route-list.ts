/**
 * Every route of the app in one list (ROUTES): the module under src/routes/ that renders it and the
 * indexable pages it serves with their metadata. The router builds its tree from it (router.tsx), the
 * prerenderer finds each route's chunks by its module (entry-server.tsx), and the head, the sitemap and
 * the tests read the pages' metadata from it.
 */
import type { JsonLd, PageMeta } from '../shared/metadata/page-meta';
import { PRODUCT_NAME, SITE } from '../shared/site';
import { AUDIENCES, COMPARISONS, GUIDES, type GuideEntry, browserMinimums, FAQ } from '../features/content';

const webApplication: JsonLd = {
  '@type': 'WebApplication',
  name: PRODUCT_NAME,
  url: SITE.url,
  applicationCategory: 'MultimediaApplication',
  operatingSystem: 'Windows, macOS, Linux, ChromeOS (in a supported browser)',
  // Every supported browser records with WebCodecs in a worker (Safari with MediaRecorder where it writes no WebM).
  browserRequirements: `Requires a desktop browser with screen capture: ${browserMinimums()}`,
  description: 'Free, private screen and webcam recorder that runs entirely in your browser.',
  offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
};

const faqPage: JsonLd = {
  '@type': 'FAQPage',
  mainEntity: FAQ.map((f) => ({
    '@type': 'Question',
    name: f.question,
    acceptedAnswer: { '@type': 'Answer', text: f.answer },
  })),
};

const organization: JsonLd = {
  '@type': 'Organization',
  name: PRODUCT_NAME,
  url: SITE.url,
  logo: `${SITE.url}/icons/icon-512.png`,
  description: 'A small team building a free, private, in-browser screen and webcam recorder.',
};

/** ISO 8601 duration from the first number of a duration text; 5 minutes when none. */
export function howToTotalTime(duration: string): string {
  const minutes = /\d+/.exec(duration)?.[0] ?? '5';
  return `PT${minutes}M`;
}

/** What a HowToStep needs of a guide step (content-types' GuideStep, without pulling its UI types into Node tooling). */
interface GuideStep {
  readonly number: number;
  readonly title: string;
  readonly description: string;
}

/**
 * A guide's HowTo. Its steps live in the guide's own lazily loaded data module, so the head of a
 * guide gets them through withGuideSteps() (the prerenderer, and PageHead once the module loaded).
 */
function howTo(guide: GuideEntry, steps: readonly GuideStep[] = []): JsonLd {
  const url = `${SITE.url}/how-to/${guide.slug}`;
  return {
    '@type': 'HowTo',
    name: guide.title,
    description: guide.metaDescription,
    url,
    totalTime: howToTotalTime(guide.duration),
    ...(steps.length > 0
      ? {
          step: steps.map((s) => ({
            '@type': 'HowToStep',
            position: s.number,
            name: s.title,
            text: s.description,
            url: `${url}#step-${String(s.number)}`,
          })),
        }
      : {}),
  };
}

/** The slug of a guide address ("/how-to/record-gameplay" → "record-gameplay"), or null. */
export function guideSlugOf(pathname: string): string | null {
  const slug = /^\/how-to\/([^/]+)\/?$/.exec(pathname)?.[1];
  return slug && GUIDES.some((g) => g.slug === slug) ? slug : null;
}

/** A guide page's metadata with its steps in the HowTo; any other page's unchanged. */
export function withGuideSteps(meta: PageMeta, steps: readonly GuideStep[]): PageMeta {
  const guide = GUIDES.find((g) => g.slug === guideSlugOf(meta.path));
  return guide ? { ...meta, jsonLd: [howTo(guide, steps)] } : meta;
}

/** Structured data for a page that has no more specific type. */
const webPage = (path: string, title: string, description: string): JsonLd => ({
  '@type': 'WebPage',
  name: title,
  description,
  url: `${SITE.url}${path}`,
  isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: SITE.url },
});

// Every page carries structured data; pages without their own type are described as a WebPage.
const page = (path: string, title: string, description: string, keywords: string[], extra: Partial<PageMeta> = {}): PageMeta => ({
  path,
  title,
  description,
  keywords,
  type: 'website',
  jsonLd: [webPage(path, title, description)],
  ...extra,
});

const AUDIENCE_PAGES: readonly PageMeta[] = AUDIENCES.map((a) =>
  page(`/for/${a.slug}`, a.title, a.metaDescription, [...a.keywords]),
);

const GUIDE_PAGES: readonly PageMeta[] = GUIDES.map((g) =>
  page(`/how-to/${g.slug}`, g.title, g.metaDescription, [...g.keywords], {
    type: 'article',
    jsonLd: [howTo(g)],
  }),
);

const COMPARISON_PAGES: readonly PageMeta[] = COMPARISONS.map((c) =>
  page(`/vs/${c.slug}`, c.title, c.metaDescription, [...c.keywords], {
    type: 'article',
    jsonLd: [
      {
        '@type': 'Article',
        headline: c.title,
        description: c.metaDescription,
        url: `${SITE.url}/vs/${c.slug}`,
        author: { '@type': 'Organization', name: PRODUCT_NAME, url: SITE.url },
        publisher: { '@type': 'Organization', name: PRODUCT_NAME, url: SITE.url },
      },
    ],
  }),
);

/** What the app knows of one route. */
export interface RouteEntry {
  /** The module under src/routes/ whose default export renders the route. */
  readonly module: string;
  /** The indexable pages the route serves, with their metadata (none for rooms: one template serves all). */
  readonly pages: readonly PageMeta[];
}

/** A route with one page of its own: its path is written once, as the key of STATIC_PAGES. */
interface StaticPage {
  readonly module: string;
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly jsonLd?: readonly JsonLd[];
}

const STATIC_PAGES = {
  '/': {
    module: 'home',
    title: `${PRODUCT_NAME}: Free Screen and Webcam Recorder in Your Browser`,
    description: 'Record your screen, webcam and audio in the browser. Free, private, no account and no watermark: recordings never leave your computer.',
    keywords: ['screen recorder', 'webcam recorder', 'free screen recorder', 'browser screen recorder', 'no watermark'],
    jsonLd: [webApplication],
  },
  '/studio': {
    module: 'studio',
    title: 'Recording Studio',
    description: 'Record your screen, your webcam, or both with a webcam bubble burned in, plus microphone and system audio. Everything stays on your machine.',
    keywords: ['online screen recorder', 'record screen and webcam', 'webm recorder'],
    jsonLd: [{ ...webApplication, url: `${SITE.url}/studio` }],
  },
  '/settings': {
    module: 'settings',
    title: 'Settings',
    description: 'Choose recording quality, bitrate, frame rate, audio, screen capture and webcam defaults. Settings are stored in your browser only.',
    keywords: ['recorder settings', 'recording quality', 'bitrate'],
  },
  '/help': {
    module: 'help',
    title: 'Help Center',
    description: 'Answers about recording, audio, formats, storage, rooms, quality and troubleshooting for the free in-browser screen recorder.',
    keywords: ['screen recorder help', 'recording faq', 'webcam not working'],
    jsonLd: [faqPage],
  },
  '/about': {
    module: 'about',
    title: 'About',
    description: `Why we build ${PRODUCT_NAME}: a free screen and webcam recorder that respects your privacy and works right in the browser.`,
    keywords: ['about framecast', 'private screen recorder', 'open web recorder'],
    jsonLd: [organization],
  },
  '/features': {
    module: 'features',
    title: 'Features',
    description: 'Canvas compositing with a burned-in webcam bubble, screen capture up to 4K, microphone and system audio, offline use and seekable WebM files.',
    keywords: ['screen recorder features', 'webcam overlay', '4k screen recording', 'offline recorder'],
  },
  '/privacy': {
    module: 'privacy',
    title: 'Privacy Policy',
    description: 'How the recorder handles your data: recordings are processed locally, nothing is uploaded, settings stay in your browser.',
    keywords: ['privacy policy', 'screen recorder privacy'],
  },
  '/terms': {
    module: 'terms',
    title: 'Terms of Service',
    description: 'The terms for using the free in-browser screen and webcam recorder: your recordings are yours, record others only with consent.',
    keywords: ['terms of service', 'terms of use'],
  },
} as const satisfies Readonly<Record<string, StaticPage>>;

function staticRoutes<T extends Readonly<Record<string, StaticPage>>>(pages: T): { readonly [P in keyof T]: RouteEntry } {
  const entries = Object.entries(pages).map(([path, { module, title, description, keywords, jsonLd }]): [string, RouteEntry] => [
    path,
    { module, pages: [page(path, title, description, [...keywords], jsonLd ? { jsonLd: [...jsonLd] } : {})] },
  ]);
  return Object.fromEntries(entries) as { readonly [P in keyof T]: RouteEntry };
}

/** Every route, by its path as the router spells it, in navigation order. */
export const ROUTES = {
  ...staticRoutes(STATIC_PAGES),
  '/room/$roomId': { module: 'room', pages: [] },
  '/for/$slug': { module: 'audience', pages: AUDIENCE_PAGES },
  '/how-to/$slug': { module: 'guide', pages: GUIDE_PAGES },
  '/vs/$slug': { module: 'comparison', pages: COMPARISON_PAGES },
} as const satisfies Readonly<Record<string, RouteEntry>>;

export type RoutePath = keyof typeof ROUTES;

/** The source file of a route's module, as the build manifest names it; undefined for an unknown route id. */
export function routeSource(routeId: string): string | undefined {
  const entry = (ROUTES as Readonly<Record<string, RouteEntry>>)[routeId];
  return entry && `src/routes/${entry.module}.tsx`;
}

/** Every indexable page of the site, in navigation order. */
export const PAGE_METAS: readonly PageMeta[] = Object.values(ROUTES).flatMap((route: RouteEntry) => route.pages);

const byPath = new Map(PAGE_METAS.map((m) => [m.path, m]));

const homePage = ROUTES['/'].pages[0];
if (!homePage) throw new Error('route-list: the home route has no page');
export const HOME_META: PageMeta = homePage;

function roomMeta(path: string): PageMeta {
  return page(
    path,
    'Join a Room',
    'Join a peer-to-peer recording room. Video and audio travel directly between participants; nothing is uploaded.',
    ['recording room', 'podcast room', 'peer to peer video'],
    // No address in the data: one prerendered page serves every room.
    { noindex: true, jsonLd: [{ '@type': 'WebPage', name: 'Join a Room', isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: SITE.url } }] },
  );
}

function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The metadata for any path: its own page's, a room's, or the home page's with noindex. */
export function metaForPath(pathname: string): PageMeta {
  const path = normalizePath(pathname);
  const known = byPath.get(path);
  if (known) return known;
  if (/^\/room\/[^/]+$/.test(path)) return roomMeta(path);
  return { ...HOME_META, noindex: true };
}
