import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { createMemoryHistory } from '@tanstack/react-router';
import { guideSlugOf, HOME_META, PAGE_METAS, ROUTES, howToTotalTime, metaForPath, routeSource, withGuideSteps } from '../../src/app/route-list';
// Imported with the file, not inside the test: loading the whole app is import time, which the
// test's own time limit should not count when other files load at the same moment.
import { createAppRouter } from '../../src/app/router';
import { findGuide } from '../../src/features/content/data/guides';

describe('metaForPath', () => {
  it('finds every declared page by its path, with or without a trailing slash', () => {
    for (const meta of PAGE_METAS) {
      expect(metaForPath(meta.path)).toBe(meta);
      if (meta.path !== '/') expect(metaForPath(`${meta.path}/`)).toBe(meta);
    }
  });

  it('declares the 25 indexable pages of the spec with unique titles and descriptions', () => {
    expect(PAGE_METAS).toHaveLength(25);
    expect(new Set(PAGE_METAS.map((m) => m.title)).size).toBe(PAGE_METAS.length);
    expect(new Set(PAGE_METAS.map((m) => m.description)).size).toBe(PAGE_METAS.length);
    for (const m of PAGE_METAS) {
      expect(m.description.length).toBeGreaterThan(50);
      expect(m.description.length).toBeLessThanOrEqual(170);
      expect(m.keywords.length).toBeGreaterThan(0);
    }
  });

  it('gives unknown paths the home metadata with noindex', () => {
    const meta = metaForPath('/nope/nothing');
    expect(meta.title).toBe(HOME_META.title);
    expect(meta.noindex).toBe(true);
  });

  it('gives rooms their own noindex metadata', () => {
    const meta = metaForPath('/room/abc123');
    expect(meta.path).toBe('/room/abc123');
    expect(meta.noindex).toBe(true);
  });

  it('carries the structured data the spec asks for', () => {
    expect(metaForPath('/').jsonLd?.[0]?.['@type']).toBe('WebApplication');
    expect(metaForPath('/help').jsonLd?.[0]?.['@type']).toBe('FAQPage');
    expect(metaForPath('/about').jsonLd?.[0]?.['@type']).toBe('Organization');
    expect(metaForPath('/how-to/record-gameplay').jsonLd?.[0]).toMatchObject({ '@type': 'HowTo', totalTime: 'PT10M' });
  });
});

describe('howToTotalTime', () => {
  it('takes the first number of the duration text, default 5 minutes', () => {
    expect(howToTotalTime('7 minutes')).toBe('PT7M');
    expect(howToTotalTime('About 3-4 min')).toBe('PT3M');
    expect(howToTotalTime('a few minutes')).toBe('PT5M');
  });
});

describe('guide HowTo steps', () => {
  it('recognises guide addresses only', () => {
    expect(guideSlugOf('/how-to/record-gameplay')).toBe('record-gameplay');
    expect(guideSlugOf('/how-to/record-gameplay/')).toBe('record-gameplay');
    expect(guideSlugOf('/how-to/juggle-chainsaws')).toBeNull();
    expect(guideSlugOf('/help')).toBeNull();
  });

  it('lists each step of the guide as a HowToStep, in order, pointing at the step on the page', () => {
    const steps = findGuide('record-gameplay')?.steps ?? [];
    const meta = withGuideSteps(metaForPath('/how-to/record-gameplay'), steps);
    const howTo = meta.jsonLd?.[0] as { '@type': string; totalTime: string; step: { '@type': string; position: number; name: string; text: string; url: string }[] };
    expect(howTo['@type']).toBe('HowTo');
    expect(howTo.totalTime).toBe('PT10M');
    expect(howTo.step.map((s) => [s['@type'], s.position, s.name])).toEqual(steps.map((s) => ['HowToStep', s.number, s.title]));
    expect(howTo.step[0]?.text).toBe(steps[0]?.description);
    expect(howTo.step[0]?.url).toMatch(/\/how-to\/record-gameplay#step-1$/);
  });

  it('leaves other pages as they are', () => {
    const help = metaForPath('/help');
    expect(withGuideSteps(help, findGuide('record-gameplay')?.steps ?? [])).toBe(help);
  });
});

describe('ROUTES, the one route list', () => {
  it('is exactly what the router serves', () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
    const served = Object.keys(router.routesById).filter((id) => id !== '__root__');
    expect(served.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('names a module under src/routes for every route, and no module is left out', () => {
    const modules = Object.keys(ROUTES).map((path) => routeSource(path));
    for (const source of modules) expect(source && existsSync(source), String(source)).toBe(true);
    const onDisk = readdirSync('src/routes').map((file) => `src/routes/${file}`);
    expect([...modules].sort()).toEqual(onDisk.sort());
    expect(routeSource('/nowhere')).toBeUndefined();
  });

  it('gives every page of a route an address the route matches', () => {
    for (const [path, route] of Object.entries(ROUTES)) {
      const pattern = new RegExp(`^${path.replace(/\$[a-zA-Z]+/g, '[^/]+')}$`);
      for (const page of route.pages) expect(page.path, path).toMatch(pattern);
    }
  });
});
