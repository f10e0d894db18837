/**
 * The one typed description of a page's head: every route declares a PageMeta,
 * and both the running app and the prerenderer turn it into tags with headTags().
 * Pure: no DOM, so it is unit-tested and usable at build time.
 */

export type JsonLd = Readonly<Record<string, unknown>> & { readonly '@type': string };

export interface PageMeta {
  /** Route path this page is canonical at, e.g. "/studio". */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly type: 'website' | 'article';
  /** Share image path, 1200×630; defaults to the site's share image. */
  readonly image?: string;
  readonly noindex?: boolean;
  readonly jsonLd?: readonly JsonLd[];
}

export interface SiteInfo {
  readonly name: string;
  /** Absolute origin used for canonical and share-image addresses, no trailing slash. */
  readonly url: string;
  readonly defaultImage: string;
  readonly imageWidth: number;
  readonly imageHeight: number;
}

export type HeadTag =
  | { readonly kind: 'title'; readonly text: string }
  | { readonly kind: 'meta'; readonly attrs: Readonly<Record<string, string>> }
  | { readonly kind: 'link'; readonly attrs: Readonly<Record<string, string>> }
  | { readonly kind: 'jsonld'; readonly text: string };

export function absoluteUrl(site: SiteInfo, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return site.url + (path.startsWith('/') ? path : `/${path}`);
}

/** "<title> | <site>" unless the title already names the site. */
export function documentTitle(site: SiteInfo, title: string): string {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

/** JSON for a <script> body: "</" must not close the element early. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
}

export function headTags(meta: PageMeta, site: SiteInfo): HeadTag[] {
  const canonical = absoluteUrl(site, meta.path);
  const image = absoluteUrl(site, meta.image ?? site.defaultImage);
  const title = documentTitle(site, meta.title);
  const name = (n: string, content: string): HeadTag => ({ kind: 'meta', attrs: { name: n, content } });
  const property = (p: string, content: string): HeadTag => ({ kind: 'meta', attrs: { property: p, content } });
  return [
    { kind: 'title', text: title },
    name('description', meta.description),
    name('keywords', meta.keywords.join(', ')),
    name('robots', meta.noindex ? 'noindex, nofollow' : 'index, follow'),
    { kind: 'link', attrs: { rel: 'canonical', href: canonical } },
    property('og:type', meta.type),
    property('og:site_name', site.name),
    property('og:title', title),
    property('og:description', meta.description),
    property('og:url', canonical),
    property('og:image', image),
    property('og:image:width', String(site.imageWidth)),
    property('og:image:height', String(site.imageHeight)),
    name('twitter:card', 'summary_large_image'),
    name('twitter:title', title),
    name('twitter:description', meta.description),
    name('twitter:image', image),
    ...(meta.jsonLd ?? []).map((data): HeadTag => ({ kind: 'jsonld', text: serializeJsonLd(data) })),
  ];
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The tags as HTML, marked so the running app can replace them on navigation. */
export function renderHeadTags(tags: readonly HeadTag[]): string {
  const attrs = (a: Readonly<Record<string, string>>) =>
    Object.entries(a)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('');
  return tags
    .map((t) => {
      switch (t.kind) {
        case 'title':
          return `<title>${escapeHtml(t.text)}</title>`;
        case 'meta':
          return `<meta data-page-meta${attrs(t.attrs)}>`;
        case 'link':
          return `<link data-page-meta${attrs(t.attrs)}>`;
        case 'jsonld':
          return `<script data-page-meta type="application/ld+json">${t.text}</script>`;
      }
    })
    .join('\n');
}
