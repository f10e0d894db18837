/**
 * Reads the build's prerendered pages the way a crawler or a link preview would: as files,
 * without running any JavaScript.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pageFileFor } from '../../../src/app/prerendered-files';

export const DIST_DIR = path.resolve(import.meta.dirname, '../../../dist');

const exists = (file: string) => {
  try {
    readFileSync(path.join(DIST_DIR, file));
    return true;
  } catch {
    return false;
  }
};

export function prerenderedHtml(route: string): string {
  return readFileSync(path.join(DIST_DIR, pageFileFor(route, exists).file), 'utf8');
}

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[m[1] ?? ''] = decode(m[2] ?? '');
  return attrs;
}

export interface PrerenderedHead {
  readonly title: string | undefined;
  /** `<meta name|property=… content=…>` by name or property. */
  readonly meta: Readonly<Record<string, string>>;
  readonly canonical: string | undefined;
  readonly jsonLd: readonly string[];
}

export function readHead(html: string): PrerenderedHead {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(/<meta\b[^>]*>/g)) {
    const a = attributes(m[0]);
    const key = a.name ?? a.property;
    if (key && a.content !== undefined) meta[key] = a.content;
  }
  const canonicalTag = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => attributes(m[0])).find((a) => a.rel === 'canonical');
  return {
    title: /<title>([\s\S]*?)<\/title>/.exec(head)?.[1]?.replace(/&amp;/g, '&'),
    meta,
    canonical: canonicalTag?.href,
    jsonLd: [...head.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? ''),
  };
}

/** The text of the page's h1 in the prerendered body. */
export function prerenderedHeading(html: string): string | undefined {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return inner === undefined ? undefined : decode(inner.replace(/<[^>]+>/g, '')).trim();
}

/** The words of the page body as a reader gets them: tags, styles and scripts removed, entities decoded. */
export function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return decode(
    body
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
