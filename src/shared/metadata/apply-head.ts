import type { HeadTag } from './page-meta';

/** Replaces the page-owned head tags (marked data-page-meta) with the given ones. */
export function applyHeadTags(doc: Document, tags: readonly HeadTag[]): void {
  for (const old of doc.head.querySelectorAll('[data-page-meta]')) old.remove();
  for (const tag of tags) {
    if (tag.kind === 'title') {
      doc.title = tag.text;
      continue;
    }
    const el = doc.createElement(tag.kind === 'jsonld' ? 'script' : tag.kind);
    el.setAttribute('data-page-meta', '');
    if (tag.kind === 'jsonld') {
      el.setAttribute('type', 'application/ld+json');
      el.textContent = tag.text;
    } else {
      for (const [k, v] of Object.entries(tag.attrs)) el.setAttribute(k, v);
    }
    doc.head.appendChild(el);
  }
}
