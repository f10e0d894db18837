import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomSession, type RoomPeersPort, type SessionContext, type SessionEnd } from '../../src/features/room/room-session';
import { RoomStore } from '../../src/features/room/room-store';
import type { RoomNotice } from '../../src/features/room/room-notice';
import { LocalSignaling } from '../../src/features/room/signaling/local-signaling';
import { DEFAULT_SETTINGS } from '../../src/features/settings/settings-schema';
import { FakeLockManager } from './support/fake-lock-manager';
import { deferred, FakeTrack } from './support/fake-media';
import { SEPARATE_RECORDING_CALL_VIDEO, type CallVideoLimit } from '../../src/features/room/peers/call-video-limit';

/**
 * One participant's time in a room, in Node: each session is a tab of one browser, meeting through
 * the real in-browser room host (LocalSignaling over Node's BroadcastChannel and a shared lock
 * manager). Devices are fakes, and so are the peer connections: WebRTC is tested end to end in
 * the browser suites; here the session's part is that it adds and removes the right peers.
 */

class FakeMediaStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => this.tracks;
  getVideoTracks = () => this.tracks.filter((track) => track.kind === 'video');
  getAudioTracks = () => this.tracks.filter((track) => track.kind === 'audio');
}

class FakePeers implements RoomPeersPort {
  readonly added: string[] = [];
  readonly removed: string[] = [];
  closed = false;
  setLocalTracks = (): void => undefined;
  /** Every call-video limit the session set, in order. */
  readonly limits: (CallVideoLimit | null)[] = [];
  limitVideo(limit: CallVideoLimit | null): void {
    this.limits.push(limit);
  }
  broadcast = (): void => undefined;
  handleSignal = (): void => undefined;
  setIceServers = (): void => undefined;
  openChannel = (): RTCDataChannel | null => null;
  add(participantId: string): void {
    this.added.push(participantId);
  }
  remove(participantId: string): void {
    this.removed.push(participantId);
  }
  close(): void {
    this.closed = true;
  }
}

interface Tab {
  session: RoomSession;
  store: RoomStore;
  signaling: LocalSignaling;
  notices: RoomNotice[];
  ended: SessionEnd[];
  peers: FakePeers[];
}

let roomCount = 0;
let roomId = '';
let storage: Map<string, string>;
let tracks: FakeTrack[];
let cameraPrompt: (() => Promise<FakeMediaStream>) | null;
const tabs: Tab[] = [];

function tab(name: string, selfId: string, allowCreate = true): Tab {
  const store = new RoomStore();
  const signaling = new LocalSignaling({ selfId, allowCreate: () => allowCreate });
  const notices: RoomNotice[] = [];
  const ended: SessionEnd[] = [];
  const peers: FakePeers[] = [];
  const context: SessionContext = {
    roomId,
    userName: name,
    store,
    signaling,
    iceServers: [],
    settings: () => DEFAULT_SETTINGS,
    notify: (notice) => notices.push(notice),
    guestDialogOpen: () => false,
    setFiles: () => undefined,
    downloadFiles: () => undefined,
    ended: (outcome) => ended.push(outcome),
    createPeers: () => {
      const made = new FakePeers();
      peers.push(made);
      return made;
    },
  };
  const made = { session: new RoomSession(context), store, signaling, notices, ended, peers };
  tabs.push(made);
  return made;
}

