import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PodcastTracks } from '../../src/features/room/tracks/podcast-tracks';
import { addPendingTrack, pendingTracks } from '../../src/features/room/tracks/pending-tracks';
import { RoomStore } from '../../src/features/room/room-store';
import { DEFAULT_SETTINGS } from '../../src/features/settings/settings-schema';
import { deleteRecording, putChunk, putRecording } from '../../src/media/storage/recordings-db';
import type { ParticipantMedia } from '../../src/media';
import { FakeLockManager } from './support/fake-lock-manager';
import { FakeDataChannel, asChannel } from './support/fake-data-channel';
import { TrackSender } from '../../src/features/room/tracks/track-sender';
import { BLOCK_BYTES } from '../../src/features/room/tracks/track-transfer-protocol';

const ROOM_ID = 'podcast-room';
const HOST = 'host-1';
const GUEST = 'guest-1';

/** One side of the room, as PodcastTracks sees it: admitted to Hana's room, as `selfId`. */
function roomSide(selfId: string, openChannel: (participantId: string, label: string) => RTCDataChannel | null = () => null) {
  const store = new RoomStore();
  store.dispatch({ type: 'joining', roomId: ROOM_ID });
  store.dispatch({
    type: 'joined',
    roomId: ROOM_ID,
    roomName: "Hana's room",
    hostId: HOST,
    selfId,
    participants: [
      { id: HOST, name: 'Hana', isHost: true, joinedAt: 1 },
      { id: GUEST, name: 'Gus', isHost: false, joinedAt: 2 },
    ],
    local: { videoEnabled: true, audioEnabled: true },
  });
  const tracks = new PodcastTracks({
    store,
    roomId: ROOM_ID,
    userName: selfId === HOST ? 'Hana' : 'Gus',
    media: () => ({}) as ParticipantMedia,
    settings: () => DEFAULT_SETTINGS,
    notify: () => undefined,
    openChannel,
  });
  return { store, tracks };
}

/** A finished own recording of this room, 3 blocks long, not yet delivered to the host. */
async function ownRecording(id: string): Promise<void> {
  const size = 3 * 256 * 1024;
  const createdAt = Date.now();
  await putRecording({ id, name: 'Room recording', mode: 'room-separate', state: 'done', createdAt, updatedAt: createdAt, durationMs: 4000, size, mimeType: 'video/webm', width: 1280, height: 720 });
  await putChunk({ recordingId: id, position: 0, bytes: new Blob([new Uint8Array(size)]) });
  addPendingTrack({ roomId: ROOM_ID, recordingId: id, createdAt, width: 1280, height: 720, startedAt: null, roomSession: null });
}

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  const storage = new Map<string, string>();
  vi.stubGlobal('navigator', { locks: new FakeLockManager() });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PodcastTracks, a participant’s side', () => {
  it('a recording deleted from this computer while on its way to the host is no longer sent, nor said to be', async () => {
    const opened: FakeDataChannel[] = [];
    let hostReachable = false;
    const host = roomSide(HOST);
    const { store, tracks } = roomSide(GUEST, (_participantId, label) => {
      if (!hostReachable) return null;
      const [guestEnd, hostEnd] = FakeDataChannel.pair(label);
      opened.push(guestEnd);
      host.tracks.channel(GUEST, asChannel(hostEnd));
      // The transport comes up on a later task, as a real channel's does.
      setTimeout(() => {
        guestEnd.open();
      }, 0);
      return asChannel(guestEnd);
    });
    try {
      await ownRecording('own-deleted');
      // Rejoined while the host cannot be reached yet: the track waits to be sent.
      tracks.admitted();
      await settle(200);
      expect(opened).toEqual([]);
      expect(pendingTracks(ROOM_ID).map((t) => t.recordingId)).toEqual(['own-deleted']);

      // The person deletes it from their library; then the host's connection comes up.
      await deleteRecording('own-deleted');
      hostReachable = true;
      tracks.peerReady(HOST);
      await vi.waitFor(() => {
        expect(pendingTracks(ROOM_ID)).toEqual([]);
      });
      expect(store.getSnapshot().ownTrack).toBeNull();
      expect(opened.every((channel) => channel.readyState === 'closed')).toBe(true);

      // Nothing is sent again when the host's connection comes back once more.
      const channels = opened.length;
      tracks.peerReady(HOST);
      await settle();
      expect(opened).toHaveLength(channels);
    } finally {
      tracks.dispose();
      host.tracks.dispose();
    }
  });
});

describe('PodcastTracks, the host’s side', () => {
  it('the card shows a track’s new phase at once, and its figures at most once a second', async () => {
    const { store, tracks } = roomSide(HOST);
    const shown: { at: number; phases: string; bytes: string }[] = [];
    const unsubscribe = store.subscribe(() => {
      const list = store.getSnapshot().tracks;
      const update = { at: Date.now(), phases: list.map((t) => t.phase).join(), bytes: list.map((t) => t.receivedBytes).join() };
      if (shown.at(-1)?.phases !== update.phases || shown.at(-1)?.bytes !== update.bytes) shown.push(update);
    });
    // The guest's file grows by a block every 40 ms: the megabytes received change many times a second.
    let bytes = new Uint8Array(0);
    let finished = false;
    const sender = new TrackSender(
      { recordingId: 'own-figures', createdAt: Date.now(), width: 640, height: 360, startedAt: null, roomSession: null },
      {
        readFile: (from) => {
          const offset = Math.min(from, bytes.length);
          return Promise.resolve({ bytes: new Blob([bytes.slice(offset)]), offset, durationMs: 1, finished, mimeType: 'video/webm' });
        },
        onProgress: () => undefined,
        reopen: () => undefined,
      },
    );
    const [guestEnd, hostEnd] = FakeDataChannel.pair('track:own-figures');
    sender.attach(asChannel(guestEnd));
    tracks.channel(GUEST, asChannel(hostEnd));
    guestEnd.open();
    try {
      for (let i = 0; i < 75; i++) {
        const next = new Uint8Array(bytes.length + BLOCK_BYTES);
        next.set(bytes);
        next.fill(i & 0xff, bytes.length);
        bytes = next;
        await settle(40);
      }
      finished = true;
      sender.finish();
      await vi.waitFor(() => expect(store.getSnapshot().tracks[0]?.phase).toBe('received'), { timeout: 10_000 });
      const figuresOnly = shown.filter((update, i) => i > 0 && update.phases === shown[i - 1]?.phases);
      const recording = figuresOnly.filter((update) => update.phases === 'recording');
      // The figures did move while recording, and never sooner than a second after the card was last drawn.
      expect(recording.length).toBeGreaterThanOrEqual(2);
      for (const update of figuresOnly) {
        const before = shown[shown.indexOf(update) - 1];
        expect(update.at - (before?.at ?? 0)).toBeGreaterThanOrEqual(950);
      }
      // Each phase the track went through was shown.
      expect(shown.map((update) => update.phases).filter((phases, i, all) => phases !== all[i - 1])).toEqual(expect.arrayContaining(['recording', 'received']));
    } finally {
      unsubscribe();
      sender.dispose();
      tracks.dispose();
    }
  }, 20_000);
});
