import { PAGE_METAS } from '../../../src/app/route-list';

/** Every route of the product with a concrete path (the room route with a sample id). */
export const ALL_ROUTES: readonly string[] = [...PAGE_METAS.map((m) => m.path), '/room/test-room-1'];
