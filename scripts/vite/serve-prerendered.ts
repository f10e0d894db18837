/**
 * `vite preview` serves a missing address with index.html (the prerendered home page). This
 * plugin answers page addresses the way a static host configured for the site would: each
 * route's own prerendered HTML, the room template for /room/<id>, the not-found page with 404.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { pageFileFor } from '../../src/app/prerendered-files.ts';
import { connectSources, contentSecurityPolicy, inlineScriptHashes } from './csp.ts';

/** One header for every response: the inline scripts of every prerendered page, by hash. */
function headerPolicy(outDir: string, env: Readonly<Record<string, string | undefined>>): string {
  const pages = existsSync(outDir) ? readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html')) : [];
  const hashes = new Set(pages.flatMap((file) => inlineScriptHashes(readFileSync(path.join(outDir, file), 'utf8'))));
  return contentSecurityPolicy({ scriptHashes: [...hashes].sort(), connect: connectSources(env), forHeader: true });
}

export function servePrerendered(): Plugin {
  return {
    name: 'framecast:serve-prerendered',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const isFile = (rel: string) => {
        const full = path.join(outDir, rel);
        return existsSync(full) && statSync(full).isFile();
      };
      // The policy every page carries in its <meta>, as a header too (which can also forbid framing).
      const policy = headerPolicy(outDir, server.config.env);
      server.middlewares.use((_req, res, next) => {
        res.setHeader('Content-Security-Policy', policy);
        next();
      });
      server.middlewares.use((req, res, next) => {
        const accept = req.headers.accept ?? '';
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !accept.includes('text/html')) {
          next();
          return;
        }
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
        } catch {
          next();
          return;
        }
        if (pathname !== '/' && isFile(pathname.slice(1))) {
          next();
          return;
        }
        const { file, status } = pageFileFor(pathname, isFile);
        if (status === 200) {
          req.url = `/${file}`;
          next();
          return;
        }
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(req.method === 'HEAD' ? undefined : readFileSync(path.join(outDir, file)));
      });
    },
  };
}
