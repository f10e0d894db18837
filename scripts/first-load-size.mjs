#!/usr/bin/env node
// Reports the JavaScript a visitor's browser downloads to show the home page: the entry script
// and every module the prerendered dist/index.html preloads, gzip-compressed as a server would
// send them. Fails the build when it reaches the budget (200 KB), so the home page stays light.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const args = process.argv.slice(2);
// --json prints the measured files for tests that compare them with what a browser really fetches.
const asJson = args.includes('--json');
const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');

/** Every script file index.html makes the browser fetch before the page is interactive. */
function firstLoadScripts(indexHtml) {
  const files = new Set();
  for (const m of indexHtml.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) files.add(m[1]);
  for (const m of indexHtml.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)) files.add(m[1]);
  return [...files];
}

const rows = firstLoadScripts(html).map((url) => {
  const bytes = readFileSync(path.join(distDir, url.replace(/^\//, '')));
  return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
if (asJson) {
  console.log(JSON.stringify({ files: rows.map((r) => r.url), gzipBytes: total, budgetBytes: BUDGET_BYTES }));
  process.exit(total < BUDGET_BYTES ? 0 : 1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(r.gzip).padStart(9)} gzip  ${kb(r.raw).padStart(9)} raw  ${r.url}`);
console.log(`Home first-load JavaScript: ${kb(total)} gzip in ${rows.length} files (budget ${kb(BUDGET_BYTES)})`);
if (total >= BUDGET_BYTES) {
  console.error(`Home first-load JavaScript is over budget by ${kb(total - BUDGET_BYTES)}`);
  process.exit(1);
}
