/**
 * One signaling node against clients that do what an attacker, or a bad network, does: floods,
 * many rooms at once, joins cut short, replayed tokens, a host whose link flaps, too many
 * connections. Each test checks what a legitimate user gets and what is left in the store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { SERVER_ERRORS } from '../../server/signaling-server';
import { ROOM_ERRORS } from '../../src/protocol/protocol';
import { ask, next, record, settle, startHarness, type Harness, type JoinAck } from './signaling-harness';

let harness: Harness;
afterEach(async () => {
  await harness.close();
});


const ROOM = 'room-h';
const join = (socket: Socket, roomId = ROOM, name = 'Ada') => ask<JoinAck>(socket, 'join-room', { roomId, participantName: name });
const disconnected = (socket: Socket, ms = 3000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

async function hostWithGuest(): Promise<{ host: Socket; guest: Socket; hostAck: JoinAck; guestAck: JoinAck }> {
  const host = await harness.client();
  const hostAck = await join(host);
  const guest = await harness.client();
  const guestAck = await join(guest, ROOM, 'Bo');
  const joined = next(guest, 'room-joined');
  await ask(host, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId });
  await joined;
  return { host, guest, hostAck, guestAck };
}

describe('a flood from one connection', () => {
  it('is warned, then closed, and a join from someone else meanwhile is answered at once', async () => {
    harness = await startHarness();
    const { host, hostAck } = await hostWithGuest();
    const flooder = await harness.client();
    await join(flooder, ROOM, 'Flood');
    const warned = next<{ message: string }>(flooder, 'error');
    const closed = disconnected(flooder, 10_000);
    const heard = record(host);
    const blast = () => {
      for (let i = 0; i < 2000; i++) flooder.emit('signaling-message', { type: 'ice-candidate', data: { connectionId: 'c', candidate: null }, from: 'x', to: hostAck.selfId, roomId: ROOM });
    };
    blast();
    const started = Date.now();
    const other = await harness.client();
    const otherAck = await join(other, 'other-room', 'Cy');
    const joinMs = Date.now() - started;
    blast();
    expect((await warned).message).toBe(ROOM_ERRORS.tooManyMessages);
    expect(await closed).toBe('io server disconnect');
    expect(otherAck).toMatchObject({ success: true, isHost: true });
    expect(joinMs).toBeLessThan(2000);
    // A waiting guest's negotiation never reached the host, flood or not.
    expect(heard.filter((e) => e.event === 'signaling-message')).toHaveLength(0);
  });
});

describe('one room per connection', () => {
  it('ten joins for ten rooms sent at once make one room', async () => {
    harness = await startHarness();
    const socket = await harness.client();
    const acks = await Promise.all(Array.from({ length: 10 }, (_, i) => join(socket, `room-${String(i)}`)));
    expect(acks.filter((a) => a.success)).toHaveLength(1);
    expect(acks.filter((a) => a.error === SERVER_ERRORS.otherRoom)).toHaveLength(9);
    expect(await harness.server.store.size()).toBe(1);
  });

  it('repeated joins from one connection take one waiting place', async () => {
    harness = await startHarness();
    const host = await harness.client();
    await join(host);
    await ask(host, 'set-auto-admit', { roomId: ROOM, enabled: false });
    const guest = await harness.client();
    const acks = await Promise.all(Array.from({ length: 5 }, () => join(guest, ROOM, 'Bo')));
    expect(new Set(acks.map((a) => a.selfId)).size).toBe(1);
    expect((await harness.server.store.get(ROOM))?.authority.pending).toHaveLength(1);
  });
});

describe('joins cut short leave nothing behind', () => {
  it('a join followed at once by a disconnect: the place is given up after its grace', async () => {
    harness = await startHarness({ resumeGraceMs: 300 });
    for (let i = 0; i < 20; i++) {
      const socket = await harness.client();
      socket.emit('join-room', { roomId: `cut-${String(i)}`, participantName: 'Ada' });
      socket.disconnect();
    }
    await settle(100);
    expect(await harness.server.store.size()).toBeGreaterThan(0);
    await settle(800);
    expect(await harness.server.store.size()).toBe(0);
  });

  it('a resume handshake that never becomes a connection: the place still expires', async () => {
    harness = await startHarness({ resumeGraceMs: 400 });
    const { host, guest, guestAck } = await hostWithGuest();
    guest.disconnect();
    // A raw socket.io handshake carrying the token, closed before anything else happens.
    const url = harness.url.replace('http', 'ws') + '/socket.io/?EIO=4&transport=websocket';
    const raw = new WebSocket(url);
    await new Promise<void>((resolve) => raw.once('message', () => resolve()));
    raw.send(`40${JSON.stringify({ roomId: ROOM, resumeToken: guestAck.resumeToken })}`);
    // Closed right behind the handshake (close, unlike terminate, sends what was queued first).
    raw.close();
    const left = await next<{ participantId: string; reason: string }>(host, 'participant-left', 3000);
    expect(left).toEqual({ participantId: guestAck.selfId, reason: 'disconnected' });
    expect(Object.keys((await harness.server.store.get(ROOM))?.presence ?? {})).toHaveLength(1);
  });
});

describe('one live connection per place', () => {
  it('a token replayed while its owner is connected takes the place over, and the old connection is told and closed', async () => {
    harness = await startHarness();
    const { host, guest, guestAck, hostAck } = await hostWithGuest();
    const told = next<{ message: string }>(guest, 'error');
    const closed = disconnected(guest);
    const replay = await harness.client({ roomId: ROOM, resumeToken: guestAck.resumeToken });
    expect((await told).message).toBe(ROOM_ERRORS.replaced);
    await closed;
    // The place is the new connection's: negotiation reaches it, and only it.
    const offer = next<{ from: string }>(replay, 'signaling-message');
    host.emit('signaling-message', { type: 'offer', data: { connectionId: 'c1' }, from: 'x', to: guestAck.selfId, roomId: ROOM });
    expect((await offer).from).toBe(hostAck.selfId);
    expect((await harness.server.store.get(ROOM))?.presence[guestAck.selfId ?? '']).toMatchObject({ conn: replay.id });
  });

  it("a host back before the server noticed its old connection drop keeps the room past the old one's grace", async () => {
    harness = await startHarness({ resumeGraceMs: 400 });
    const { host, guest, hostAck } = await hostWithGuest();
    const guestHeard = record(guest);
    // The old connection is still open on the server (a half-open drop) when the host comes back.
    const oldClosed = disconnected(host);
    const back = await harness.client({ roomId: ROOM, resumeToken: hostAck.resumeToken });
    await oldClosed;
    await settle(1000);
    expect(guestHeard.map((e) => e.event)).not.toContain('room-ended');
    const state = (await harness.server.store.get(ROOM))?.authority;
    expect(state?.hostId).toBe(hostAck.selfId);
    expect(await ask(back, 'set-auto-admit', { roomId: ROOM, enabled: false })).toEqual({ success: true });
  });

  it('a host whose link flaps twice keeps its place: each drop has its own grace', async () => {
    harness = await startHarness({ resumeGraceMs: 1500 });
    const { guest, hostAck } = await hostWithGuest();
    const guestHeard = record(guest);
    const token = hostAck.resumeToken;
    harness.clients[0]?.disconnect();
    await settle(100);
    const again = await harness.client({ roomId: ROOM, resumeToken: token });
    await settle(800);
    again.disconnect();
    // Past the first drop's grace (1.5 s), well within the second's (2.4 s).
    await settle(900);
    const last = await harness.client({ roomId: ROOM, resumeToken: token });
    await settle(1800);
    expect(guestHeard.map((e) => e.event)).not.toContain('room-ended');
    expect((await harness.server.store.get(ROOM))?.authority.hostId).toBe(hostAck.selfId);
    expect(await ask(last, 'set-auto-admit', { roomId: ROOM, enabled: true })).toEqual({ success: true });
  });
});

describe('the waiting list under churn', () => {
  it('guests who join and leave over and over neither fill the list nor grow the record', async () => {
    harness = await startHarness();
    const host = await harness.client();
    await join(host);
    await ask(host, 'set-auto-admit', { roomId: ROOM, enabled: false });
    const churners = await Promise.all(Array.from({ length: 25 }, () => harness.client()));
    for (let round = 0; round < 8; round++) {
      await Promise.all(
        churners.map(async (socket, i) => {
          await join(socket, ROOM, `Churn ${String(i)}`);
          socket.emit('leave-room', { roomId: ROOM });
        }),
      );
    }
    await settle(200);
    const guest = await harness.client();
    expect(await join(guest, ROOM, 'Real guest')).toMatchObject({ success: true, pending: true });
    const stored = await harness.server.store.get(ROOM);
    expect(stored?.authority.pending.map((g) => g.name)).toEqual(['Real guest']);
    expect(Object.keys(stored?.tokens ?? {})).toHaveLength(2);
    expect(Object.keys(stored?.presence ?? {})).toHaveLength(2);
    expect(JSON.stringify(stored).length).toBeLessThan(1500);
  });
});

describe('connection caps', () => {
  const tryConnect = (url: string) =>
    new Promise<string>((resolve) => {
      const socket = connect(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
      socket.once('connect', () => {
        resolve('connected');
      });
      socket.once('connect_error', (error) => {
        resolve(error.message);
      });
      harness.clients.push(socket);
    });

  it('refuses connections past the per-address cap with a clear message, and takes them again once some close', async () => {
    harness = await startHarness({ caps: { perAddress: 5, perAddressRate: { burst: 100, perSecond: 100 }, total: 1000 } });
    const held = await Promise.all(Array.from({ length: 5 }, () => harness.client()));
    expect(await tryConnect(harness.url)).toBe(ROOM_ERRORS.tooManyConnections);
    held[0]?.disconnect();
    let answer = '';
    for (let tries = 0; tries < 20 && answer !== 'connected'; tries++) {
      await settle(100);
      answer = await tryConnect(harness.url);
    }
    expect(answer).toBe('connected');
  });

  it('behind a proxy, counts the address the proxy appended: a client that writes another’s address first neither fills that one’s cap nor escapes its own', async () => {
    harness = await startHarness({ trustProxy: 1, caps: { perAddress: 2, perAddressRate: { burst: 100, perSecond: 100 }, total: 1000 } });
    // What nginx's $proxy_add_x_forwarded_for sends: the header the client wrote, then the address it came from.
    const viaProxy = (forwardedFor: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(harness.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { 'x-forwarded-for': forwardedFor } });
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
        harness.clients.push(socket);
      });
    expect(await viaProxy('203.0.113.7, 198.51.100.9')).toBe('connected');
    expect(await viaProxy('203.0.113.8, 198.51.100.9')).toBe('connected');
    expect(await viaProxy('203.0.113.9, 198.51.100.9')).toBe(ROOM_ERRORS.tooManyConnections);
    expect(await viaProxy('203.0.113.7')).toBe('connected');
    // One IPv6 host holds a whole /64: it is one address.
    expect(await viaProxy('2001:db8:0:1::1')).toBe('connected');
    expect(await viaProxy('2001:db8:0:1::2')).toBe('connected');
    expect(await viaProxy('2001:db8:0:1:ffff::3')).toBe(ROOM_ERRORS.tooManyConnections);
  });

  it('refuses connections past the node-wide cap', async () => {
    harness = await startHarness({ caps: { perAddress: 100, perAddressRate: { burst: 100, perSecond: 100 }, total: 3 } });
    await Promise.all(Array.from({ length: 3 }, () => harness.client()));
    expect(await tryConnect(harness.url)).toBe(ROOM_ERRORS.serverFull);
  });
});

describe('TURN credentials', () => {
  const turn = { urls: ['turn:127.0.0.1:3478'], secret: 's3cret', ttlSeconds: 2 };

  it('go to members with someone to talk to: not to a room of one, not to a waiting guest; a removed member stops getting new ones', async () => {
    harness = await startHarness({ turn });
    const host = await harness.client();
    const hostAck = await join(host);
    // Inventing a room id gets nobody a relay.
    expect(hostAck.iceServers).toBeUndefined();
    await ask(host, 'set-auto-admit', { roomId: ROOM, enabled: false });
    const guest = await harness.client();
    const guestAck = await join(guest, ROOM, 'Bo');
    expect(guestAck.pending).toBe(true);
    expect(guestAck.iceServers).toBeUndefined();
    const joined = next<{ iceServers?: { username: string }[] }>(guest, 'room-joined');
    const hostGets = next<{ iceServers: { username: string }[] }>(host, 'ice-servers');
    await ask(host, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId });
    expect((await joined).iceServers?.[0]?.username).toMatch(new RegExp(`^\\d+:${guestAck.selfId ?? ''}$`));
    expect((await hostGets).iceServers[0]?.username.endsWith(`:${hostAck.selfId ?? ''}`)).toBe(true);

    // Renewed every half lifetime while a member stays.
    const renewed = await next<{ iceServers: { username: string }[] }>(guest, 'ice-servers', 3000);
    expect(renewed.iceServers[0]?.username.endsWith(`:${guestAck.selfId ?? ''}`)).toBe(true);

    // A third member, so the host still has someone to relay to after the kick.
    const third = await harness.client();
    const thirdAck = await join(third, ROOM, 'Cy');
    await ask(host, 'approve-guest', { roomId: ROOM, guestId: thirdAck.selfId });
    await ask(host, 'kick-participant', { roomId: ROOM, participantId: guestAck.selfId });
    // A renewal round that started before the kick may still reach the guest; the one after may not.
    await next(third, 'ice-servers', 3000);
    const kickedHears = record(guest);
    await next(third, 'ice-servers', 3000);
    await settle(1200);
    expect(kickedHears.filter((e) => e.event === 'ice-servers')).toHaveLength(0);
  });
});
