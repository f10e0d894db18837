/**
 * Reads Vite's build manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts) to
 * answer which chunks a route can load: what it imports, and what its own code imports lazily.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIST_DIR } from './prerendered';

/** The module the entry loads to start the app (src/main.tsx). */
const APP_START = 'src/app/start.tsx';

export interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

export type BuildManifest = Readonly<Record<string, ManifestChunk>>;

export function readBuildManifest(): BuildManifest {
  return JSON.parse(readFileSync(path.join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
}

/**
 * Every manifest key a chunk can bring in: its static imports, followed all the way, and the lazy
 * imports of every chunk on the way except the app's entry and the app's start (src/app/start.tsx),
 * whose lazy imports are the app itself, the router's table of every route and the shell's deferred
 * parts (reaching those is the router's choice, not the page's).
 */
export function reachableChunks(manifest: BuildManifest, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const key = queue.shift() ?? '';
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
    if (!chunk.isEntry && key !== APP_START) queue.push(...(chunk.dynamicImports ?? []));
  }
  return seen;
}

/** The text of a chunk's file. */
export function chunkCode(manifest: BuildManifest, key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  return readFileSync(path.join(DIST_DIR, chunk.file), 'utf8');
}

/** The served path of the chunk the entry imports to start the app. */
export function appStartFile(): string {
  const chunk = readBuildManifest()[APP_START];
  if (!chunk) throw new Error(`${APP_START} is not in the build manifest`);
  return `/${chunk.file}`;
}
