/** The server's settings as read from its environment: a media server is all four Janus settings or none. */
import { describe, expect, it } from 'vitest';
import { readSignalingEnv } from '../../server/create-server';

const JANUS = {
  JANUS_URL: 'http://127.0.0.1:8088/janus',
  JANUS_ADMIN_URL: 'http://127.0.0.1:7088/admin',
  JANUS_SECRET: 'shared',
  JANUS_PUBLIC_URL: 'wss://media.example.com/janus',
};

describe('signaling settings', () => {
  it('without Janus settings, rooms are a mesh', () => {
    expect(readSignalingEnv({}).mediaServer).toBeNull();
  });

  it('with all four, the server has a media server', () => {
    expect(readSignalingEnv(JANUS).mediaServer).toEqual({
      url: JANUS.JANUS_URL,
      adminUrl: JANUS.JANUS_ADMIN_URL,
      secret: JANUS.JANUS_SECRET,
      publicUrl: JANUS.JANUS_PUBLIC_URL,
    });
  });

  it('half a configuration stops the server with a message instead of falling back to a mesh', () => {
    for (const missing of Object.keys(JANUS)) {
      const partial: Record<string, string> = { ...JANUS, [missing]: ' ' };
      expect(() => readSignalingEnv(partial), missing).toThrow(/set all four, or none/);
    }
  });
});