/** Lets BroadcastChannel messages in flight arrive (Node delivers them on later turns of its event loop). */
async function channelsQuiet(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A hosted room with one guest the host let in. */
async function hostWithGuest(): Promise<{ host: Tab; guest: Tab }> {
  const host = tab('Ada', 'host-1');
  await host.session.join();
  const guest = tab('Grace', 'guest-1');
  await guest.session.join();
  await channelsQuiet();
  await host.session.host.approveGuest('guest-1');
  await channelsQuiet();
  return { host, guest };
}

beforeEach(() => {
  roomId = `room-${String(++roomCount)}`;
  storage = new Map();
  tracks = [];
  cameraPrompt = null;
  const granted = (constraints: MediaStreamConstraints) => {
    const made = [...(constraints.video ? [new FakeTrack('video')] : []), ...(constraints.audio ? [new FakeTrack('audio')] : [])];
    tracks.push(...made);
    return new FakeMediaStream(made);
  };
  vi.stubGlobal('navigator', {
    locks: new FakeLockManager(),
    mediaDevices: { getUserMedia: (constraints: MediaStreamConstraints) => (cameraPrompt ? cameraPrompt() : Promise.resolve(granted(constraints))) },
  });
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});

afterEach(() => {
  for (const { session } of tabs.splice(0)) session.dispose();
  vi.unstubAllGlobals();
});

describe('RoomSession', () => {
  it('the first to join a room hosts it: devices asked, room entered, remembered for a reload', async () => {
    const host = tab('Ada', 'host-1');
    await host.session.join();
    expect(host.store.room).toMatchObject({ phase: 'joined', isHost: true, selfId: 'host-1', roomId });
    expect(host.notices.map((n) => n.title)).toEqual(['Room Created']);
    expect(tracks.map((t) => t.kind)).toEqual(['video', 'audio']);
    expect(host.store.getSnapshot().streams.has('host-1')).toBe(true);
    expect(host.store.getSnapshot().devices).toEqual({ camera: true, microphone: true });
    expect(JSON.stringify([...storage.values()])).toContain(roomId);
  });

  it('a guest waits for the host, is let in, and each side adds the other as a peer', async () => {
    const host = tab('Ada', 'host-1');
    await host.session.join();
    const guest = tab('Grace', 'guest-1');
    await guest.session.join();
    await channelsQuiet();
    expect(guest.store.room.phase).toBe('waiting');
    expect(host.store.room.pendingGuests.map((g) => g.id)).toEqual(['guest-1']);
    await host.session.host.approveGuest('guest-1');
    await channelsQuiet();
    expect(guest.store.room).toMatchObject({ phase: 'joined', isHost: false, hostId: 'host-1' });
    expect(guest.notices.map((n) => n.title)).toContain('Joined Room');
    expect(guest.peers[0]?.added).toEqual(['host-1']);
    expect(host.store.room.participants.map((p) => p.id)).toEqual(['host-1', 'guest-1']);
    expect(host.peers[0]?.added).toEqual(['guest-1']);
  });

  it('while a Separate recording runs, every participant sends the call a smaller camera, and a late joiner too', async () => {
    const { host, guest } = await hostWithGuest();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // no recorder in a unit test: own tracks cannot start
    await host.signaling.emit('start-recording', { roomId, mode: 'separate' });
    await channelsQuiet();
    expect(host.peers[0]?.limits).toEqual([SEPARATE_RECORDING_CALL_VIDEO]);
    expect(guest.peers[0]?.limits).toEqual([SEPARATE_RECORDING_CALL_VIDEO]);
    const late = tab('Lin', 'guest-2');
    await late.session.join();
    await channelsQuiet();
    await host.session.host.approveGuest('guest-2');
    await channelsQuiet();
    expect(late.peers[0]?.limits).toEqual([SEPARATE_RECORDING_CALL_VIDEO]);
    await host.signaling.emit('stop-recording', { roomId });
    await channelsQuiet();
    expect(host.peers[0]?.limits.at(-1)).toBeNull();
    expect(late.peers[0]?.limits.at(-1)).toBeNull();
    // A mixed recording is the call as seen: the camera goes at full size.
    await host.signaling.emit('start-recording', { roomId, mode: 'mixed' });
    await channelsQuiet();
    expect(guest.peers[0]?.limits).toEqual([SEPARATE_RECORDING_CALL_VIDEO, null]);
  });

  it('after a Separate recording’s Stop, the host keeps the call small until every track has arrived', async () => {
    const { host } = await hostWithGuest();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await host.signaling.emit('start-recording', { roomId, mode: 'separate' });
    await channelsQuiet();
    const track = { recordingId: 'r1', participantId: 'guest-1', name: 'Gus', createdAt: 0, phase: 'recording' as const, receivedBytes: 0, totalBytes: 0, durationMs: 0, bytesPerSecond: 0, storedId: 'received-r1' };
    host.store.update({ tracks: [track] });
    await host.signaling.emit('stop-recording', { roomId });
    await channelsQuiet();
    host.store.update({ tracks: [{ ...track, phase: 'sending' }] });
    host.store.update({ tracks: [{ ...track, phase: 'checking' }] });
    expect(host.peers[0]?.limits).toEqual([SEPARATE_RECORDING_CALL_VIDEO]);
    host.store.update({ tracks: [{ ...track, phase: 'received' }] });
    expect(host.peers[0]?.limits).toEqual([SEPARATE_RECORDING_CALL_VIDEO, null]);
  });

  it('a guest the host removes is ended as kicked; the host drops their peer', async () => {
    const { host, guest } = await hostWithGuest();
    await host.session.host.kick('guest-1');
    await channelsQuiet();
    expect(guest.ended).toEqual([{ kind: 'kicked' }]);
    expect(guest.store.room.phase).toBe('idle');
    expect(guest.peers[0]?.closed).toBe(true);
    expect(host.peers[0]?.removed).toEqual(['guest-1']);
    expect(host.notices.map((n) => n.title)).toContain('Participant Left');
  });

  it('when the host leaves, the guest’s session ends with the room, and every device is let go', async () => {
    const { host, guest } = await hostWithGuest();
    host.session.leave();
    await vi.waitFor(async () => {
      await channelsQuiet();
      expect(guest.ended).toEqual([{ kind: 'room-ended' }]);
    });
    expect(tracks.every((t) => t.stops === 1)).toBe(true);
    expect(storage.size).toBe(0);
  });

  it('a join refused by the room ends the session with the reason', async () => {
    const refused = tab('Ada', 'host-1', false);
    await refused.session.join();
    expect(refused.ended).toEqual([{ kind: 'join-failed', message: 'Too many room creation attempts. Please wait before creating another room.' }]);
    expect(refused.store.room.phase).toBe('idle');
    expect(tracks.every((t) => t.stops === 1)).toBe(true);
  });

  it('leaving while the browser still asks for the camera never reaches the room, and lets the late devices go', async () => {
    const prompt = deferred<FakeMediaStream>();
    cameraPrompt = () => prompt.promise;
    const host = tab('Ada', 'host-1');
    const joining = host.session.join();
    host.session.dispose();
    const late = [new FakeTrack('video'), new FakeTrack('audio')];
    prompt.resolve(new FakeMediaStream(late));
    await joining;
    expect(late.map((t) => t.stops)).toEqual([1, 1]);
    expect(host.store.room.phase).toBe('idle');
    expect(host.peers).toHaveLength(0);
    // Nobody holds the room: the next tab to arrive hosts it.
    cameraPrompt = null;
    const next = tab('Grace', 'host-2');
    await next.session.join();
    expect(next.store.room.isHost).toBe(true);
  });
});
