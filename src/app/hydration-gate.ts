/**
 * Holds in-app link navigation until the prerendered page under the header has hydrated.
 *
 * The root route renders the page inside a Suspense boundary, which React hydrates after the
 * header. A header link clicked in between makes the router swap the page's matches while that
 * boundary still holds the old page, and the router throws reading the old match (TanStack Router
 * issues 8233 and 8306). Until the page has mounted, a link click therefore never reaches React:
 * the browser follows the link itself, as it would before any script ran, and loads the page it
 * points to whole. Modified clicks (new tab, download) keep their usual meaning either way.
 */

let pageMounted = false;
const waiting = new Set<() => void>();

/** Runs `then` once a page has mounted (at once when one has). */
export function afterPageMounted(then: () => void): void {
  if (pageMounted) then();
  else waiting.add(then);
}

/** Called by every page once it has mounted in the browser (its effects run after hydration). */
export function markPageMounted(): void {
  if (pageMounted) return;
  pageMounted = true;
  for (const release of waiting) release();
  waiting.clear();
}

/** Lets the browser follow link clicks by itself until a page has mounted. */
export function holdLinksUntilPageMounted(target: Window = window): void {
  if (pageMounted) return;
  const passToBrowser = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) event.stopPropagation();
  };
  target.addEventListener('click', passToBrowser, { capture: true });
  waiting.add(() => target.removeEventListener('click', passToBrowser, { capture: true }));
}
