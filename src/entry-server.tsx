/**
 * The prerenderer's entry (built with `vite build --ssr`): renders any route of the app to HTML
 * with the same tree the browser hydrates, plus that page's head. The build plugin in
 * scripts/vite/prerender.ts writes one file per route from it.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import { NOT_FOUND_MARKER } from './app/prerender-marker';
import { guideSlugOf, metaForPath, PAGE_METAS, withGuideSteps } from './app/route-list';
export { routeSource } from './app/route-list';
import { createAppRouter } from './app/router';
import { findGuide } from './features/content';
import { themeBootScript } from './features/settings';
import { robotsTxt, sitemapXml } from './shared/metadata/crawl-files';
import { headTags, renderHeadTags, type HeadTag, type PageMeta } from './shared/metadata/page-meta';
import { SITE } from './shared/site';

export interface PrerenderPage {
  /** The address rendered. */
  readonly path: string;
  /** Where the HTML goes, relative to the output folder. */
  readonly file: string;
  /** Written on the root element; the browser hydrates only where it matches (src/app/prerender-marker.ts). */
  readonly marker: string;
  readonly head: readonly HeadTag[];
}

export interface RenderedPage {
  readonly appHtml: string;
  readonly headHtml: string;
  /** Ids of the routes that matched, so the build can preload their lazy chunks. */
  readonly routeIds: readonly string[];
}

const fileFor = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

// One file serves every room; the address-specific tags (canonical, og:url) are set by the app.
const roomHead = headTags(metaForPath('/room/any'), SITE).filter(
  (t) => !(t.kind === 'link' && t.attrs.rel === 'canonical') && !(t.kind === 'meta' && t.attrs.property === 'og:url'),
);

/** A page's full metadata: a guide's HowTo also lists its steps, which the guide's data module holds. */
function fullMeta(meta: PageMeta): PageMeta {
  const slug = guideSlugOf(meta.path);
  const steps = slug ? findGuide(slug)?.steps : undefined;
  return steps ? withGuideSteps(meta, steps) : meta;
}

/** Every file the build prerenders: each indexable page, the room template and the not-found page. */
export const PRERENDER_PAGES: readonly PrerenderPage[] = [
  ...PAGE_METAS.map((meta) => ({ path: meta.path, file: fileFor(meta.path), marker: meta.path, head: headTags(fullMeta(meta), SITE) })),
  { path: '/room/any', file: 'room/index.html', marker: '/room/$roomId', head: roomHead },
  { path: '/404', file: '404.html', marker: NOT_FOUND_MARKER, head: headTags(metaForPath('/404'), SITE) },
];

const colorSchemeScript = `<script data-mantine-script="true">${themeBootScript()}</script>`;

export async function renderPage(page: PrerenderPage): Promise<RenderedPage> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [page.path] }));
  await router.load();
  const appHtml = renderToString(<App router={router} />);
  return {
    appHtml,
    headHtml: `${colorSchemeScript}\n${renderHeadTags(page.head)}`,
    routeIds: router.state.matches.map((m) => m.routeId),
  };
}

/** sitemap.xml and robots.txt, by file name. */
export function crawlFiles(lastModified: string): Readonly<Record<string, string>> {
  return { 'sitemap.xml': sitemapXml(SITE, PAGE_METAS, lastModified), 'robots.txt': robotsTxt(SITE) };
}
