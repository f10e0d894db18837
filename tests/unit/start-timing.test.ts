import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MARKER, prerenderedFor } from '../../src/app/prerender-marker';
import { startsAtOnce as startsAtOnceFor } from '../../src/app/start-timing';

/** As the entry asks it: the address, and whether the page's HTML was prerendered for it. */
const startsAtOnce = (path: string, marker: string | undefined) => startsAtOnceFor(path, prerenderedFor(marker, path));

describe('startsAtOnce', () => {
  it.each([
    ['/studio', '/studio'],
    ['/settings', '/settings'],
    ['/room/abc123', '/room/$roomId'],
  ])('the app page %s starts at once', (path, marker) => {
    expect(startsAtOnce(path, marker)).toBe(true);
  });

  it.each([
    ['/', '/'],
    ['/features', '/features'],
    ['/how-to/record-gameplay', '/how-to/record-gameplay'],
    ['/vs/loom/', '/vs/loom'],
  ])('the content page %s waits until it is up', (path, marker) => {
    expect(startsAtOnce(path, marker)).toBe(false);
  });

  it('a page whose HTML was rendered for another address starts at once, to fit it', () => {
    expect(startsAtOnce('/no/such/page', NOT_FOUND_MARKER)).toBe(true);
    expect(startsAtOnce('/features', '/help')).toBe(true);
    expect(startsAtOnce('/features', undefined)).toBe(true);
  });

  it('a content page whose address only begins like an app page is still a content page', () => {
    expect(startsAtOnce('/studios', '/studios')).toBe(false);
  });
});
