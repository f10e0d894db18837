import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalSignaling } from '../../src/features/room/signaling/local-signaling';
import { hostLockName, memberLockName, roomChannelName } from '../../src/features/room/signaling/local-wire';
import { AUTO_ADMIT_MS, type IncomingEvent, type IncomingEvents } from '../../src/protocol';
import { FakeLockManager } from './support/fake-lock-manager';

/**
 * The in-browser room host, end to end in one process: each LocalSignaling is a tab, the room's
 * BroadcastChannel is Node's, and the tabs share one lock manager as tabs of one origin do.
 */
let locks: FakeLockManager;
let tabs: LocalSignaling[];
let room = 0;
let roomId = '';

beforeEach(() => {
  locks = new FakeLockManager();
  vi.stubGlobal('navigator', { locks });
  tabs = [];
  roomId = `room-${String(++room)}`;
});

afterEach(() => {
  for (const tab of tabs) tab.disconnect();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function tab(selfId: string): Promise<LocalSignaling> {
  const signaling = new LocalSignaling({ selfId, allowCreate: () => true });
  await signaling.connect();
  tabs.push(signaling);
  return signaling;
}

/** Lets BroadcastChannel messages in flight arrive (Node delivers them on later turns of its event loop, which fake timers do not touch). */
async function channelsQuiet(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Resolves with the next `event` the tab receives. */
function next<E extends IncomingEvent>(signaling: LocalSignaling, event: E): Promise<IncomingEvents[E]> {
  return new Promise((resolve) => {
    const off = signaling.on(event, (payload) => {
      off();
      resolve(payload);
    });
  });
}

/** A host and a guest it approved, both in the room. */
async function hostWithGuest(): Promise<{ host: LocalSignaling; guest: LocalSignaling }> {
  const host = await hostRoom();
  await host.emit('set-auto-admit', { roomId, enabled: false });
  const guest = await tab('gus');
  const joined = next(guest, 'room-joined');
  await guest.emit('join-room', { roomId, participantName: 'Gus' });
  await host.emit('approve-guest', { roomId, guestId: 'gus' });
  await joined;
  return { host, guest };
}

async function hostRoom(): Promise<LocalSignaling> {
  const host = await tab('hana');
  const ack = await host.emit('create-room', { roomId, roomName: 'Office hours', hostName: 'Hana' });
  expect(ack).toMatchObject({ success: true, isHost: true, hostId: 'hana', roomName: 'Office hours' });
  expect(host.isHost).toBe(true);
  return host;
}

describe('LocalSignaling, the room host of a browser with no server', () => {
  it('the first tab hosts; a guest waits until the host approves, then both are in the room', async () => {
    const host = await hostRoom();
    expect(await host.emit('set-auto-admit', { roomId, enabled: false })).toEqual({ success: true });

    const guest = await tab('gus');
    const waiting = next(host, 'pending-guests');
    const ack = await guest.emit('join-room', { roomId, participantName: 'Gus' });
    expect(ack).toMatchObject({ success: true, pending: true, hostId: 'hana', selfId: 'gus' });
    expect(guest.isHost).toBe(false);
    expect((await waiting).guests.map((g) => g.id)).toEqual(['gus']);

    const joined = next(guest, 'room-joined');
    const arrived = next(host, 'participant-joined');
    expect(await host.emit('approve-guest', { roomId, guestId: 'gus' })).toEqual({ success: true });
    expect((await joined).participants.map((p) => p.id)).toEqual(['hana', 'gus']);
    expect((await arrived).participant.id).toBe('gus');
  });

  it('a second tab asking to create the same room is refused: the room has a host', async () => {
    await hostRoom();
    const other = await tab('otto');
    expect(await other.emit('create-room', { roomId, roomName: 'Mine', hostName: 'Otto' })).toMatchObject({ success: false });
    expect(other.isHost).toBe(false);
  });

  it('a guest only the host may approve: a guest asking to approve itself is refused', async () => {
    const host = await hostRoom();
    await host.emit('set-auto-admit', { roomId, enabled: false });
    const guest = await tab('gus');
    await guest.emit('join-room', { roomId, participantName: 'Gus' });
    expect(await guest.emit('approve-guest', { roomId, guestId: 'gus' })).toMatchObject({ success: false });
  });

  it('auto-admit lets a waiting guest in once its time has come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await hostRoom();
    const guest = await tab('gus');
    const joined = next(guest, 'room-joined');
    await guest.emit('join-room', { roomId, participantName: 'Gus' });
    let admitted = false;
    void joined.then(() => (admitted = true));
    await vi.advanceTimersByTimeAsync(AUTO_ADMIT_MS - 100);
    await channelsQuiet();
    expect(admitted).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await joined).participants.map((p) => p.id)).toEqual(['hana', 'gus']);
  });

  it('a guest whose tab goes is gone for the host: its presence lock is let go', async () => {
    const { host, guest } = await hostWithGuest();
    const left = next(host, 'participant-left');
    guest.disconnect();
    expect(await left).toEqual({ participantId: 'gus', reason: 'disconnected' });
    expect(locks.isHeld(memberLockName(roomId, 'gus'))).toBe(false);
  });

  it('the host leaving ends the room for the guest: the goodbye goes out before the host closes its channel', async () => {
    const { host, guest } = await hostWithGuest();
    // The guest would also learn it from the host's lock; the channel must carry it too.
    const listener = new BroadcastChannel(roomChannelName(roomId));
    const posted = new Promise<unknown>((resolve) => {
      listener.onmessage = (message: MessageEvent<{ kind?: string; event?: string; payload?: unknown }>) => {
        if (message.data.kind === 'event' && message.data.event === 'room-ended') resolve(message.data.payload);
      };
    });
    const ended = next(guest, 'room-ended');
    void host.emit('leave-room', { roomId });
    host.disconnect();
    expect(await posted).toEqual({ reason: 'host-left' });
    expect(await ended).toEqual({ reason: 'host-left' });
    expect(locks.isHeld(hostLockName(roomId))).toBe(false);
    listener.close();
  });
});
