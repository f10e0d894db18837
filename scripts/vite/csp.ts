/**
 * The site's Content-Security-Policy, one text for the <meta> in every prerendered page and the
 * header `vite preview` sends. Scripts come from our origin only; the few inline scripts the
 * prerenderer writes (the theme script that avoids a flash of the wrong colour scheme, the router's
 * scroll restoration) are allowed by their hash, never by 'unsafe-inline'. Styles allow inline
 * because Mantine sets CSS variables in style attributes and <style> elements.
 */
import { createHash } from 'node:crypto';

/** `<script>` elements without src whose type the browser runs (no type, a JavaScript type, or module). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const RUNNABLE_TYPE = /\btype\s*=\s*["']?(?!(?:text\/javascript|application\/javascript|module)["'\s>])[^"'\s>]+/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (RUNNABLE_TYPE.test(attributes)) continue; // JSON-LD and other data blocks never run
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

/**
 * Where the app may connect: its own origin, plus the signaling server it was built for
 * (VITE_SIGNALING_URL, with its WebSocket twin) and any origins listed in VITE_CONNECT_SOURCES
 * (space or comma separated), for deployments whose signaling runs elsewhere.
 */
export function connectSources(env: Readonly<Record<string, string | undefined>>): string[] {
  const sources = new Set<string>(["'self'"]);
  const add = (value: string) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return;
    }
    if (!/^(https?|wss?):$/.test(url.protocol)) return;
    sources.add(url.origin);
    const twin = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'http:', 'wss:': 'https:' }[url.protocol];
    if (twin) sources.add(`${twin}//${url.host}`);
  };
  if (env.VITE_SIGNALING_URL?.trim()) add(env.VITE_SIGNALING_URL.trim());
  for (const value of (env.VITE_CONNECT_SOURCES ?? '').split(/[\s,]+/)) if (value) add(value);
  return [...sources];
}

export interface PolicyInput {
  scriptHashes: readonly string[];
  connect: readonly string[];
  /** frame-ancestors works only in a header; a <meta> policy must leave it out. */
  forHeader: boolean;
}

export function contentSecurityPolicy({ scriptHashes, connect, forHeader }: PolicyInput): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['media-src', "'self'", 'blob:'],
    ['worker-src', "'self'", 'blob:'],
    ['connect-src', ...connect],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  if (forHeader) directives.push(['frame-ancestors', "'none'"]);
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The policy as a <meta> element, for the top of a page's <head> (before any script). */
export function cspMetaTag(html: string, env: Readonly<Record<string, string | undefined>>): string {
  const policy = contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), connect: connectSources(env), forHeader: false });
  return `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`;
}
