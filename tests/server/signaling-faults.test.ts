/**
 * Signaling nodes sharing one real Redis when things break: compare-and-set contention from a hostile
 * client, Redis killed mid-room, and a node killed with SIGKILL. An unhandled rejection anywhere in the
 * in-process nodes fails this file (vitest reports it), so "the node stayed up" is checked throughout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ROOM_ERRORS } from '../../src/protocol/protocol';
import { buildServer, startNodeProcess, type NodeProcess } from './node-process';
import { hasRedisServer, startRedis, type RedisProcess } from './redis-server-process';
import { ask, next, record, settle, startHarness, type Harness, type HarnessOptions, type JoinAck } from './signaling-harness';


// CI installs redis-server (scripts/install-system-deps.sh); a developer without it skips these.
const available = hasRedisServer() || process.env.CI === 'true';
const LOOSE_CAPS = { perAddress: 10_000, perAddressRate: { burst: 100_000, perSecond: 100_000 }, total: 100_000 };

let rooms = 0;
const newRoom = () => `fault-room-${String((rooms += 1))}`;

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${String(ms)} ms: ${what}`);
    await settle(50);
  }
}

async function admit(host: Socket, guest: Socket, roomId: string, name: string): Promise<JoinAck> {
  const ack = await ask<JoinAck>(guest, 'join-room', { roomId, participantName: name });
  const joined = next(guest, 'room-joined');
  expect(await ask(host, 'approve-guest', { roomId, guestId: ack.selfId })).toEqual({ success: true });
  await joined;
  return ack;
}

describe.runIf(available)('signaling under faults, two nodes on one Redis', () => {
  let redis: RedisProcess;
  let dataDir: string;
  const harnesses: Harness[] = [];
  const processes: NodeProcess[] = [];
  const node = async (options: HarnessOptions = {}) => {
    const harness = await startHarness({ redisUrl: redis.url, caps: LOOSE_CAPS, ...options });
    harnesses.push(harness);
    return harness;
  };

  /** A host on an in-process node and an admitted guest on a node process of its own (the one to kill). */
  const roomAcrossTwoNodes = async (survivorOptions: HarnessOptions, doomedEnv: Record<string, string>) => {
    const survivor = await node(survivorOptions);
    const doomed = await startNodeProcess({ REDIS_URL: redis.url, ...doomedEnv });
    processes.push(doomed);
    const roomId = newRoom();
    const host = await survivor.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId, participantName: 'Ada' });
    await ask(host, 'set-auto-admit', { roomId, enabled: false });
    const guest = await startClient(doomed.url);
    const guestAck = await admit(host, guest, roomId, 'Bo');
    return { survivor, doomed, roomId, host, hostAck, guest, guestAck };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'framecast-redis-'));
    redis = await startRedis({ dataDir });
    buildServer();
  }, 60_000);
  afterAll(async () => {
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    for (const child of processes.splice(0)) await child.kill();
  });

  it('a hostile room churning resume handshakes on both nodes: no node falls over, everyone else is answered, the host stays host', async () => {
    const one = await node();
    const two = await node();
    const roomId = newRoom();
    const host = await one.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId, participantName: 'Mallory' });
    await ask(host, 'set-auto-admit', { roomId, enabled: false });
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) {
      const waiting = await (i % 2 ? one : two).client();
      const ack = await ask<JoinAck>(waiting, 'join-room', { roomId, participantName: `W${String(i)}` });
      tokens.push(ack.resumeToken ?? '');
      waiting.disconnect();
    }
    let stop = false;
    let handshakes = 0;
    const churn = async (worker: number) => {
      while (!stop) {
        const target = worker % 2 ? one : two;
        try {
          const socket = await target.client({ roomId, resumeToken: tokens[(worker + handshakes) % tokens.length] });
          socket.disconnect();
          handshakes += 1;
        } catch {
          // A refused handshake ("busy", "reconnecting") is an answer too.
        }
      }
    };
    const workers = Array.from({ length: 30 }, (_, i) => churn(i));
    const joins: number[] = [];
    for (let i = 0; i < 10; i++) {
      const someone = await (i % 2 ? one : two).client();
      const started = Date.now();
      const ack = await ask<JoinAck>(someone, 'join-room', { roomId: newRoom(), participantName: 'Legit' });
      joins.push(Date.now() - started);
      expect(ack).toMatchObject({ success: true, isHost: true });
      await settle(150);
    }
    stop = true;
    await Promise.all(workers);
    expect(handshakes).toBeGreaterThan(50);
    expect(one.server.health().ok && two.server.health().ok).toBe(true);
    const stored = await one.server.store.get(roomId);
    expect(stored?.authority.hostId).toBe(hostAck.selfId);
    expect(stored?.authority.pending.length).toBeLessThanOrEqual(20);
    expect(Math.max(...joins)).toBeLessThan(3000);
  }, 60_000);

  it('Redis killed for 5 s mid-room: both nodes stay up and refuse clearly, then the room works again and finishes what happened meanwhile', async () => {
    const one = await node({ resumeGraceMs: 3000 });
    const two = await node({ resumeGraceMs: 3000 });
    const roomId = newRoom();
    const host = await one.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId, participantName: 'Ada' });
    await ask(host, 'set-auto-admit', { roomId, enabled: false });
    const far = await two.client();
    const farAck = await admit(host, far, roomId, 'Bo');
    const near = await one.client();
    const nearAck = await admit(host, near, roomId, 'Cy');
    const hostHeard = record(host);

    await redis.kill();
    await until(() => !one.server.health().ok && !two.server.health().ok, 5000, 'both nodes report Redis down');
    // During the outage: a join is refused with the outage's message, a member leaves, negotiation is sent.
    const late = await two.client();
    expect(await ask<JoinAck>(late, 'join-room', { roomId, participantName: 'Dee' })).toEqual({ success: false, error: ROOM_ERRORS.serverReconnecting });
    near.disconnect();
    host.emit('signaling-message', { type: 'offer', data: { connectionId: 'x' }, from: 'x', to: farAck.selfId, roomId });
    // Long enough for the nodes' reconnect delay to reach its 2 s ceiling (50 ms doubling: 3.2 s in)
    // and for the departed member's 3 s grace to run out while Redis is away.
    await settle(5_000);
    expect(one.server.health()).toMatchObject({ ok: false, redis: 'down' });

    redis = await startRedis({ port: redis.port, dataDir });
    await until(() => one.server.health().ok && two.server.health().ok, 10_000, 'both nodes report Redis up');
    // Negotiation crosses nodes again.
    await until(
      async () => {
        const offer = next<{ from: string }>(far, 'signaling-message', 500).catch(() => null);
        host.emit('signaling-message', { type: 'offer', data: { connectionId: 'y' }, from: 'x', to: farAck.selfId, roomId });
        return (await offer)?.from === hostAck.selfId;
      },
      10_000,
      'an offer reaches the guest on the other node',
    );
    // The member who left during the outage is given up after its grace, counted from when it left.
    await until(() => hostHeard.some((e) => e.event === 'participant-left'), 10_000, 'the host hears the departed member left');
    expect(hostHeard.find((e) => e.event === 'participant-left')?.payload).toEqual({ participantId: nearAck.selfId, reason: 'disconnected' });
    const stored = await one.server.store.get(roomId);
    expect(stored?.authority.hostId).toBe(hostAck.selfId);
    expect(stored?.authority.participants.map((p) => p.id).sort()).toEqual([hostAck.selfId, farAck.selfId].sort());
    expect(one.logged.some((line) => line.startsWith('departure'))).toBe(true);
    const again = await two.client();
    expect(await ask<JoinAck>(again, 'join-room', { roomId, participantName: 'Dee' })).toMatchObject({ success: true, pending: true });
  }, 60_000);

  it('a node SIGKILLed while its guest is away: the other node gives the place up on time', async () => {
    const { survivor, doomed, roomId, host, guest, guestAck } = await roomAcrossTwoNodes({ resumeGraceMs: 2000 }, { RESUME_GRACE_SECONDS: '2' });
    const left = next<{ participantId: string }>(host, 'participant-left', 6000);
    const droppedAt = Date.now();
    guest.disconnect();
    // The doomed node has stored the departure's deadline: now nothing of it is left to finish the wait.
    await until(async () => {
      const presence = (await survivor.server.store.get(roomId))?.presence[guestAck.selfId ?? ''];
      return !!presence && 'awayUntil' in presence;
    }, 3000, 'the departure is stored');
    await doomed.kill();
    expect((await left).participantId).toBe(guestAck.selfId);
    expect(Date.now() - droppedAt).toBeGreaterThan(1500);
  }, 30_000);

  it('a guest whose node was SIGKILLed comes back through the other node with its token and stays: only the dead connection is replaced', async () => {
    const { survivor, doomed, roomId, host, hostAck, guestAck } = await roomAcrossTwoNodes({ resumeGraceMs: 5000 }, {});
    await doomed.kill();
    // The dead node never wrote the departure: the place is still held by a connection that is gone.
    const back = await survivor.client({ roomId, resumeToken: guestAck.resumeToken });
    const heard = record(back);
    await settle(1000);
    expect(back.connected).toBe(true);
    expect(heard.map((e) => e.event)).not.toContain('error');
    const offer = next<{ from: string }>(back, 'signaling-message');
    host.emit('signaling-message', { type: 'offer', data: { connectionId: 'c1' }, from: 'x', to: guestAck.selfId, roomId });
    expect((await offer).from).toBe(hostAck.selfId);
  }, 30_000);

  it('a node SIGKILLed with a guest connected: once it is silent, the other node gives the place its grace, then up', async () => {
    const { survivor, doomed, roomId, host, hostAck, guestAck } = await roomAcrossTwoNodes({ resumeGraceMs: 1000, silentAfterMs: 5000 }, {});
    // Alive and heard from: nobody takes the node for dead while it speaks.
    await settle(6000);
    expect((await survivor.server.store.get(roomId))?.authority.participants).toHaveLength(2);
    const left = next<{ participantId: string }>(host, 'participant-left', 12_000);
    await doomed.kill();
    expect((await left).participantId).toBe(guestAck.selfId);
    expect((await survivor.server.store.get(roomId))?.authority.hostId).toBe(hostAck.selfId);
  }, 40_000);
});

/** A plain client of a node in another process. */
async function startClient(url: string): Promise<Socket> {
  const { io } = await import('socket.io-client');
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  clients.push(socket);
  return socket;
}
const clients: Socket[] = [];
afterEach(() => {
  for (const socket of clients.splice(0)) socket.disconnect();
});
