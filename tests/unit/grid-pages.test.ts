import { describe, expect, it } from 'vitest';
import { gridPage } from '../../src/features/room/ui/grid-pages';

const people = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1)}`);

describe('the room grid’s pages', () => {
  it('shows everyone on one page while they fit', () => {
    expect(gridPage(people(9), 0, 9)).toEqual({ shown: people(9), offPage: [], page: 0, pageCount: 1 });
    expect(gridPage([], 0, 9)).toEqual({ shown: [], offPage: [], page: 0, pageCount: 1 });
  });

  it('splits a class of 30 into pages of nine, the rest off the page', () => {
    const all = people(30);
    const third = gridPage(all, 2, 9);
    expect(third.pageCount).toBe(4);
    expect(third.shown).toEqual(all.slice(18, 27));
    expect(third.offPage).toEqual([...all.slice(0, 18), ...all.slice(27)]);
    expect(gridPage(all, 3, 9).shown).toEqual(all.slice(27));
  });

  it('keeps the page asked for within the pages there are, when people leave or the screen narrows', () => {
    expect(gridPage(people(10), 5, 9)).toMatchObject({ page: 1, pageCount: 2, shown: ['p10'] });
    expect(gridPage(people(9), 1, 9)).toMatchObject({ page: 0, pageCount: 1 });
    expect(gridPage(people(5), -1, 4)).toMatchObject({ page: 0, shown: people(4), offPage: ['p5'] });
  });
});
