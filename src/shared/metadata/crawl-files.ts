/**
 * sitemap.xml and robots.txt for the prerendered site. Pure: the build writes their text.
 */
import { absoluteUrl, type PageMeta, type SiteInfo } from './page-meta';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Every indexable page, by its canonical address; noindex pages are left out. */
export function sitemapXml(site: SiteInfo, pages: readonly PageMeta[], lastModified: string): string {
  const urls = pages
    .filter((p) => !p.noindex)
    .map((p) => `  <url>\n    <loc>${escapeXml(absoluteUrl(site, p.path))}</loc>\n    <lastmod>${lastModified}</lastmod>\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawl everything except private rooms, and say where the sitemap is. */
export function robotsTxt(site: SiteInfo): string {
  return `User-agent: *\nAllow: /\nDisallow: /room/\n\nSitemap: ${absoluteUrl(site, '/sitemap.xml')}\n`;
}
