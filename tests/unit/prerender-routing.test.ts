import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MARKER, prerenderedFor } from '../../src/app/prerender-marker';
import { pageFileFor } from '../../src/app/prerendered-files';

describe('prerenderedFor', () => {
  it('hydrates a page only at the address it was rendered for', () => {
    expect(prerenderedFor('/about', '/about')).toBe(true);
    expect(prerenderedFor('/about', '/about/')).toBe(true);
    expect(prerenderedFor('/', '/')).toBe(true);
    expect(prerenderedFor('/about', '/help')).toBe(false);
    expect(prerenderedFor('/', '/about')).toBe(false);
    expect(prerenderedFor('/for/teachers', '/for/gaming')).toBe(false);
  });

  it('matches a route pattern against any value of its parameter', () => {
    expect(prerenderedFor('/room/$roomId', '/room/abc-123')).toBe(true);
    expect(prerenderedFor('/room/$roomId', '/room')).toBe(false);
    expect(prerenderedFor('/room/$roomId', '/room/a/b')).toBe(false);
  });

  it('never hydrates the not-found page or unmarked HTML', () => {
    expect(prerenderedFor(NOT_FOUND_MARKER, '/anything')).toBe(false);
    expect(prerenderedFor(undefined, '/')).toBe(false);
    expect(prerenderedFor('', '/')).toBe(false);
  });
});

describe('pageFileFor', () => {
  const files = new Set(['index.html', 'about/index.html', 'how-to/record-gameplay/index.html', 'room/index.html', '404.html']);
  const exists = (f: string) => files.has(f);

  it('serves each route its own prerendered file, with or without a trailing slash', () => {
    expect(pageFileFor('/', exists)).toEqual({ file: 'index.html', status: 200 });
    expect(pageFileFor('/about', exists)).toEqual({ file: 'about/index.html', status: 200 });
    expect(pageFileFor('/about/', exists)).toEqual({ file: 'about/index.html', status: 200 });
    expect(pageFileFor('/how-to/record-gameplay', exists)).toEqual({ file: 'how-to/record-gameplay/index.html', status: 200 });
  });

  it('serves the room template for any room id, and only for one path segment', () => {
    expect(pageFileFor('/room/xyz', exists)).toEqual({ file: 'room/index.html', status: 200 });
    expect(pageFileFor('/room/xyz/extra', exists).status).toBe(404);
  });

  it('serves the not-found page with 404 for unknown paths and escapes', () => {
    expect(pageFileFor('/nope', exists)).toEqual({ file: '404.html', status: 404 });
    expect(pageFileFor('/how-to/juggle-chainsaws', exists)).toEqual({ file: '404.html', status: 404 });
    expect(pageFileFor('/../about', exists)).toEqual({ file: '404.html', status: 404 });
  });
});
