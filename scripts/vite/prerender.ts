/**
 * After the client build, renders every page with the SSR bundle of src/entry-server.tsx and
 * writes <route>/index.html (content, head metadata, preload links for the route's chunks),
 * the room template, 404.html, sitemap.xml and robots.txt into the output folder. It runs
 * before the service worker is generated, so the worker precaches the prerendered pages.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest, Plugin, ResolvedConfig } from 'vite';
import { cspMetaTag } from './csp.ts';

interface PrerenderPage {
  readonly path: string;
  readonly file: string;
  readonly marker: string;
}

/** What src/entry-server.tsx exports (typed here: that file is built for the browser's tsconfig). */
interface ServerEntry {
  PRERENDER_PAGES: readonly PrerenderPage[];
  renderPage(page: PrerenderPage): Promise<{ appHtml: string; headHtml: string; routeIds: readonly string[] }>;
  crawlFiles(lastModified: string): Readonly<Record<string, string>>;
  /** A route's module as the build manifest names it (src/app/route-list.ts). */
  routeSource(routeId: string): string | undefined;
}

/** Preload and stylesheet links for the chunks a page's routes need at once, minus what the template has. */
function routeAssetLinks(server: ServerEntry, manifest: Manifest, routeIds: readonly string[], template: string, base: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const id of routeIds) {
    if (id === '__root__') continue;
    const source = server.routeSource(id);
    if (!source) throw new Error(`prerender: no module known for route ${id}; add it to ROUTES in src/app/route-list.ts`);
    if (!manifest[source]) throw new Error(`prerender: ${source} is not in the build manifest`);
    visit(source);
  }
  const fresh = (file: string) => !template.includes(`${base}${file}`);
  return [
    ...[...styles].filter(fresh).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
    ...[...scripts].filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
  ].join('\n');
}

function fillTemplate(template: string, page: PrerenderPage, headHtml: string, links: string, appHtml: string): string {
  const withHead = template.replace(/<title>[\s\S]*?<\/title>/, () => `${headHtml}\n${links}`);
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  return withHead.replace(root, () => `<div id="root" data-prerendered="${page.marker}">${appHtml}</div>`);
}

/** Puts the page's Content-Security-Policy first in <head>: a <meta> policy covers only what follows it. */
function withPolicy(html: string, env: Readonly<Record<string, string | undefined>>): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (!charset.test(html)) throw new Error('prerender: index.html has no <meta charset>');
  return html.replace(charset, (tag) => `${tag}\n    ${cspMetaTag(html, env)}`);
}

export function prerender(options: { ssrEntry: string }): Plugin {
  let config: ResolvedConfig;
  let buildFailed = false;
  return {
    name: 'framecast:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    buildEnd(error) {
      // closeBundle runs after a failed build too: prerendering then would hide the build's own error.
      buildFailed = error !== undefined;
    },
    closeBundle: {
      // Before vite-plugin-pwa writes the service worker, so the pages are in its precache.
      order: 'pre',
      sequential: true,
      async handler() {
        if (buildFailed) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const entry = path.resolve(config.root, options.ssrEntry);
        if (!existsSync(entry)) throw new Error(`prerender: ${options.ssrEntry} is missing; run the SSR build first (npm run build)`);
        const server = (await import(`${pathToFileURL(entry).href}?t=${Date.now()}`)) as ServerEntry;
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const page of server.PRERENDER_PAGES) {
          const { appHtml, headHtml, routeIds } = await server.renderPage(page);
          const links = routeAssetLinks(server, manifest, routeIds, template, config.base);
          const target = path.join(outDir, page.file);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, withPolicy(fillTemplate(template, page, headHtml, links, appHtml), config.env));
        }
        const today = new Date().toISOString().slice(0, 10);
        for (const [name, text] of Object.entries(server.crawlFiles(today))) writeFileSync(path.join(outDir, name), text);
        config.logger.info(`prerendered ${server.PRERENDER_PAGES.length} pages, sitemap.xml and robots.txt`);
      },
    },
  };
}
