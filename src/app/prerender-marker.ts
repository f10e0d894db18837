/**
 * The prerendered HTML marks its root with the route it was rendered for
 * (`<div id="root" data-prerendered="/about">`). The browser hydrates that HTML only when it
 * was rendered for the current address; otherwise (the not-found page served for an unknown
 * path) it renders afresh, so hydration never meets markup from another page. Pure: no DOM.
 */

export const PRERENDER_ATTRIBUTE = 'data-prerendered';

/** The marker of the not-found page, which is served for any unknown path. */
export const NOT_FOUND_MARKER = '*';

function trimTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Whether HTML prerendered for `marker` (a path, or a route pattern with `$param` segments)
 * belongs at `pathname`.
 */
export function prerenderedFor(marker: string | undefined, pathname: string): boolean {
  if (!marker || marker === NOT_FOUND_MARKER) return false;
  const want = trimTrailingSlash(marker).split('/');
  const have = trimTrailingSlash(pathname).split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? '';
    return segment.startsWith('$') ? actual.length > 0 : segment === actual;
  });
}
