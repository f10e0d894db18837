import { describe, expect, it } from 'vitest';
import { spotlightOf } from '../../src/features/room/ui/spotlight';

const room = [
  { id: 'me', isLocal: true },
  { id: 'ann', isLocal: false },
  { id: 'bo', isLocal: false },
];

describe('who the room shows large', () => {
  it('is nobody in the plain grid', () => {
    expect(spotlightOf(room, null, false, 'bo')).toBeNull();
  });

  it('is the pinned participant, in either view, and anyone may be pinned', () => {
    expect(spotlightOf(room, 'ann', false, null)).toEqual({ id: 'ann', why: 'pinned' });
    expect(spotlightOf(room, 'me', true, 'bo')).toEqual({ id: 'me', why: 'pinned' });
  });

  it('in Speaker view is the active speaker, or the first of the others until someone is heard', () => {
    expect(spotlightOf(room, null, true, 'bo')).toEqual({ id: 'bo', why: 'speaker' });
    expect(spotlightOf(room, null, true, null)).toEqual({ id: 'ann', why: 'speaker' });
  });

  it('forgets a pin or a speaker who has left', () => {
    expect(spotlightOf(room, 'gone', false, null)).toBeNull();
    expect(spotlightOf(room, 'gone', true, 'gone')).toEqual({ id: 'ann', why: 'speaker' });
    expect(spotlightOf([room[0] ?? { id: 'me', isLocal: true }], null, true, null)).toBeNull();
  });
});
