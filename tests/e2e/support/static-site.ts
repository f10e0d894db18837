/**
 * A private copy of the built site on its own port, served the way the preview server serves
 * `dist` (route files, room template, not-found page with 404). Tests that "deploy" a new version
 * change files in the copy without touching the shared build.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageFileFor } from '../../../src/app/prerendered-files';
import { DIST_DIR } from './prerendered';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

export interface StaticSite {
  readonly url: string;
  /** Rewrites a file of the copy, as a new deployment would. */
  edit(file: string, change: (text: string) => string): void;
  /** Adds a file to the copy under a new name (a chunk whose content hash changed). */
  copy(from: string, to: string): void;
  close(): Promise<void>;
}

export async function serveCopyOfBuild(): Promise<StaticSite> {
  const root = mkdtempSync(path.join(tmpdir(), 'framecast-site-'));
  cpSync(DIST_DIR, root, { recursive: true });
  const isFile = (rel: string) => {
    const full = path.join(root, rel);
    return existsSync(full) && statSync(full).isFile();
  };
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = pathname.slice(1);
    let status = 200;
    if (!(file && isFile(file))) ({ file, status } = pageFileFor(pathname, isFile));
    res.writeHead(status, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(readFileSync(path.join(root, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    edit(file, change) {
      const full = path.join(root, file);
      writeFileSync(full, change(readFileSync(full, 'utf8')));
    },
    copy(from, to) {
      cpSync(path.join(root, from), path.join(root, to));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(root, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
