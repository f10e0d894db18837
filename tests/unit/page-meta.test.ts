import { describe, expect, it } from 'vitest';
import { headTags, renderHeadTags, serializeJsonLd, type PageMeta, type SiteInfo } from '../../src/shared/metadata/page-meta';

const site: SiteInfo = { name: 'Framecast', url: 'https://example.test', defaultImage: '/og.png', imageWidth: 1200, imageHeight: 630 };
const meta: PageMeta = {
  path: '/studio',
  title: 'Recording Studio',
  description: 'Record things.',
  keywords: ['a', 'b'],
  type: 'website',
};

const attr = (tags: ReturnType<typeof headTags>, key: string, value: string, read: string) =>
  tags.flatMap((t) => (t.kind === 'meta' || t.kind === 'link') && t.attrs[key] === value ? [t.attrs[read]] : []);

describe('headTags', () => {
  it('gives title, description, keywords, canonical, share image and type', () => {
    const tags = headTags(meta, site);
    expect(tags[0]).toEqual({ kind: 'title', text: 'Recording Studio | Framecast' });
    expect(attr(tags, 'name', 'description', 'content')).toEqual(['Record things.']);
    expect(attr(tags, 'name', 'keywords', 'content')).toEqual(['a, b']);
    expect(attr(tags, 'rel', 'canonical', 'href')).toEqual(['https://example.test/studio']);
    expect(attr(tags, 'property', 'og:image', 'content')).toEqual(['https://example.test/og.png']);
    expect(attr(tags, 'property', 'og:image:width', 'content')).toEqual(['1200']);
    expect(attr(tags, 'property', 'og:image:height', 'content')).toEqual(['630']);
    expect(attr(tags, 'property', 'og:type', 'content')).toEqual(['website']);
    expect(attr(tags, 'name', 'robots', 'content')).toEqual(['index, follow']);
  });

  it('does not repeat the site name in a title that has it', () => {
    expect(headTags({ ...meta, title: 'Framecast: free recorder' }, site)[0]).toEqual({ kind: 'title', text: 'Framecast: free recorder' });
  });

  it('marks noindex pages', () => {
    expect(attr(headTags({ ...meta, noindex: true }, site), 'name', 'robots', 'content')).toEqual(['noindex, nofollow']);
  });

  it('uses a page image over the default and keeps absolute addresses', () => {
    const tags = headTags({ ...meta, image: 'https://cdn.test/x.png' }, site);
    expect(attr(tags, 'property', 'og:image', 'content')).toEqual(['https://cdn.test/x.png']);
  });

  it('emits one JSON-LD block per entry with the schema.org context', () => {
    const tags = headTags({ ...meta, jsonLd: [{ '@type': 'FAQPage' }, { '@type': 'Organization' }] }, site);
    const blocks = tags.flatMap((t) => (t.kind === 'jsonld' ? [JSON.parse(t.text) as Record<string, unknown>] : []));
    expect(blocks).toEqual([
      { '@context': 'https://schema.org', '@type': 'FAQPage' },
      { '@context': 'https://schema.org', '@type': 'Organization' },
    ]);
  });
});

describe('renderHeadTags', () => {
  it('escapes attribute values and titles', () => {
    const html = renderHeadTags(headTags({ ...meta, title: 'A <b> & "c"', description: '"quoted" <x>' }, site));
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot; | Framecast</title>');
    expect(html).toContain('content="&quot;quoted&quot; &lt;x&gt;"');
  });

  it('cannot be broken out of by a script-closing string in JSON-LD', () => {
    const text = serializeJsonLd({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect((JSON.parse(text) as { name: string }).name).toBe('</script><script>alert(1)</script>');
  });
});
