/**
 * After the client build, renders every page with the SSR bundle of src/entry-server.tsx and
 * writes <route>/index.html (content, head metadata, the page's styles, and on the app's own pages
 * preload links for the app's and the route's chunks),
 * the room template, 404.html, sitemap.xml and robots.txt into the output folder. It runs
 * before the service worker is generated, so the worker precaches the prerendered pages.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest, Plugin, ResolvedConfig } from 'vite';
import { prerenderedFor } from '../../src/app/prerender-marker.ts';
import { ROUTE_SCRIPTS_ATTRIBUTE, startsAtOnce } from '../../src/app/start-timing.ts';
import { cspMetaTag } from './csp.ts';

/** One line of .vite/prerendered-pages.json. */
interface PrerenderedPage {
  readonly path: string;
  readonly file: string;
  readonly marker: string;
  readonly startsAtOnce: boolean;
  readonly routeModules: readonly string[];
  readonly appStart: string;
}

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

/** The module the entry script imports to start the app (src/main.tsx). */
const APP_START = 'src/app/start.tsx';

interface ChunkFiles {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

/** A chunk's script files and stylesheets, with those of every chunk it imports statically. */
function chunkFiles(manifest: Manifest, keys: readonly string[]): ChunkFiles {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The modules of the routes a page renders, as the build manifest names them. */
function routeModules(server: ServerEntry, routeIds: readonly string[]): string[] {
  return routeIds
    .filter((id) => id !== '__root__')
    .map((id) => {
      const source = server.routeSource(id);
      if (!source) throw new Error(`prerender: no module known for route ${id}; add it to ROUTES in src/app/route-list.ts`);
      return source;
    });
}

interface PageLinks {
  /** Before the template's own stylesheet and entry script: the route's styles, and its scripts on the app's pages. */
  readonly route: string;
  /** After the template's stylesheet, in the order the app's own chunk would add it: the app's styles. */
  readonly app: string;
  /** On a content page, the route's scripts, which the page preloads as the app starts (src/main.tsx). */
  readonly routeScripts: readonly string[];
}

/**
 * The links a page's HTML needs besides the template's. Every page wears all its styles from the
 * start, so its look never waits for a script. The app's own pages preload the app and their route's
 * chunks; a content page preloads no script, since the app starts there once the page is up
 * (src/app/start-timing.ts, docs/decisions/0016-first-load.md).
 */
function pageLinks(manifest: Manifest, app: ChunkFiles, routes: readonly string[], atOnce: boolean, template: string, base: string): PageLinks {
  const route = chunkFiles(manifest, routes);
  const fresh = (file: string) => !template.includes(`${base}${file}`);
  const styleLinks = (files: readonly string[]) => files.filter(fresh).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`);
  const scriptLinks = (files: readonly string[]) => (atOnce ? files.filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`) : []);
  return {
    route: [...styleLinks(route.styles.filter((f) => !app.styles.includes(f))), ...scriptLinks([...new Set([...route.scripts, ...app.scripts])])].join('\n'),
    app: styleLinks(app.styles).join('\n'),
    routeScripts: atOnce ? [] : route.scripts.map((f) => `${base}${f}`),
  };
}

function fillTemplate(template: string, page: PrerenderPage, headHtml: string, links: PageLinks, appHtml: string): string {
  if (!template.includes('</head>')) throw new Error('prerender: index.html has no </head>');
  const withHead = template
    .replace(/<title>[\s\S]*?<\/title>/, () => `${headHtml}\n${links.route}`)
    .replace('</head>', () => `${links.app}\n</head>`);
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  const later = links.routeScripts.length > 0 ? ` ${ROUTE_SCRIPTS_ATTRIBUTE}="${links.routeScripts.join(' ')}"` : '';
  return withHead.replace(root, () => `<div id="root" data-prerendered="${page.marker}"${later}>${appHtml}</div>`);
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
        const app = chunkFiles(manifest, [APP_START]);
        const report: PrerenderedPage[] = [];
        for (const page of server.PRERENDER_PAGES) {
          const { appHtml, headHtml, routeIds } = await server.renderPage(page);
          const routes = routeModules(server, routeIds);
          const atOnce = startsAtOnce(page.path, prerenderedFor(page.marker, page.path));
          const links = pageLinks(manifest, app, routes, atOnce, template, config.base);
          const target = path.join(outDir, page.file);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, withPolicy(fillTemplate(template, page, headHtml, links, appHtml), config.env));
          report.push({ path: page.path, file: page.file, marker: page.marker, startsAtOnce: atOnce, routeModules: routes, appStart: APP_START });
        }
        // scripts/first-load-size.mjs reads it to measure what each page loads first and afterwards.
        writeFileSync(path.join(outDir, '.vite/prerendered-pages.json'), `${JSON.stringify(report, null, 1)}\n`);
        const today = new Date().toISOString().slice(0, 10);
        for (const [name, text] of Object.entries(server.crawlFiles(today))) writeFileSync(path.join(outDir, name), text);
        config.logger.info(`prerendered ${server.PRERENDER_PAGES.length} pages, sitemap.xml and robots.txt`);
      },
    },
  };
}
