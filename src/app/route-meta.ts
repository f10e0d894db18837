import type { JsonLd, PageMeta } from '../shared/metadata/page-meta';
import { PRODUCT_NAME, SITE } from '../shared/site';
import { AUDIENCES, COMPARISONS, GUIDES } from '../features/content/catalog';
import { FAQ } from '../features/content/data/faq';

const webApplication: JsonLd = {
  '@type': 'WebApplication',
  name: PRODUCT_NAME,
  url: SITE.url,
  applicationCategory: 'MultimediaApplication',
  operatingSystem: 'Any (runs in a modern web browser)',
  browserRequirements: 'Requires a browser with screen capture: Chrome 88+, Edge 88+, Firefox 85+, Safari 14+',
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

const STATIC_PAGES: readonly PageMeta[] = [
  page(
    '/',
    `${PRODUCT_NAME}: Free Screen and Webcam Recorder in Your Browser`,
    'Record your screen, webcam and audio in the browser. Free, private, no account and no watermark: recordings never leave your computer.',
    ['screen recorder', 'webcam recorder', 'free screen recorder', 'browser screen recorder', 'no watermark'],
    { jsonLd: [webApplication] },
  ),
  page(
    '/studio',
    'Recording Studio',
    'Record your screen, your webcam, or both with a webcam bubble burned in, plus microphone and system audio. Everything stays on your machine.',
    ['online screen recorder', 'record screen and webcam', 'webm recorder'],
    { jsonLd: [{ ...webApplication, url: `${SITE.url}/studio` }] },
  ),
  page(
    '/settings',
    'Settings',
    'Choose recording quality, bitrate, frame rate, audio, screen capture and webcam defaults. Settings are stored in your browser only.',
    ['recorder settings', 'recording quality', 'bitrate'],
  ),
  page(
    '/help',
    'Help Center',
    'Answers about recording, audio, formats, storage, rooms, quality and troubleshooting for the free in-browser screen recorder.',
    ['screen recorder help', 'recording faq', 'webcam not working'],
    { jsonLd: [faqPage] },
  ),
  page(
    '/about',
    'About',
    `Why we build ${PRODUCT_NAME}: a free screen and webcam recorder that respects your privacy and works right in the browser.`,
    ['about framecast', 'private screen recorder', 'open web recorder'],
    { jsonLd: [organization] },
  ),
  page(
    '/features',
    'Features',
    'Canvas compositing with a burned-in webcam bubble, screen capture up to 4K, microphone and system audio, offline use and seekable WebM files.',
    ['screen recorder features', 'webcam overlay', '4k screen recording', 'offline recorder'],
  ),
  page(
    '/privacy',
    'Privacy Policy',
    'How the recorder handles your data: recordings are processed locally, nothing is uploaded, settings stay in your browser.',
    ['privacy policy', 'screen recorder privacy'],
  ),
  page(
    '/terms',
    'Terms of Service',
    'The terms for using the free in-browser screen and webcam recorder: your recordings are yours, record others only with consent.',
    ['terms of service', 'terms of use'],
  ),
];

const AUDIENCE_PAGES: readonly PageMeta[] = AUDIENCES.map((a) =>
  page(`/for/${a.slug}`, a.title, a.metaDescription, [...a.keywords]),
);

const GUIDE_PAGES: readonly PageMeta[] = GUIDES.map((g) =>
  page(`/how-to/${g.slug}`, g.title, g.metaDescription, [...g.keywords], {
    type: 'article',
    jsonLd: [
      {
        '@type': 'HowTo',
        name: g.title,
        description: g.metaDescription,
        url: `${SITE.url}/how-to/${g.slug}`,
        totalTime: howToTotalTime(g.duration),
      },
    ],
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

/** Every indexable page of the site, in navigation order. */
export const PAGE_METAS: readonly PageMeta[] = [...STATIC_PAGES, ...AUDIENCE_PAGES, ...GUIDE_PAGES, ...COMPARISON_PAGES];

const byPath = new Map(PAGE_METAS.map((m) => [m.path, m]));

export const HOME_META: PageMeta = byPath.get('/') ?? (STATIC_PAGES[0] as PageMeta);

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
