import { describe, expect, it } from 'vitest';
import { LAYER_REQUEST_RETRIES, layerRequestDue, layersFor, substreamFor, type LayerChoice, type LayerRequest } from '../../src/features/room/sfu/simulcast';
import { EVERY_TILE } from '../../src/features/room/tile-view';

const everyone = ['ann', 'bo', 'cy', 'di', 'ed'];
const asObject = (layers: Map<string, unknown>) => Object.fromEntries(layers);

describe('the layer each tile takes through the media server', () => {
  it('follows how many tiles share the grid when nobody is pinned', () => {
    expect(asObject(layersFor(everyone.slice(0, 3), EVERY_TILE))).toEqual({ ann: 2, bo: 2, cy: 2 });
    expect(asObject(layersFor(everyone, EVERY_TILE))).toEqual({ ann: 1, bo: 1, cy: 1, di: 1, ed: 1 });
    expect(substreamFor(9)).toBe(0);
  });

  it('gives a pinned tile the full layer and the thumbnails beside it the quarter', () => {
    expect(asObject(layersFor(everyone, { visible: null, pinned: 'cy' }))).toEqual({ ann: 0, bo: 0, cy: 2, di: 0, ed: 0 });
    // Even with two others: beside a pinned tile they are thumbnails.
    expect(asObject(layersFor(['ann', 'bo', 'cy'], { visible: null, pinned: 'ann' }))).toEqual({ ann: 2, bo: 0, cy: 0 });
  });

  it('pauses video off the screen, and counts only the tiles on it', () => {
    expect(asObject(layersFor(everyone, { visible: new Set(['ann', 'bo']), pinned: null }))).toEqual({ ann: 2, bo: 2, cy: 'off', di: 'off', ed: 'off' });
    expect(asObject(layersFor(everyone, { visible: new Set(['ann', 'bo', 'ed']), pinned: 'ed' }))).toEqual({ ann: 0, bo: 0, cy: 'off', di: 'off', ed: 2 });
  });

  it('makes thumbnails of the others when the pinned tile is this participant’s own', () => {
    expect(asObject(layersFor(['ann', 'bo'], { visible: null, pinned: 'me' }))).toEqual({ ann: 0, bo: 0 });
  });
});

describe('a layer request made again', () => {
  const request = (asked: LayerChoice | null, relaying: number | null, changes: Partial<LayerRequest> = {}): LayerRequest => ({ asked, relaying, failed: false, tries: 1, ...changes });

  it('when Janus relays a larger layer than the one asked, or the request failed', () => {
    // Seen at Janus: half asked, full relayed, after the request's key frames came smallest first.
    const due = [request(1, 2), request(0, 1), request(0, 2), request('off', null, { failed: true }), request(1, 1, { failed: true })];
    // The layer asked; below it, Janus's own fallback while that layer sends nothing; paused, not yet
    // asked, or not yet told.
    const notDue = [request(1, 1), request(2, 1), request('off', 2), request(null, 2), request(1, null), request(null, null, { failed: true })];
    for (const r of due) expect(layerRequestDue(r), JSON.stringify(r)).toBe(true);
    for (const r of notDue) expect(layerRequestDue(r), JSON.stringify(r)).toBe(false);
  });

  it(`a few times at most: a layer the sender never sends is not asked for again and again`, () => {
    expect(layerRequestDue(request(0, 1, { tries: LAYER_REQUEST_RETRIES }))).toBe(true);
    expect(layerRequestDue(request(0, 1, { tries: LAYER_REQUEST_RETRIES + 1 }))).toBe(false);
    expect(layerRequestDue(request('off', null, { failed: true, tries: LAYER_REQUEST_RETRIES + 1 }))).toBe(false);
  });
});
