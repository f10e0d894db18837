import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SERVER_ERRORS } from '../../server/signaling-server';
import { ROOM_ERRORS } from '../../src/protocol/protocol';
import { ask, next, record, settle, startHarness, type Harness, type JoinAck } from './signaling-harness';

let harness: Harness;
afterEach(async () => {
  await harness.close();
});


const ROOM = 'room-1';

async function hostAndGuest(): Promise<{ host: Socket; guest: Socket; hostAck: JoinAck; guestAck: JoinAck }> {
  const host = await harness.client();
  const hostAck = await ask<JoinAck>(host, 'join-room', { roomId: ROOM, participantName: 'Ada' });
  const guest = await harness.client();
  const request = next<{ guest: { id: string } }>(host, 'guest-request');
  const guestAck = await ask<JoinAck>(guest, 'join-room', { roomId: ROOM, participantName: 'Bo' });
  await request;
  return { host, guest, hostAck, guestAck };
}

async function admitted(): Promise<{ host: Socket; guest: Socket; hostId: string; guestId: string; guestToken: string }> {
  const { host, guest, hostAck, guestAck } = await hostAndGuest();
  const joined = next(guest, 'room-joined');
  expect(await ask(host, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId })).toEqual({ success: true });
  await joined;
  return { host, guest, hostId: hostAck.selfId ?? '', guestId: guestAck.selfId ?? '', guestToken: guestAck.resumeToken ?? '' };
}

describe('signaling server: who is who', () => {
  it('gives every connection its own id; the first joiner hosts, the next one waits', async () => {
    harness = await startHarness();
    const { hostAck, guestAck } = await hostAndGuest();
    expect(hostAck).toMatchObject({ success: true, isHost: true });
    expect(hostAck.selfId?.length).toBeGreaterThanOrEqual(16);
    expect(guestAck).toMatchObject({ success: true, pending: true, isHost: false, hostId: hostAck.selfId });
    expect(guestAck.selfId).not.toBe(hostAck.selfId);
    // A waiting guest learns nothing of who is in the room.
    expect(guestAck.participants).toBeUndefined();
  });

  it('ignores an id a client claims for itself', async () => {
    harness = await startHarness();
    const host = await harness.client();
    const hostAck = await ask<JoinAck>(host, 'join-room', { roomId: ROOM, participantName: 'Ada', selfId: 'me', from: 'me' });
    expect(hostAck.selfId).not.toBe('me');
    const impostor = await harness.client();
    const ack = await ask<JoinAck>(impostor, 'join-room', { roomId: ROOM, participantName: 'Ada', selfId: hostAck.selfId });
    expect(ack.pending).toBe(true);
    expect(ack.selfId).not.toBe(hostAck.selfId);
  });

  it('two joins racing for an empty room give one host', async () => {
    harness = await startHarness();
    const clients = await Promise.all([harness.client(), harness.client(), harness.client()]);
    const acks = await Promise.all(clients.map((c, i) => ask<JoinAck>(c, 'join-room', { roomId: ROOM, participantName: `P${String(i)}` })));
    expect(acks.filter((a) => a.isHost)).toHaveLength(1);
    expect(acks.filter((a) => a.pending)).toHaveLength(2);
  });
});

