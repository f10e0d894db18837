/**
 * Two signaling nodes sharing one real Redis: rooms and events cross nodes, two first joins racing on
 * two nodes give one host, and a node restarted within the grace period keeps its clients' places.
 */
import { io as connect } from 'socket.io-client';
import { createClient } from 'redis';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { ROOM_ERRORS } from '../../src/protocol/protocol';
import { ask, next, record, settle, startHarness, type Harness, type JoinAck } from './signaling-harness';
import { hasRedisServer, startRedis, type RedisProcess } from './redis-server-process';


// Rooms outlive a test in Redis (a closed node leaves its clients' places for them to resume): each
// test gets a room of its own.
let rooms = 0;
let ROOM = 'shared-room-0';
// CI installs redis-server (scripts/install-system-deps.sh); a developer without it skips these.
const available = hasRedisServer() || process.env.CI === 'true';

describe.runIf(available)('signaling across two nodes through Redis', () => {
  let redis: RedisProcess;
  const harnesses: Harness[] = [];
  const node = async (options: { port?: number } = {}) => {
    const harness = await startHarness({ redisUrl: redis.url, resumeGraceMs: 10_000, ...options });
    harnesses.push(harness);
    return harness;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    rooms += 1;
    ROOM = `shared-room-${String(rooms)}`;
  });

  it('a host on node 1 and a guest on node 2 meet: request, approval, and negotiation cross nodes', async () => {
    const one = await node();
    const two = await node();
    const host = await one.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId: ROOM, participantName: 'Ada' });
    expect(hostAck.isHost).toBe(true);
    const guest = await two.client();
    const request = next<{ guest: { id: string } }>(host, 'guest-request');
    const guestAck = await ask<JoinAck>(guest, 'join-room', { roomId: ROOM, participantName: 'Bo' });
    expect(guestAck.pending).toBe(true);
    expect((await request).guest.id).toBe(guestAck.selfId);

    const joined = next<{ participants: unknown[] }>(guest, 'room-joined');
    expect(await ask(host, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId })).toEqual({ success: true });
    expect((await joined).participants).toHaveLength(2);

    const offer = next<{ from: string }>(host, 'signaling-message');
    guest.emit('signaling-message', { type: 'offer', data: { connectionId: 'c1', description: { type: 'offer', sdp: 'v=0' } }, from: 'forged', to: hostAck.selfId, roomId: ROOM });
    expect((await offer).from).toBe(guestAck.selfId);
    const answer = next<{ from: string }>(guest, 'signaling-message');
    host.emit('signaling-message', { type: 'answer', data: { connectionId: 'c1', description: { type: 'answer', sdp: 'v=0' } }, from: 'x', to: guestAck.selfId, roomId: ROOM });
    expect((await answer).from).toBe(hostAck.selfId);
  });

  it('a node lists only the rooms it holds a place in: refused joins and resumes for made-up rooms list nothing', async () => {
    const one = await node();
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      const listed = `framecast:node-rooms:${one.server.node.nodeId}`;
      const client = await one.client();
      for (let i = 0; i < 10; i++) {
        const ack = await ask<JoinAck>(client, 'join-room', { roomId: `made-up-${String(i)}`, participantName: 'Eve', resumeToken: 'not-a-token' });
        expect(ack.error).toBe(ROOM_ERRORS.placeExpired);
      }
      for (let i = 0; i < 10; i++) {
        const refused = connect(one.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: { roomId: `made-up-handshake-${String(i)}`, resumeToken: 'not-a-token' } });
        one.clients.push(refused);
        await new Promise<void>((resolve) => {
          refused.once('connect', () => {
            resolve();
          });
          refused.once('connect_error', () => {
            resolve();
          });
        });
      }
      expect(await admin.sMembers(listed)).toEqual([]);
      // A real join lists its room, at once.
      const host = await one.client();
      await ask<JoinAck>(host, 'join-room', { roomId: ROOM, participantName: 'Ada' });
      expect(await admin.sMembers(listed)).toEqual([ROOM]);
    } finally {
      await admin.quit();
    }
  });

  it('first joins racing on two nodes give exactly one host', async () => {
    const one = await node();
    const two = await node();
    const clients = await Promise.all([one.client(), two.client(), one.client(), two.client()]);
    const acks = await Promise.all(clients.map((c, i) => ask<JoinAck>(c, 'join-room', { roomId: ROOM, participantName: `P${String(i)}` })));
    expect(acks.filter((a) => a.isHost)).toHaveLength(1);
    expect(acks.filter((a) => a.pending)).toHaveLength(3);
  });

  it('node 2 restarted within the grace period: its guest rejoins with its token and keeps its place', async () => {
    const one = await node();
    let two = await node();
    const port = Number(new URL(two.url).port);
    const host = await one.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId: ROOM, participantName: 'Ada' });
    expect(hostAck.isHost).toBe(true);
    const guest = await two.client();
    const guestAck = await ask<JoinAck>(guest, 'join-room', { roomId: ROOM, participantName: 'Bo' });
    expect(await ask(host, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId })).toEqual({ success: true });

    const hostSeen = record(host);
    await two.close();
    harnesses.splice(harnesses.indexOf(two), 1);
    two = await node({ port });
    const back = await two.client();
    const resumed = await ask<JoinAck>(back, 'join-room', { roomId: ROOM, participantName: 'Bo', resumeToken: guestAck.resumeToken });
    expect(resumed).toMatchObject({ success: true, selfId: guestAck.selfId, isHost: false });

    // Still in the room: negotiation reaches it on the restarted node, and nobody was told it left.
    const offer = next<{ from: string }>(back, 'signaling-message');
    host.emit('signaling-message', { type: 'offer', data: { connectionId: 'c2' }, from: 'x', to: guestAck.selfId, roomId: ROOM });
    expect((await offer).from).toBe(hostAck.selfId);
    await settle(300);
    expect(hostSeen.map((s) => s.event)).not.toContain('participant-left');
  });
});
