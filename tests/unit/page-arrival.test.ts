import { describe, expect, it } from 'vitest';
import { isActingKey, mayOpenCameraUnasked } from '../../src/features/studio/page-arrival';

const origin = 'https://framecast.example';
const landedOnStudio = { origin, landingPath: '/studio', path: '/studio' };

describe('mayOpenCameraUnasked', () => {
  it('allows a studio reached by navigating inside the app, whatever brought the first page', () => {
    expect(mayOpenCameraUnasked({ origin, referrer: 'https://elsewhere.example/', landingPath: '/', path: '/studio' })).toBe(true);
    expect(mayOpenCameraUnasked({ origin, referrer: '', landingPath: '/settings', path: '/studio' })).toBe(true);
  });

  it('allows a studio loaded from one of our own pages', () => {
    expect(mayOpenCameraUnasked({ ...landedOnStudio, referrer: `${origin}/settings` })).toBe(true);
  });

  it('refuses a studio loaded from another site, even one on our host under another port or scheme', () => {
    expect(mayOpenCameraUnasked({ ...landedOnStudio, referrer: 'https://elsewhere.example/page' })).toBe(false);
    expect(mayOpenCameraUnasked({ ...landedOnStudio, referrer: 'https://framecast.example:8443/' })).toBe(false);
    expect(mayOpenCameraUnasked({ ...landedOnStudio, referrer: 'http://framecast.example/' })).toBe(false);
  });

  it('refuses a studio loaded with no referrer, which another site can arrange', () => {
    expect(mayOpenCameraUnasked({ ...landedOnStudio, referrer: '' })).toBe(false);
    expect(mayOpenCameraUnasked({ ...landedOnStudio, referrer: 'not a url' })).toBe(false);
  });

  it('treats /studio and /studio/ as the same page', () => {
    expect(mayOpenCameraUnasked({ origin, referrer: '', landingPath: '/studio/', path: '/studio' })).toBe(false);
  });
});

describe('isActingKey', () => {
  it('counts keys that choose or type, not keys that only move focus', () => {
    expect(['Enter', ' ', 'ArrowDown', 'a'].map(isActingKey)).toEqual([true, true, true, true]);
    expect(['Tab', 'Shift', 'Escape', 'Control'].map(isActingKey)).toEqual([false, false, false, false]);
  });
});