describe('signaling server: only the host decides', () => {
  it('refuses a waiting guest approving itself, and a guest approving, kicking or recording', async () => {
    harness = await startHarness();
    const { host, guest, hostAck, guestAck } = await hostAndGuest();
    expect(await ask(guest, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId })).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyApprove });

    const third = await harness.client();
    const thirdAck = await ask<JoinAck>(third, 'join-room', { roomId: ROOM, participantName: 'Cy' });
    await ask(host, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId });
    expect(await ask(guest, 'approve-guest', { roomId: ROOM, guestId: thirdAck.selfId })).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyApprove });
    expect(await ask(guest, 'kick-participant', { roomId: ROOM, participantId: hostAck.selfId })).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyAction });
    expect(await ask(guest, 'start-recording', { roomId: ROOM, mode: 'mixed' })).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyStart });
    expect(await ask(guest, 'set-auto-admit', { roomId: ROOM, enabled: false })).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyAction });
  });

  it('a host action for a room the connection is not in is refused', async () => {
    harness = await startHarness();
    await hostAndGuest();
    const stranger = await harness.client();
    await ask(stranger, 'join-room', { roomId: 'other-room', participantName: 'Dee' });
    expect(await ask(stranger, 'start-recording', { roomId: ROOM, mode: 'mixed' })).toEqual({ success: false, error: SERVER_ERRORS.notMember });
  });

  it('approve lets a guest in, with the room; reject turns it away with the spec message', async () => {
    harness = await startHarness();
    const { host, guest, guestAck } = await hostAndGuest();
    const joined = next<{ selfId: string; participants: unknown[] }>(guest, 'room-joined');
    const hostHears = next<{ participant: { id: string } }>(host, 'participant-joined');
    await ask(host, 'approve-guest', { roomId: ROOM, guestId: guestAck.selfId });
    expect((await joined).participants).toHaveLength(2);
    expect((await hostHears).participant.id).toBe(guestAck.selfId);

    const late = await harness.client();
    const lateAck = await ask<JoinAck>(late, 'join-room', { roomId: ROOM, participantName: 'Eve' });
    const refused = next<{ message: string }>(late, 'error');
    await ask(host, 'reject-guest', { roomId: ROOM, guestId: lateAck.selfId });
    expect((await refused).message).toBe(ROOM_ERRORS.rejected);
  });

  it('admits a guest with no decision once the auto-admit delay passes, and not before; unless auto-admit is off', async () => {
    // The delay is the server's to choose (AUTO_ADMIT_MS in production, which the authority's unit
    // tests hold to); a shorter one here checks the same behaviour in less time.
    const delay = 600;
    harness = await startHarness({ autoAdmitMs: delay });
    const asked = Date.now();
    const { guest } = await hostAndGuest();
    await next(guest, 'room-joined', delay + 3000);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(delay);

    const host = harness.clients[0];
    if (!host) throw new Error('no host');
    expect(await ask(host, 'set-auto-admit', { roomId: ROOM, enabled: false })).toEqual({ success: true });
    const waiting = await harness.client();
    const seen = record(waiting);
    await ask(waiting, 'join-room', { roomId: ROOM, participantName: 'Fay' });
    await settle(delay * 3);
    expect(seen.map((s) => s.event)).not.toContain('room-joined');
  });

  it('the host leaving ends the room for members and waiting guests', async () => {
    harness = await startHarness();
    const { host, guest } = await admitted();
    const waiting = await harness.client();
    await ask(host, 'set-auto-admit', { roomId: ROOM, enabled: false });
    await ask(waiting, 'join-room', { roomId: ROOM, participantName: 'Gil' });
    const guestEnded = next(guest, 'room-ended');
    const waitingEnded = next(waiting, 'room-ended');
    host.emit('leave-room', { roomId: ROOM });
    expect(await guestEnded).toEqual({ reason: 'host-left' });
    expect(await waitingEnded).toEqual({ reason: 'host-left' });
    expect(await harness.server.store.get(ROOM)).toBeNull();
  });

  it('kick removes the participant and tells everyone', async () => {
    harness = await startHarness();
    const { host, guest, guestId } = await admitted();
    const kicked = next<{ participantId: string; reason: string }>(guest, 'participant-left');
    expect(await ask(host, 'kick-participant', { roomId: ROOM, participantId: guestId })).toEqual({ success: true });
    expect(await kicked).toEqual({ participantId: guestId, reason: 'kicked' });
    // Out of the room, it can no longer reach anyone.
    const hostSeen = record(host);
    guest.emit('signaling-message', { type: 'offer', data: { connectionId: 'c1' }, from: guestId, to: 'x', roomId: ROOM });
    await settle();
    expect(hostSeen).toEqual([]);
    // Nor can it ask to come back on the same connection, to be let in again by auto-admit.
    expect(await ask(guest, 'join-room', { roomId: ROOM, participantName: 'Bo' })).toEqual({ success: false, error: ROOM_ERRORS.removed });
    await settle();
    expect(hostSeen.map((s) => s.event)).not.toContain('guest-request');
  });
});

