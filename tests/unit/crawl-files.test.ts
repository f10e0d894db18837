import { describe, expect, it } from 'vitest';
import { PAGE_METAS } from '../../src/app/route-list';
import { robotsTxt, sitemapXml } from '../../src/shared/metadata/crawl-files';
import type { PageMeta, SiteInfo } from '../../src/shared/metadata/page-meta';

const site: SiteInfo = { name: 'Framecast', url: 'https://example.test', defaultImage: '/og.png', imageWidth: 1200, imageHeight: 630 };
const meta = (path: string, noindex = false): PageMeta => ({ path, title: path, description: '', keywords: [], type: 'website', noindex });

describe('sitemapXml', () => {
  it('lists every indexable page by its canonical address, once', () => {
    const xml = sitemapXml(site, PAGE_METAS, '2024-01-31');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PAGE_METAS.map((m) => `https://example.test${m.path}`));
    expect(xml).toContain('<lastmod>2024-01-31</lastmod>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('leaves out noindex pages and escapes addresses', () => {
    const xml = sitemapXml(site, [meta('/a&b'), meta('/secret', true)], '2024-01-31');
    expect(xml).toContain('<loc>https://example.test/a&amp;b</loc>');
    expect(xml).not.toContain('secret');
  });
});

describe('robotsTxt', () => {
  it('allows crawling, keeps rooms out and names the sitemap', () => {
    const text = robotsTxt(site);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/room\/$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/example\.test\/sitemap\.xml$/m);
  });
});
