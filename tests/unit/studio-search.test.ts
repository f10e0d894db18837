import { describe, expect, it } from 'vitest';
import { parseStudioSearch } from '../../src/features/studio/studio-search';

describe('parseStudioSearch', () => {
  it('keeps each recording mode a link may preselect', () => {
    for (const mode of ['screen-only', 'webcam-only', 'screen-webcam'] as const) {
      expect(parseStudioSearch({ mode })).toEqual({ mode });
    }
  });

  it('drops unknown, missing or non-string modes', () => {
    expect(parseStudioSearch({})).toEqual({});
    expect(parseStudioSearch({ mode: 'webcam' })).toEqual({});
    expect(parseStudioSearch({ mode: 3 })).toEqual({});
    expect(parseStudioSearch({ mode: 'toString' })).toEqual({});
  });
});