describe('signaling server: relaying negotiation', () => {
  it('relays between admitted members with the sender stamped, whatever the sender claims', async () => {
    harness = await startHarness();
    const { host, guest, hostId, guestId } = await admitted();
    const received = next<{ from: string; to: string; type: string }>(host, 'signaling-message');
    guest.emit('signaling-message', { type: 'offer', data: { connectionId: 'c1', description: { type: 'offer', sdp: 'v=0' } }, from: hostId, to: hostId, roomId: ROOM });
    const signal = await received;
    expect(signal.from).toBe(guestId);
    expect(signal.type).toBe('offer');
  });

  it('a waiting guest neither sends nor receives negotiation, nor hears about the room', async () => {
    harness = await startHarness();
    const { host, hostId } = await admitted();
    await ask(host, 'set-auto-admit', { roomId: ROOM, enabled: false });
    const waiting = await harness.client();
    const waitingSeen = record(waiting);
    const waitingAck = await ask<JoinAck>(waiting, 'join-room', { roomId: ROOM, participantName: 'Hal' });
    const hostSeen = record(host);
    waiting.emit('signaling-message', { type: 'offer', data: { connectionId: 'c2' }, from: waitingAck.selfId, to: hostId, roomId: ROOM });
    host.emit('signaling-message', { type: 'offer', data: { connectionId: 'c3' }, from: hostId, to: waitingAck.selfId, roomId: ROOM });
    // Something happens in the room meanwhile: members hear of it, the waiting guest does not.
    await ask(host, 'start-recording', { roomId: ROOM, mode: 'mixed' });
    await settle();
    expect(hostSeen.map((s) => s.event)).toEqual(['recording-started']);
    expect(waitingSeen).toEqual([]);
  });
});

describe('signaling server: bad input', () => {
  it('refuses malformed payloads with an acknowledgement and stays up', async () => {
    harness = await startHarness();
    const client = await harness.client();
    for (const payload of [null, 42, 'room', { roomId: '../etc' }, { roomId: ROOM }, { roomId: ROOM, participantName: 7 }, { roomId: 'x'.repeat(500), participantName: 'A' }]) {
      expect(await ask(client, 'join-room', payload)).toEqual({ success: false, error: SERVER_ERRORS.invalid });
    }
    expect(await ask<JoinAck>(client, 'join-room', { roomId: ROOM, participantName: 'Ada' })).toMatchObject({ success: true, isHost: true });
  });

  it('closes a connection that sends an oversize message, and serves others as before', async () => {
    harness = await startHarness();
    const big = await harness.client();
    const closed = new Promise<string>((resolve) => big.once('disconnect', resolve));
    big.emit('join-room', { roomId: ROOM, participantName: 'x'.repeat(200_000) });
    expect(await closed).toBeTruthy();
    const fresh = await harness.client();
    expect(await ask<JoinAck>(fresh, 'join-room', { roomId: ROOM, participantName: 'Ada' })).toMatchObject({ success: true, isHost: true });
  });

  it('refuses a flood of joins past the per-connection limit', async () => {
    harness = await startHarness();
    const client = await harness.client();
    const acks = [];
    for (let i = 0; i < 14; i++) acks.push(await ask<JoinAck>(client, 'join-room', { roomId: ROOM, participantName: 'Ada' }));
    expect(acks.slice(0, 10).every((a) => a.success)).toBe(true);
    expect(acks.slice(10)).toEqual(Array(4).fill({ success: false, error: SERVER_ERRORS.tooMany }));
  });

  it('drops a flood of negotiation messages past the limit instead of relaying them', async () => {
    harness = await startHarness();
    const { host, guest, hostId } = await admitted();
    let relayed = 0;
    host.on('signaling-message', () => (relayed += 1));
    for (let i = 0; i < 1000; i++) guest.emit('signaling-message', { type: 'ice-candidate', data: { connectionId: 'c', candidate: null }, from: 'x', to: hostId, roomId: ROOM });
    await settle(1000);
    // The burst of 600, plus what the 60 per second refill allowed while the loop ran.
    expect(relayed).toBeGreaterThanOrEqual(600);
    expect(relayed).toBeLessThan(700);
  });
});

