/** The server's settings as read from its environment: media servers are all four Janus settings or none. */
import { describe, expect, it } from 'vitest';
import { readMediaServerForwards, readSignalingEnv } from '../../server/create-server';

const JANUS = {
  JANUS_URL: 'http://127.0.0.1:8088/janus',
  JANUS_ADMIN_URL: 'http://127.0.0.1:7088/admin',
  JANUS_SECRET: 'shared',
  JANUS_PUBLIC_URL: 'wss://media.example.com/janus',
};

describe('signaling settings', () => {
  it('without Janus settings, rooms are a mesh', () => {
    expect(readSignalingEnv({}).mediaServers).toEqual([]);
  });

  it('with all four, the server has a media server', () => {
    expect(readSignalingEnv(JANUS).mediaServers).toEqual([
      {
        url: JANUS.JANUS_URL,
        adminUrl: JANUS.JANUS_ADMIN_URL,
        secret: JANUS.JANUS_SECRET,
        publicUrl: JANUS.JANUS_PUBLIC_URL,
      },
    ]);
  });

  it('several media servers are listed in the same order, with one secret for all or one each', () => {
    const two = {
      JANUS_URL: 'http://janus-a:8088/janus, http://janus-b:8088/janus',
      JANUS_ADMIN_URL: 'http://janus-a:7088/admin,http://janus-b:7088/admin',
      JANUS_PUBLIC_URL: 'wss://a.example.com/janus,wss://b.example.com/janus',
    };
    expect(readSignalingEnv({ ...two, JANUS_SECRET: 'shared' }).mediaServers).toEqual([
      { url: 'http://janus-a:8088/janus', adminUrl: 'http://janus-a:7088/admin', secret: 'shared', publicUrl: 'wss://a.example.com/janus' },
      { url: 'http://janus-b:8088/janus', adminUrl: 'http://janus-b:7088/admin', secret: 'shared', publicUrl: 'wss://b.example.com/janus' },
    ]);
    expect(readSignalingEnv({ ...two, JANUS_SECRET: 'one,two' }).mediaServers.map((server) => server.secret)).toEqual(['one', 'two']);
    // A list one short is a mistake, not a server fewer.
    expect(() => readSignalingEnv({ ...two, JANUS_SECRET: 'x', JANUS_PUBLIC_URL: 'wss://a.example.com/janus' })).toThrow(/same media servers in the same order/);
    expect(() => readSignalingEnv({ ...two, JANUS_SECRET: 'one,two,three' })).toThrow(/one each/);
  });

  it('half a configuration stops the server with a message instead of falling back to a mesh', () => {
    for (const missing of Object.keys(JANUS)) {
      const partial: Record<string, string> = { ...JANUS, [missing]: ' ' };
      expect(() => readSignalingEnv(partial), missing).toThrow(/set all four, or none/);
    }
  });

  it('each media server on a path of the app’s origin is passed through to its own Janus', () => {
    const forwards = readMediaServerForwards({ JANUS_PUBLIC_URL: '/janus-a, wss://b.example.com/janus, /janus-c', JANUS_WS_URL: 'ws://10.0.0.1:8188, , ws://10.0.0.3:8188/' });
    expect([...forwards].map(([path, to]) => [path, to.host])).toEqual([
      ['/janus-a', '10.0.0.1:8188'],
      ['/janus-c', '10.0.0.3:8188'],
    ]);
    expect(() => readMediaServerForwards({ JANUS_PUBLIC_URL: '/janus-a,/janus-b', JANUS_WS_URL: 'ws://10.0.0.1:8188' })).toThrow(/same place of its list/);
    expect(() => readMediaServerForwards({ JANUS_PUBLIC_URL: '/janus-a', JANUS_WS_URL: 'wss://10.0.0.1:8188' })).toThrow(/ws:\/\//);
  });

  it('TRUST_PROXY is the number of proxies in front ("true" is one); anything else trusts none', () => {
    expect([undefined, '1', 'true', '2', '0', 'yes', '-1'].map((value) => readSignalingEnv({ TRUST_PROXY: value }).trustProxy)).toEqual([0, 1, 1, 2, 0, 0, 0]);
  });
});
