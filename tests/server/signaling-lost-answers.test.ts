/**
 * A write Redis makes after the node stopped waiting for its answer (a stalled Redis: a slow fork, an
 * AOF stall, a failover). The node must then either deliver what it decided or leave nothing behind:
 * never a room changed that nobody is told of. `CLIENT PAUSE … WRITE` holds every write on the Redis
 * server for a while, then makes it.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_ERRORS } from '../../src/protocol/protocol';
import { hasRedisServer, startRedis, type RedisProcess } from './redis-server-process';
import { ask, next, record, settle, startHarness, type Harness, type JoinAck } from './signaling-harness';

// CI installs redis-server (scripts/install-system-deps.sh); a developer without it skips these.
const available = hasRedisServer() || process.env.CI === 'true';

/** A connection whose handshake carries `auth` (a resume); its refusal message, or the socket. */
function resumeWith(url: string, auth: Record<string, unknown>, opened: Socket[]): Promise<Socket | string> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth, timeout: 20_000 });
  opened.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe.runIf(available)('a write whose answer came too late', () => {
  let redis: RedisProcess;
  let harness: Harness;
  let admin: ReturnType<typeof createClient>;
  const opened: Socket[] = [];
  const stored = async (roomId: string) => JSON.parse((await admin.get(`framecast:room:${roomId}`)) ?? 'null') as { authority: { participants: { id: string }[] } } | null;

  beforeAll(async () => {
    redis = await startRedis();
    admin = createClient({ url: redis.url });
    await admin.connect();
  }, 30_000);
  afterAll(async () => {
    await admin.quit();
    await redis.stop();
  });
  afterEach(async () => {
    for (const socket of opened.splice(0)) socket.disconnect();
    await harness.close();
  });

  it('an approval Redis makes after 3.5 s is answered and delivered: the guest is let in and told', async () => {
    harness = await startHarness({ redisUrl: redis.url });
    const roomId = 'late-approval';
    const host = await harness.client();
    await ask<JoinAck>(host, 'join-room', { roomId, participantName: 'Ada' });
    await ask(host, 'set-auto-admit', { roomId, enabled: false });
    const guest = await harness.client();
    const guestAck = await ask<JoinAck>(guest, 'join-room', { roomId, participantName: 'Bo' });
    const seen = record(guest);
    await admin.sendCommand(['CLIENT', 'PAUSE', '3500', 'WRITE']);
    // The node stops waiting for the write after 3 s, then learns it was made.
    const approved = await (host.timeout(9000).emitWithAck('approve-guest', { roomId, guestId: guestAck.selfId }) as Promise<unknown>);
    expect(approved).toEqual({ success: true });
    await settle(300);
    expect(seen.map((e) => e.event)).toContain('room-joined');
    expect((await stored(roomId))?.authority.participants.map((p) => p.id)).toContain(guestAck.selfId);
  }, 20_000);

  it('a host’s resume whose write outlasts every wait is refused, and once Redis makes it the place still goes after its grace', async () => {
    harness = await startHarness({ redisUrl: redis.url, resumeGraceMs: 1500 });
    const roomId = 'late-resume';
    const host = await harness.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId, participantName: 'Ada' });
    const guest = await harness.client();
    await ask<JoinAck>(guest, 'join-room', { roomId, participantName: 'Bo' });
    await next(guest, 'room-joined', 8000);
    const ended = next(guest, 'room-ended', 25_000);
    host.disconnect();
    await settle(200);
    // Longer than the node waits for the write (3 s) and then to learn whether it was made (3.5 s).
    await admin.sendCommand(['CLIENT', 'PAUSE', '9000', 'WRITE']);
    expect(await resumeWith(harness.url, { roomId, resumeToken: hostAck.resumeToken }, opened)).toBe(ROOM_ERRORS.serverReconnecting);
    // The tab gives up. Redis then makes the write that gave the place to that handshake's connection,
    // which never opened: its departure, retried by the node, gives the place its grace, and the room ends.
    for (const socket of opened.splice(0)) socket.disconnect();
    await ended;
    expect(await stored(roomId)).toBeNull();
  }, 30_000);
});
