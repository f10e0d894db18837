#!/usr/bin/env node
// Reports the JavaScript a visitor's browser downloads to show each content page (Home, features,
// guides, audiences, comparisons, legal, help): the entry script and every module the page's
// prerendered HTML preloads, gzip-compressed as a server would send them. Beside it, what the page
// loads once it is up: the app, which starts there when the browser is idle or the visitor reaches
// for a control, the page's route, the toasts' host and the service worker's registration. Fails the
// build when a content page's first load is over the budget (docs/decisions/0016-first-load.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
/** What the app imports once it has mounted (src/app/providers.tsx, src/features/pwa/service-worker.ts). */
const LOADED_ONCE_UP = ['src/app/NotificationsHost.tsx', 'node_modules/workbox-window/build/workbox-window.prod.es5.mjs'];

const args = process.argv.slice(2);
// --json prints the measured files for tests that compare them with what a browser really fetches.
const asJson = args.includes('--json');
const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
/** Every prerendered page, as scripts/vite/prerender.ts wrote it: address, file, when the app starts, route modules. */
const prerendered = JSON.parse(readFileSync(path.join(distDir, '.vite/prerendered-pages.json'), 'utf8'));

/** Every script file a page's HTML makes the browser fetch before the page is interactive. */
function firstLoadScripts(html) {
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)) files.add(m[1]);
  return [...files];
}

/** A manifest entry's file and every file it imports statically, as served paths. */
function withImports(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`first-load-size: ${key} is not in the build's manifest (renamed or moved?)`);
  if (into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) withImports(imported, into);
  return into;
}

const gzipOf = new Map();
function gzipBytes(url) {
  if (!gzipOf.has(url)) gzipOf.set(url, gzipSync(readFileSync(path.join(distDir, url.replace(/^\//, ''))), { level: 9 }).length);
  return gzipOf.get(url);
}
const sum = (files) => files.reduce((total, file) => total + gzipBytes(file), 0);

/**
 * The pages that may start the app at once (src/app/start-timing.ts): written again here so that a
 * content page that started doing so (its marker no longer matching its address) fails the build
 * instead of leaving the budget's reach.
 */
const APP_PAGES = ['/studio', '/settings', '/room'];
const NOT_FOUND_MARKER = '*';
const startsAtOnceUnexpectedly = prerendered.filter(
  (page) => page.startsAtOnce && page.marker !== NOT_FOUND_MARKER && !APP_PAGES.some((app) => page.path === app || page.path.startsWith(`${app}/`)),
);
if (startsAtOnceUnexpectedly.length > 0) {
  for (const page of startsAtOnceUnexpectedly) console.error(`${page.path}: a content page that starts the whole app at once (see src/app/start-timing.ts)`);
  process.exit(1);
}

const pages = prerendered
  // The app's own pages (studio, settings, room) and the not-found page start the app at once (src/app/start-timing.ts).
  .filter((page) => !page.startsAtOnce)
  .map(({ path: route, file, routeModules, appStart }) => {
    const files = firstLoadScripts(readFileSync(path.join(distDir, file), 'utf8'));
    const later = new Set();
    for (const key of [appStart, ...routeModules, ...LOADED_ONCE_UP]) withImports(key, later);
    const afterwards = [...later].filter((f) => !files.includes(f));
    return { route, files, gzipBytes: sum(files), afterwards, afterwardsGzipBytes: sum(afterwards) };
  })
  .sort((a, b) => b.gzipBytes - a.gzipBytes);
const over = pages.filter((page) => page.gzipBytes > BUDGET_BYTES);

if (asJson) {
  console.log(JSON.stringify({ pages, budgetBytes: BUDGET_BYTES }));
  process.exit(over.length === 0 ? 0 : 1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const home = pages.find((page) => page.route === '/');
console.log("Home's first load, file by file:");
for (const file of [...(home?.files ?? [])].sort((a, b) => gzipBytes(b) - gzipBytes(a))) console.log(`  ${kb(gzipBytes(file)).padStart(9)} gzip  ${file}`);
console.log('First-load JavaScript per content page (gzip; then what loads once the page is up):');
for (const page of pages) console.log(`  ${kb(page.gzipBytes).padStart(9)}  +${kb(page.afterwardsGzipBytes).padStart(8)}  ${page.route} (${String(page.files.length)} files)`);
console.log(`Largest: ${kb(pages[0]?.gzipBytes ?? 0)} (${pages[0]?.route ?? 'none'}), Home ${kb(home?.gzipBytes ?? 0)}; budget ${kb(BUDGET_BYTES)} for each of ${String(pages.length)} content pages`);
if (over.length > 0) {
  for (const page of over) console.error(`${page.route}: first-load JavaScript over budget by ${kb(page.gzipBytes - BUDGET_BYTES)}`);
  process.exit(1);
}
