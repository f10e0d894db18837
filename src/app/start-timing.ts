/**
 * When the browser starts the app on a prerendered page (docs/decisions/0016-first-load.md).
 *
 * The app's own pages (the studio, settings, a room) are nothing without it and start at once. A
 * content page is read and navigated as the HTML came (its links are plain links), so the app starts
 * once the page is up and the browser is idle, or sooner when the visitor reaches for a control.
 * Pure: no DOM.
 */

/**
 * On a content page's root, the scripts of the page's route (space-separated): preloaded as the app
 * starts, so they come with it rather than after it.
 */
export const ROUTE_SCRIPTS_ATTRIBUTE = 'data-route-scripts';

/** The pages that start the app at once, each with everything under it. */
export const APP_PAGES: readonly string[] = ['/studio', '/settings', '/room'];

/**
 * Whether the page at `pathname` starts the app at once rather than once the browser is idle: the
 * app's own pages, and HTML not rendered for this address (`htmlIsForAddress` false: the not-found
 * page, which only the app can fit to the address asked for; see prerender-marker.ts).
 */
export function startsAtOnce(pathname: string, htmlIsForAddress: boolean): boolean {
  return APP_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`)) || !htmlIsForAddress;
}

/**
 * What a click before the app has started must wait for: a control the app drives. Links are not
 * here: the browser follows them by itself, as it does before any script runs.
 */
export const CONTROL_SELECTOR = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], summary, label, input, select, textarea';
