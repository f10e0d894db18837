import { PAGE_METAS } from '../../../src/app/route-list';

/** Every route of the product with a concrete path (the room route with a sample id). */
export const ALL_ROUTES: readonly string[] = [...PAGE_METAS.map((m) => m.path), '/room/test-room-1'];

/**
 * How long a test that loads `pages` pages one after another may take: a budget per page on a loaded
 * two-core machine plus a start (a browser's first load, a service worker installing), so a site
 * that grows, or a slower machine, does not outrun one fixed total.
 */
export function everyPageTimeout(pages: number): number {
  return 60_000 + pages * 5_000;
}
