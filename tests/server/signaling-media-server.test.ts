/**
 * Rooms through a media server: our signaling server, on one node or two behind Redis, decides who
 * gets into the room's Janus room and puts out whoever it removes. Real Janus, real Redis.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_ERRORS, type MediaServerAccess } from '../../src/protocol';
import { hasJanus, startJanus, type JanusProcess } from './janus-process';
import { JanusParticipant } from './janus-participant';
import { hasRedisServer, startRedis, type RedisProcess } from './redis-server-process';
import { ask, next, startHarness, type Harness, type JoinAck } from './signaling-harness';
import { placeRoom } from '../../server/sfu/media-servers';
import { MediaServer } from '../../server/sfu/media-server';

const available = (hasJanus() && hasRedisServer()) || process.env.CI === 'true';

interface AccessAck {
  success: boolean;
  error?: string;
  access?: MediaServerAccess;
}

describe.skipIf(!available)('signaling server with a media server', { timeout: 15_000 }, () => {
  let janus: JanusProcess;
  let redis: RedisProcess;
  const harnesses: Harness[] = [];
  const sessions: JanusParticipant[] = [];

  beforeAll(async () => {
    [janus, redis] = await Promise.all([startJanus(), startRedis()]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([janus.stop(), redis.stop()]);
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
    await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
  });

  const mediaServer = () => ({ url: janus.url, adminUrl: janus.adminUrl, secret: janus.secret, publicUrl: janus.wsUrl });
  const node = async (withRedis = false) => {
    const harness = await startHarness({ mediaServer: mediaServer(), ...(withRedis ? { redisUrl: redis.url } : {}) });
    harnesses.push(harness);
    return harness;
  };
  const enter = async (access: MediaServerAccess | undefined, janusUrl = janus.url) => {
    if (!access) throw new Error('no access given');
    const session = await JanusParticipant.open(janusUrl, access.token);
    sessions.push(session);
    expect(await session.join(access.room, access.id, access.token)).toMatchObject({ videoroom: 'joined', id: access.id });
    return session;
  };

  /** A host on `hostNode` and an admitted guest on `guestNode`, each with its media access. */
  async function roomOf(roomId: string, hostNode: Harness, guestNode: Harness, mediaUrl = janus.wsUrl) {
    const host = await hostNode.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId, participantName: 'Ada' });
    const guest = await guestNode.client();
    const request = next<{ guest: { id: string } }>(host, 'guest-request');
    const guestAck = await ask<JoinAck>(guest, 'join-room', { roomId, participantName: 'Bo' });
    await request;
    // Waiting is not being in: no access yet.
    expect(await ask<AccessAck>(guest, 'media-server-access', { roomId })).toEqual({ success: false, error: ROOM_ERRORS.notInRoom });
    const joined = next<{ mediaServer?: boolean }>(guest, 'room-joined');
    await ask(host, 'approve-guest', { roomId, guestId: guestAck.selfId });
    // Both learn that the room's media goes through the media server.
    expect(hostAck.mediaServer).toBe(true);
    expect((await joined).mediaServer).toBe(true);
    const hostAccess = await ask<AccessAck>(host, 'media-server-access', { roomId });
    const guestAccess = await ask<AccessAck>(guest, 'media-server-access', { roomId });
    expect(hostAccess).toMatchObject({ success: true, access: { url: mediaUrl } });
    expect(guestAccess).toMatchObject({ success: true, access: { url: mediaUrl } });
    expect(hostAccess.access?.id.startsWith(`${hostAck.selfId ?? ''}.`)).toBe(true);
    expect(guestAccess.access?.id.startsWith(`${guestAck.selfId ?? ''}.`)).toBe(true);
    return { host, guest, guestId: guestAck.selfId, hostAccess: hostAccess.access, guestAccess: guestAccess.access };
  }

  it('gives members access, and a kick puts the guest out of the media room within 2 s, for good', async () => {
    const server = await node();
    const { host, guestId, guestAccess, hostAccess } = await roomOf('sfu-one', server, server);
    const hostSession = await enter(hostAccess);
    const guestSession = await enter(guestAccess);
    const kicked = Date.now();
    await ask(host, 'kick-participant', { roomId: 'sfu-one', participantId: guestId });
    await guestSession.next((data) => data.reason === 'kicked');
    expect(Date.now() - kicked).toBeLessThan(2000);
    // The host's page hears Janus say so.
    await hostSession.next((data) => data.kicked === guestAccess?.id);
    await expect(JanusParticipant.open(janus.url, guestAccess?.token)).rejects.toThrow(/403/);
  });

  it('a room ended by its host closes its media room; a client of no room gets nothing', async () => {
    const server = await node();
    const { host, guest, hostAccess } = await roomOf('sfu-two', server, server);
    await enter(hostAccess);
    const ended = next(guest, 'room-ended');
    host.emit('leave-room', { roomId: 'sfu-two' });
    await ended;
    await server.server.node.settled();
    await expect(JanusParticipant.open(janus.url, hostAccess?.token)).rejects.toThrow(/403/);
    const stranger = await server.client();
    expect(await ask<AccessAck>(stranger, 'media-server-access', { roomId: 'sfu-two' })).toEqual({ success: false, error: ROOM_ERRORS.notInRoom });
  });

  it('across two nodes: the guest admitted on one is kicked by a host on the other', async () => {
    const [a, b] = [await node(true), await node(true)];
    const { host, guestId, guestAccess } = await roomOf('sfu-three', a, b);
    const guestSession = await enter(guestAccess);
    await ask(host, 'kick-participant', { roomId: 'sfu-three', participantId: guestId });
    await guestSession.next((data) => data.reason === 'kicked');
    await expect(JanusParticipant.open(janus.url, guestAccess?.token)).rejects.toThrow(/403/);
  });

  it('rooms spread over two media servers: each room’s members get the one it was placed on, on every node, and its kick puts the guest out there', async () => {
    const second = await startJanus();
    try {
      const servers = [mediaServer(), { url: second.url, adminUrl: second.adminUrl, secret: second.secret, publicUrl: second.wsUrl }];
      const [a, b] = [await startHarness({ mediaServer: servers, redisUrl: redis.url }), await startHarness({ mediaServer: servers, redisUrl: redis.url })];
      harnesses.push(a, b);
      const names = servers.map((server) => server.url);
      const roomOn = (name: string) => {
        for (let i = 0; ; i++) if (placeRoom(`spread-${String(i)}`, names) === name) return `spread-${String(i)}`;
      };

      // A room placed on the second server: host on one node, guest on the other, both sent there.
      const onSecond = roomOn(second.url);
      const { host, guestId, guestAccess, hostAccess } = await roomOf(onSecond, a, b, second.wsUrl);
      await enter(hostAccess, second.url);
      const guestSession = await enter(guestAccess, second.url);
      // The first server never heard of this room's members.
      await expect(JanusParticipant.open(janus.url, guestAccess?.token)).rejects.toThrow(/403/);
      await ask(host, 'kick-participant', { roomId: onSecond, participantId: guestId });
      await guestSession.next((data) => data.reason === 'kicked');
      await expect(JanusParticipant.open(second.url, guestAccess?.token)).rejects.toThrow(/403/);

      // And a room placed on the first server goes there.
      const { hostAccess: firstHost } = await roomOf(roomOn(janus.url), b, a, janus.wsUrl);
      await enter(firstHost);
    } finally {
      await Promise.all(sessions.splice(0).map((session) => session.close()));
      await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
      await second.stop();
    }
  }, 30_000);

  it('any node finishes what a dead node could not take back: a member removed behind Janus’s back is put out, and a room gone takes its Janus room and tokens', async () => {
    const server = await startHarness({ mediaServer: mediaServer(), mediaReconcileMs: 200 });
    harnesses.push(server);
    const { guestId, guestAccess, hostAccess } = await roomOf('sfu-lost', server, server);
    await enter(hostAccess);
    const guestSession = await enter(guestAccess);
    const janusSide = new MediaServer(mediaServer());
    try {
      // The guest's removal is stored, but the node that applied it died before it reached Janus.
      await server.server.store.update('sfu-lost', (record) => ({
        record: record && { ...record, authority: { ...record.authority, participants: record.authority.participants.filter((p) => p.id !== guestId) } },
        result: null,
      }));
      // What Janus says to a session opened with `token`: the refusal, or that it opened.
      const answer = (token: string | undefined) =>
        JanusParticipant.open(janus.url, token).then(
          async (session) => {
            await session.close();
            return 'opened';
          },
          (error: unknown) => String(error),
        );
      const refused = async (token: string | undefined) => (await answer(token)) !== 'opened';
      await guestSession.next((data) => data.reason === 'kicked');
      // The kick and the token's removal are two requests of one pass: the kick can arrive first.
      await expect.poll(() => answer(guestAccess?.token), { timeout: 5000 }).toMatch(/403/);
      // The host, still a member, stays.
      expect(await janusSide.participants('sfu-lost')).toEqual([hostAccess?.id]);
      expect(await refused(hostAccess?.token)).toBe(false);

      // The room is gone from the store without its end reaching Janus.
      expect(await janusSide.rooms()).toContain('sfu-lost');
      await server.server.store.update('sfu-lost', () => ({ record: null, result: null }));
      await expect.poll(() => refused(hostAccess?.token), { timeout: 5000 }).toBe(true);
      expect(await janusSide.rooms()).not.toContain('sfu-lost');
    } finally {
      await janusSide.close();
    }
  });

  it('a room through the media server takes more than a mesh’s 8 people', async () => {
    const server = await node();
    const host = await server.client();
    await ask<JoinAck>(host, 'join-room', { roomId: 'sfu-class', participantName: 'Teacher' });
    for (let i = 1; i <= 9; i++) {
      const pupil = await server.client();
      const request = next(host, 'guest-request');
      const ack = await ask<JoinAck>(pupil, 'join-room', { roomId: 'sfu-class', participantName: `Pupil ${String(i)}` });
      await request;
      const joined = next(pupil, 'room-joined');
      expect(await ask(host, 'approve-guest', { roomId: 'sfu-class', guestId: ack.selfId })).toEqual({ success: true });
      await joined;
    }
    expect((await server.server.store.get('sfu-class'))?.authority.participants).toHaveLength(10);
  });

  it('without a media server the room stays peer to peer; with Janus down the member is told, and the server goes on', async () => {
    const plain = await startHarness();
    harnesses.push(plain);
    const alone = await plain.client();
    expect((await ask<JoinAck>(alone, 'join-room', { roomId: 'mesh', participantName: 'Ada' })).mediaServer).toBeUndefined();
    expect(await ask<AccessAck>(alone, 'media-server-access', { roomId: 'mesh' })).toEqual({ success: false, error: ROOM_ERRORS.noMediaServer });

    const broken = await startHarness({ mediaServer: { ...mediaServer(), url: 'http://127.0.0.1:9/janus' } });
    harnesses.push(broken);
    const host = await broken.client();
    await ask<JoinAck>(host, 'join-room', { roomId: 'sfu-down', participantName: 'Ada' });
    expect(await ask<AccessAck>(host, 'media-server-access', { roomId: 'sfu-down' })).toEqual({ success: false, error: ROOM_ERRORS.mediaServerDown });
    expect(broken.logged.some((line) => line.startsWith('media server access'))).toBe(true);
    expect(await ask<JoinAck>(await broken.client(), 'join-room', { roomId: 'sfu-down-2', participantName: 'Cy' })).toMatchObject({ success: true });
  });
});

