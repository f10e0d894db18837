/**
 * Which prerendered file answers a page address: the page's own `<path>/index.html`, the one
 * room template for every `/room/<id>`, or the not-found page. The preview server uses it,
 * and the service worker follows the same rules. Pure: existence is asked of the caller.
 */

export const NOT_FOUND_FILE = '404.html';
export const ROOM_TEMPLATE_FILE = 'room/index.html';
const ROOM_PATH = /^\/room\/[^/]+$/;

export interface PageFile {
  readonly file: string;
  readonly status: 200 | 404;
}

export function pageFileFor(pathname: string, exists: (file: string) => boolean): PageFile {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/').filter(Boolean);
  // Never step outside the output folder, whatever the address says.
  if (segments.some((s) => s === '..' || s === '.' || s.includes('\\'))) return { file: NOT_FOUND_FILE, status: 404 };
  const own = segments.length === 0 ? 'index.html' : `${segments.join('/')}/index.html`;
  if (exists(own)) return { file: own, status: 200 };
  if (ROOM_PATH.test(path) && exists(ROOM_TEMPLATE_FILE)) return { file: ROOM_TEMPLATE_FILE, status: 200 };
  return { file: NOT_FOUND_FILE, status: 404 };
}
