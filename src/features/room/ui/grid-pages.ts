/**
 * Which tiles a page of the room's grid shows. Past a page, the rest wait on later pages; their sound
 * still plays (OffPageSound), and the participant list names everyone.
 */

/** Nine tiles (three by three) on a wide screen, four (two by two) on a narrow one. */
export const TILES_PER_PAGE = { wide: 9, narrow: 4 } as const;

export interface GridPage<T> {
  shown: T[];
  offPage: T[];
  /** The page shown, from 0, within the pages there are now (a page emptied by people leaving is left). */
  page: number;
  pageCount: number;
}

export function gridPage<T>(items: readonly T[], requested: number, size: number): GridPage<T> {
  const perPage = Math.max(1, Math.floor(size));
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const page = Math.min(Math.max(0, Math.floor(requested)), pageCount - 1);
  const start = page * perPage;
  return {
    shown: items.slice(start, start + perPage),
    offPage: [...items.slice(0, start), ...items.slice(start + perPage)],
    page,
    pageCount,
  };
}
