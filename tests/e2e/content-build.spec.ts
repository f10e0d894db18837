/**
 * Checks on the built site as files, with no browser: the claims every page makes (its copy as
 * prerendered, its head and its structured data), and what code each content page can load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chunkCode, readBuildManifest, reachableChunks } from './support/build-manifest';
import { DIST_DIR, prerenderedHtml, readHead, visibleText } from './support/prerendered';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** What a reader, a link preview and a crawler get from a page: its text, head and JSON-LD. */
function pageClaims(html: string): string {
  const head = readHead(html);
  return [visibleText(html), head.title ?? '', ...Object.values(head.meta), ...head.jsonLd].join('\n');
}

/** The text around the first match, so a failure names the offending copy. */
function snippet(text: string, pattern: RegExp): string | null {
  const m = pattern.exec(text);
  return m ? text.slice(Math.max(0, m.index - 80), m.index + m[0].length + 40) : null;
}

// docs/decisions/0001-only-verifiable-claims.md: no "unlimited", no ratings or user counts we cannot
// back up, 9 positions not "4 corners".
const BANNED: readonly [string, RegExp][] = [
  ['unlimited', /unlimited/i],
  ['a rating', /\b\d(\.\d)?\s*(\/\s*5\b|out of 5|stars?\b)|aggregateRating|ratingValue|reviewCount/i],
  ['a user count', /\b\d[\d,.]*\s*[KkMm]?\+?\s*(monthly\s+|active\s+|happy\s+)?(users|creators|customers|downloads)\b/i],
  ['a country count', /\b\d+\+?\s*countries\b/i],
  ['an uptime figure', /\b99\.9+\s*%/],
  ['"4 corners"', /\b4 corners\b|four corners only/i],
];
const SOCIAL_LINK = /href="https?:\/\/(www\.)?(twitter|x|facebook|linkedin|instagram|youtube|tiktok|github)\.com/i;

test.describe('the built pages', () => {
  const files = htmlFiles(DIST_DIR);

  test('include every route and the fallbacks', () => {
    expect(files.length).toBeGreaterThanOrEqual(27);
  });

  for (const file of files) {
    const name = path.relative(DIST_DIR, file);
    test(`${name} makes no unverifiable claim and links to no social profile`, () => {
      const html = readFileSync(file, 'utf8');
      const claims = pageClaims(html);
      for (const [what, pattern] of BANNED) expect(snippet(claims, pattern), `${name} states ${what}`).toBeNull();
      expect(snippet(html, SOCIAL_LINK), `${name} links to a social profile`).toBeNull();
    });
  }

  test('both policies say "Last updated January 2024"', () => {
    for (const route of ['/privacy', '/terms']) expect(visibleText(prerenderedHtml(route))).toContain('Last updated January 2024');
  });
});

test.describe('what content pages load', () => {
  const CONTENT_ROUTES = ['home', 'help', 'about', 'features', 'privacy', 'terms', 'audience', 'guide', 'comparison'];

  const CODE_SIGNS: readonly [RegExp, string][] = [
    [/[\w-]+\.worker-[\w-]+\.js/, 'starts the recorder worker'],
    [/mediabunny/i, 'contains mediabunny'],
    [/new RTCPeerConnection\b/, 'opens WebRTC connections'],
    [/getDisplayMedia\(/, 'captures the screen'],
    [/new (MediaStreamTrackProcessor|VideoEncoder|MediaRecorder)\b/, 'records media'],
  ];

  /** Why a chunk must stay off content pages (empty when it may load there). */
  function recordingCode(key: string, code: string): string[] {
    const reasons: string[] = [];
    if (/^src\/routes\/(studio|room)\.tsx$|^src\/features\/(studio|room|library)\/|^src\/media\/(client|worker)\//.test(key)) reasons.push(`${key} is a recording route or feature`);
    if (/^src\/media\/container\/|^src\/media\/storage\/(rewrite|repair)-recording\.ts$/.test(key)) reasons.push(`${key} is file-rewriting code`);
    if (/^_?(remux|mediabunny|recorder|repair-recording|save-recording|studio|room)\b/i.test(key)) reasons.push(`${key} is a recording chunk`);
    for (const [pattern, what] of CODE_SIGNS) if (pattern.test(code)) reasons.push(`${key} ${what}`);
    return reasons;
  }

  const offenders = (route: string): string[] => {
    const manifest = readBuildManifest();
    return [...reachableChunks(manifest, `src/routes/${route}.tsx`)].flatMap((key) => recordingCode(key, chunkCode(manifest, key)));
  };

  test('the check finds the recorder where it belongs: the studio', () => {
    const found = offenders('studio');
    expect(found.some((r) => r.includes('recorder worker'))).toBe(true);
    // The MediaRecorder rewrite, loaded on demand: mediabunny itself now lives only in the workers.
    expect(found.some((r) => /rewrite-recording\.ts is file-rewriting code/.test(r))).toBe(true);
  });

  for (const route of CONTENT_ROUTES) {
    test(`the ${route} route reaches no recording, worker, WebRTC, studio or room code`, () => {
      expect(offenders(route)).toEqual([]);
    });
  }
});
