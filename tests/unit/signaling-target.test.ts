import { describe, expect, it } from 'vitest';
import { resolveSignalingTarget } from '../../src/features/room/signaling/signaling-target';

const ORIGIN = 'https://app.example';

describe('resolveSignalingTarget', () => {
  it('uses the app’s own origin when nothing is set', () => {
    expect(resolveSignalingTarget(null, undefined, ORIGIN)).toEqual({ kind: 'server', url: ORIGIN });
  });

  it('prefers the build setting to the origin, and the browser’s override to both', () => {
    expect(resolveSignalingTarget(null, 'https://signal.example:3001/', ORIGIN)).toEqual({ kind: 'server', url: 'https://signal.example:3001' });
    expect(resolveSignalingTarget(' http://10.0.0.2:3001 ', 'https://signal.example', ORIGIN)).toEqual({ kind: 'server', url: 'http://10.0.0.2:3001' });
  });

  it('keeps rooms in this browser when either setting says local', () => {
    expect(resolveSignalingTarget('local', 'https://signal.example', ORIGIN)).toEqual({ kind: 'local' });
    expect(resolveSignalingTarget(null, 'LOCAL', ORIGIN)).toEqual({ kind: 'local' });
  });

  it('skips settings that are not http(s) addresses', () => {
    expect(resolveSignalingTarget('ftp://x', 'not a url', ORIGIN)).toEqual({ kind: 'server', url: ORIGIN });
    expect(resolveSignalingTarget(null, undefined, 'file://')).toEqual({ kind: 'local' });
  });
});
