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
