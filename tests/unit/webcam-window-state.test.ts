import { describe, expect, it } from 'vitest';
import { documentPip } from '../../src/features/webcam-window/pip-support';
import { isTrackConnected } from '../../src/features/webcam-window/track-status';
import { DEFAULT_WINDOW_STATE, parseWindowState, serializeWindowState } from '../../src/features/webcam-window/window-state';

describe('remembered window state', () => {
  it('round-trips what the window saves', () => {
    const state = { rect: { x: 40, y: 60, width: 260, height: 260 }, shape: 'circle', minimized: true } as const;
    expect(parseWindowState(serializeWindowState(state))).toEqual(state);
  });

  it.each([null, '', 'nope', '[]', 'null', '42', '{"rect":"big"}'])('gives the defaults for %j', (text) => {
    expect(parseWindowState(text)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('keeps the valid parts and corrects the rest', () => {
    expect(parseWindowState(JSON.stringify({ rect: { x: 10, y: 10, width: 320, height: 240 }, shape: 'hexagon', minimized: 'yes' }))).toEqual({
      rect: { x: 10, y: 10, width: 320, height: 240 },
      shape: 'rectangle',
      minimized: false,
    });
    expect(parseWindowState(JSON.stringify({ rect: { x: 'a', y: 0, width: 1, height: 1 }, shape: 'square' }))).toEqual({
      rect: null,
      shape: 'square',
      minimized: false,
    });
  });

  it('never trusts a stored size below the minimum or a square that is not square', () => {
    expect(parseWindowState(JSON.stringify({ rect: { x: 0, y: 0, width: 20, height: 10 }, shape: 'rectangle' })).rect).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 150,
    });
    expect(parseWindowState(JSON.stringify({ rect: { x: 0, y: 0, width: 400, height: 250 }, shape: 'circle' })).rect).toEqual({
      x: 0,
      y: 0,
      width: 250,
      height: 250,
    });
  });
});

describe('Document Picture-in-Picture detection', () => {
  const requestWindow = () => Promise.resolve({} as Window);

  it('finds the API where the browser has it', () => {
    const api = { requestWindow, window: null };
    expect(documentPip({ documentPictureInPicture: api })).toBe(api);
  });

  it.each([
    ['no global object', undefined],
    ['null', null],
    ['a window without the API', {}],
    ['the API set to null', { documentPictureInPicture: null }],
    ['the API without requestWindow', { documentPictureInPicture: {} }],
    ['requestWindow that is not a function', { documentPictureInPicture: { requestWindow: true } }],
  ])('reports it missing for %s, so no pop-out button is shown', (_label, scope) => {
    expect(documentPip(scope)).toBeNull();
  });
});

describe('connection status', () => {
  it('is connected only for a live, unmuted track', () => {
    expect(isTrackConnected({ readyState: 'live', muted: false })).toBe(true);
    expect(isTrackConnected({ readyState: 'ended', muted: false })).toBe(false);
    expect(isTrackConnected({ readyState: 'live', muted: true })).toBe(false);
    expect(isTrackConnected(null)).toBe(false);
    expect(isTrackConnected(undefined)).toBe(false);
  });
});
