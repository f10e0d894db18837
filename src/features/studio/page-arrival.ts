/**
 * Whether the studio may turn the camera on without being asked in this page (the webcam modes bring
 * the webcam up on their own). Someone who reached the studio inside Framecast (a link in the app, or a
 * page of ours that loaded it) chose to be there. A link from another site, or a visit with no referrer
 * at all (which another site can arrange), chose nothing for them: the camera, and with it auto-start,
 * waits for a click in the page. The browser's own "has been active" flag cannot tell these apart:
 * Chromium carries it over a link click into the next document, even one on another origin.
 */
export interface PageArrival {
  /** `document.referrer`: empty when the browser withheld it. */
  referrer: string;
  /** This page's own origin. */
  origin: string;
  /** The path this document was first loaded at (its navigation entry). */
  landingPath: string;
  /** The path shown now. */
  path: string;
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function mayOpenCameraUnasked({ referrer, origin, landingPath, path }: PageArrival): boolean {
  // The document began on another page of the app, so the person navigated here inside it.
  if (withoutTrailingSlash(landingPath) !== withoutTrailingSlash(path)) return true;
  if (!URL.canParse(referrer)) return false;
  return new URL(referrer).origin === origin;
}

/** Keys that move around the page or do nothing on their own; pressing them is not asking for anything. */
const NAVIGATION_KEYS = new Set(['Tab', 'Shift', 'Escape', 'Alt', 'Control', 'Meta', 'CapsLock']);

/** Whether a key press is a person acting in the page (choosing, typing), not just moving focus. */
export function isActingKey(key: string): boolean {
  return !NAVIGATION_KEYS.has(key);
}