describe('signaling server: dropped connections and TURN', () => {
  it('a dropped host rejoining with its resume token keeps its id and the host role', async () => {
    harness = await startHarness({ resumeGraceMs: 2000 });
    const { host, guest, hostId } = await admitted();
    const token = (await ask<JoinAck>(host, 'join-room', { roomId: ROOM, participantName: 'Ada' })).resumeToken;
    host.disconnect();
    await settle(200);
    const back = await harness.client();
    const ack = await ask<JoinAck>(back, 'join-room', { roomId: ROOM, participantName: 'Ada', resumeToken: token });
    expect(ack).toMatchObject({ success: true, selfId: hostId, isHost: true });
    const guestSeen = record(guest);
    await settle(2500);
    expect(guestSeen.map((s) => s.event)).not.toContain('room-ended');
  });

  it('a dropped guest coming back with its token in the handshake is itself again before it sends anything', async () => {
    harness = await startHarness({ resumeGraceMs: 2000 });
    const { host, guest, hostId, guestId, guestToken: token } = await admitted();
    expect(token).toBeTruthy();
    guest.disconnect();
    await settle(200);
    const hostSeen = record(host);
    const back = await harness.client({ roomId: ROOM, resumeToken: token });
    // Its first message after the reconnect reaches the host stamped with its old id.
    const relayed = next<{ from: string }>(host, 'signaling-message');
    back.emit('signaling-message', { type: 'ice-candidate', data: { connectionId: 'c', candidate: null }, from: 'x', to: hostId, roomId: ROOM });
    expect((await relayed).from).toBe(guestId);
    await settle(2300);
    expect(hostSeen.map((s) => s.event)).not.toContain('participant-left');
  });

  it('a token past its grace is refused, in the handshake and in a join, and never makes a new participant', async () => {
    harness = await startHarness({ resumeGraceMs: 300 });
    const { host, guest, guestToken: token } = await admitted();
    guest.disconnect();
    await next(host, 'participant-left');
    let late: ReturnType<typeof record> = [];
    await harness.client({ roomId: ROOM, resumeToken: token }, (socket) => {
      late = record(socket);
    });
    await settle(200);
    expect(late).toEqual([{ event: 'error', payload: { message: ROOM_ERRORS.placeExpired } }]);
    const hostSeen = record(host);
    const ack = await ask<JoinAck>(await harness.client(), 'join-room', { roomId: ROOM, participantName: 'Bo', resumeToken: token });
    expect(ack).toEqual({ success: false, error: ROOM_ERRORS.placeExpired });
    await settle(200);
    expect(hostSeen).toEqual([]);
  });

  it('a host gone past the grace period ends the room for everyone in it', async () => {
    harness = await startHarness({ resumeGraceMs: 300 });
    const { host, guest } = await admitted();
    const ended = next<{ reason: string }>(guest, 'room-ended');
    host.disconnect();
    expect(await ended).toEqual({ reason: 'host-left' });
  });

  it('after the grace period a dropped guest has left, and the others are told', async () => {
    harness = await startHarness({ resumeGraceMs: 300 });
    const { host, guest, guestId } = await admitted();
    const left = next<{ participantId: string; reason: string }>(host, 'participant-left');
    guest.disconnect();
    expect(await left).toEqual({ participantId: guestId, reason: 'disconnected' });
  });

  it('hands each participant time-limited TURN credentials in the use-auth-secret scheme', async () => {
    harness = await startHarness({ turn: { urls: ['turn:127.0.0.1:3478'], secret: 's3cret', ttlSeconds: 3600 } });
    const host = await harness.client();
    await ask<JoinAck>(host, 'join-room', { roomId: ROOM, participantName: 'Ada' });
    const client = await harness.client();
    const ack = await ask<JoinAck>(client, 'join-room', { roomId: ROOM, participantName: 'Bo' });
    const joined = next<{ iceServers?: JoinAck['iceServers'] }>(client, 'room-joined');
    await ask(host, 'approve-guest', { roomId: ROOM, guestId: ack.selfId });
    const [server] = (await joined).iceServers ?? [];
    expect(server?.urls).toEqual(['turn:127.0.0.1:3478']);
    const [expires, id] = (server?.username ?? '').split(':');
    expect(id).toBe(ack.selfId);
    expect(Number(expires)).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(server?.credential).toBe(createHmac('sha1', 's3cret').update(server?.username ?? '').digest('base64'));
  });
});
