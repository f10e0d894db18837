#!/usr/bin/env node
// Reports the JavaScript a visitor's browser downloads to show each content page (Home, features,
// guides, audiences, comparisons, legal, help): the entry script and every module the page's
// prerendered HTML preloads, gzip-compressed as a server would send them. Beside it, what every page
// loads once it is up (the toasts' host, the service worker's registration), which nothing on the
// page waits for. Fails the build when a content page's first load is over the budget
// (docs/decisions/0016-first-load.md).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 155 * 1024;
/** The app's own pages, which load the recorder's code anyway: not content pages. */
const APP_PAGES = new Set(['/studio', '/settings', '/room']);
/** What the entry imports once any page has mounted (src/app/providers.tsx, src/features/pwa/service-worker.ts). */
const LOADED_ONCE_UP = ['src/app/NotificationsHost.tsx', 'node_modules/workbox-window/build/workbox-window.prod.es5.mjs'];

const args = process.argv.slice(2);
// --json prints the measured files for tests that compare them with what a browser really fetches.
const asJson = args.includes('--json');
const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));

/** Every prerendered page's address and HTML file, from dist/ (index.html files, 404 left out). */
function prerenderedPages(dir, route = '/') {
  const pages = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'index.html') pages.push({ route, file: full });
    else if (statSync(full).isDirectory() && !name.startsWith('.') && name !== 'assets') pages.push(...prerenderedPages(full, `${route === '/' ? '' : route}/${name}`));
  }
  return pages;
}

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

const loadedOnceUp = [...new Set(LOADED_ONCE_UP.flatMap((key) => [...withImports(key)]))];
const pages = prerenderedPages(distDir)
  .filter(({ route }) => ![...APP_PAGES].some((app) => route === app || route.startsWith(`${app}/`)))
  .map(({ route, file }) => {
    const files = firstLoadScripts(readFileSync(file, 'utf8'));
    const afterwards = loadedOnceUp.filter((f) => !files.includes(f));
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
