import { describe, expect, it } from 'vitest';
import { AUDIENCES, COMPARISONS, GUIDES } from '../../src/features/content/catalog';
import { allContentText } from './support/content-text';
import { AUDIENCE_BODIES, findAudience } from '../../src/features/content/data/audiences';
import { COMPARISON_BODIES, findComparison } from '../../src/features/content/data/comparisons';
import { FAQ, FAQ_CATEGORIES } from '../../src/features/content/data/faq';
import { browserMinimums, BROWSERS } from '../../src/features/content/data/browsers';
import { megabytesPerMinute, QUALITY_ROWS } from '../../src/features/content/data/features';
import { GUIDE_BODIES, findGuide } from '../../src/features/content/data/guides';
import { HOME_BENEFITS, HOME_STATS } from '../../src/features/content/data/home';
import { metaForPath } from '../../src/app/route-list';
import { PRIVACY_POLICY } from '../../src/features/content/data/privacy';
import { TERMS_OF_SERVICE } from '../../src/features/content/data/terms';

/** The text around the first match, so a failure names the offending copy without printing everything. */
function snippet(text: string, pattern: RegExp): string | null {
  const m = pattern.exec(text);
  return m ? text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 40) : null;
}

describe('content records', () => {
  it('gives every catalog entry a body, and no body lacks an entry', () => {
    expect(Object.keys(AUDIENCE_BODIES).sort()).toEqual(AUDIENCES.map((a) => a.slug).sort());
    expect(Object.keys(GUIDE_BODIES).sort()).toEqual(GUIDES.map((g) => g.slug).sort());
    expect(Object.keys(COMPARISON_BODIES).sort()).toEqual(COMPARISONS.map((c) => c.slug).sort());
    for (const a of AUDIENCES) expect(findAudience(a.slug)?.hero.headline).toBeTruthy();
    for (const g of GUIDES) expect(findGuide(g.slug)?.steps.length).toBeGreaterThan(2);
    for (const c of COMPARISONS) expect(findComparison(c.slug)?.comparisonTable.length).toBeGreaterThan(5);
    expect(findGuide('nope')).toBeUndefined();
  });

  it('numbers each guide’s steps 1, 2, 3… in order', () => {
    for (const g of GUIDES) {
      const steps = findGuide(g.slug)?.steps ?? [];
      expect(steps.map((s) => s.number)).toEqual(steps.map((_, i) => i + 1));
    }
  });

  it('states each comparison’s advantages on both sides', () => {
    for (const c of COMPARISONS) {
      const page = findComparison(c.slug);
      expect(page?.ourAdvantages.length).toBeGreaterThan(2);
      expect(page?.theirAdvantages.length).toBeGreaterThan(2);
      expect(page?.comparisonTable.some((r) => r.winner === 'them')).toBe(true);
    }
  });

  // The overlay's 9 positions: docs/decisions/0001-only-verifiable-claims.md.
  it('has 12 FAQ entries, each in a listed category, and says 9 positions (docs/decisions/0001)', () => {
    expect(FAQ).toHaveLength(12);
    for (const f of FAQ) expect(FAQ_CATEGORIES).toContain(f.category);
    const text = FAQ.map((f) => f.answer).join(' ');
    expect(text).toContain('9 positions');
    expect(text).not.toMatch(/4 corners|four corners only/i);
  });

  // docs/decisions/0002-legal-pages.md.
  it('dates both policies January 2024 and leaves out the jurisdiction (docs/decisions/0002)', () => {
    expect(PRIVACY_POLICY.lastUpdated).toBe('January 2024');
    expect(TERMS_OF_SERVICE.lastUpdated).toBe('January 2024');
    const terms = JSON.stringify(TERMS_OF_SERVICE);
    expect(snippet(terms, /governing law|jurisdiction/i)).toBeNull();
    expect(TERMS_OF_SERVICE.sections.flatMap((s) => s.items).some((i) => i.includes('at least 13'))).toBe(true);
  });

  // The claims docs/decisions/0001-only-verifiable-claims.md rules out.
  it('makes no claim that cannot be checked (docs/decisions/0001)', () => {
    const all = allContentText();
    expect(snippet(all, /unlimited|4\.9\b|50K|120\+ countries|99\.9%|testimonial|aggregateRating/i)).toBeNull();
    expect(snippet(all, /coming soon/i)).toBeNull();
    for (const stat of HOME_STATS) expect(stat.value).not.toMatch(/users|rating|countries|uptime/i);
  });

  it('works out the quality table’s size per minute from its bitrate', () => {
    expect(QUALITY_ROWS.map((r) => [r.resolution, r.mbps])).toEqual([
      ['720p', 2.5],
      ['1080p', 5],
      ['1440p', 8],
      ['4K', 15],
    ]);
    expect(megabytesPerMinute(5)).toBe(38);
    expect(megabytesPerMinute(2.5)).toBe(19);
  });
});

describe('browser minimums', () => {
  it('states the versions this build records in: full pipeline in Chrome and Edge, the fallback in Firefox and Safari', () => {
    expect(BROWSERS.map((b) => [b.name, b.minimum])).toEqual([
      ['Chrome', '94+'],
      ['Edge', '94+'],
      ['Firefox', '132+'],
      ['Safari', '18.4+'],
    ]);
    expect(browserMinimums()).toBe('Chrome 94+, Edge 94+, Firefox 132+ and Safari 18.4+');
  });

  it('says the same minimums everywhere it states them, structured data included', () => {
    const faq = FAQ.find((f) => f.question === 'Which browsers are supported?')?.answer ?? '';
    const compatibility = HOME_BENEFITS.find((b) => b.title.startsWith('Universal compatibility'))?.description ?? '';
    const app = metaForPath('/').jsonLd?.[0] as { browserRequirements?: string } | undefined;
    for (const text of [faq, compatibility, app?.browserRequirements ?? '']) {
      for (const b of BROWSERS) expect(text).toContain(`${b.name} ${b.minimum}`);
    }
    const all = allContentText() + JSON.stringify(metaForPath('/'));
    expect(snippet(all, /\b(88|85|14)\+|any modern browser/i)).toBeNull();
  });
});

describe('claims that must match the product', () => {
  it('says "no plan limits", never a missing time cap, since each recording stops at 3 hours', () => {
    expect(snippet(allContentText(), /no time (cap|limit)|without a time (cap|limit)/i)).toBeNull();
  });

  it('places every keyboard shortcut in the studio, the only tab where it fires', () => {
    const sentences = allContentText().split(/(?<=[.!?])\s+|",\s*"/);
    const unplaced = sentences.filter((s) => /Alt\+Shift/.test(s) && !/studio/i.test(s));
    expect(unplaced).toEqual([]);
  });

  it('names each audience inside a sentence as written, proper names kept', () => {
    for (const a of AUDIENCES) expect(a.nameInSentence.toLowerCase()).toBe(a.name.toLowerCase());
    expect(AUDIENCES.find((a) => a.slug === 'youtube-content-creators')?.nameInSentence).toBe('YouTube content creators');
  });
});
