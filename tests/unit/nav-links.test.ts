import { describe, expect, it } from 'vitest';
import { HEADER_LINKS, isActiveLink } from '../../src/app/shell/nav-links';

const activeOn = (path: string) => HEADER_LINKS.filter((l) => isActiveLink(l.to, path)).map((l) => l.label);

describe('isActiveLink', () => {
  it('matches Home only on the exact root', () => {
    expect(activeOn('/')).toEqual(['Home']);
    expect(isActiveLink('/', '/studio')).toBe(false);
  });

  it('matches by path prefix for other links', () => {
    expect(activeOn('/studio')).toEqual(['Record']);
    expect(activeOn('/features')).toEqual(['Features']);
    expect(activeOn('/help/some/deeper/page')).toEqual(['Help']);
  });

  it('matches whole segments, not partial names', () => {
    expect(isActiveLink('/studio', '/studios')).toBe(false);
    expect(isActiveLink('/about', '/about-us')).toBe(false);
  });

  it('marks nothing on pages outside the header', () => {
    expect(activeOn('/how-to/record-gameplay')).toEqual([]);
    expect(activeOn('/privacy')).toEqual([]);
  });
});
