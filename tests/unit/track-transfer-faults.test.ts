/**
 * A track's transfer when something around it goes wrong: a host check slower than the participant's
 * patience, a recording deleted on the participant's computer while it is sent, and a track cut short
 * at the host before it said what type of file it is.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Media from '../../src/media';
import { TrackSender, type SenderFile } from '../../src/features/room/tracks/track-sender';
import { TrackReceiver, type TrackStatus } from '../../src/features/room/tracks/track-receiver';
import { receivedPositions, receivedTrackId } from '../../src/media/storage/received-track';
import { openReceivedTrack } from '../../src/media/client/received-track-writer';
import { repairRecording } from '../../src/media/storage/repair-recording';
import { BLOCK_BYTES, encodeBlock } from '../../src/features/room/tracks/track-transfer-protocol';
import { PodcastTracks } from '../../src/features/room/tracks/podcast-tracks';
import type { RoomStore } from '../../src/features/room/room-store';
import type { ParticipantMedia } from '../../src/media/client/room/room-recorder';
import type { Settings } from '../../src/features/settings';
import { getRecording, putChunk } from '../../src/media/storage/recordings-db';
import { FakeLockManager } from './support/fake-lock-manager';
import { FakeDataChannel, asChannel } from './support/fake-data-channel';
import { fragmentedMp4 } from './support/mp4-fixture';

// A host whose reads of what it held from before are slow (a long track): the test holds them.
const slow = vi.hoisted(() => ({ gate: null as Promise<void> | null }));
vi.mock('../../src/media', async (importOriginal) => {
  const media = await importOriginal<typeof Media>();
  return {
    ...media,
    receivedBlocks: async (id: string) => {
      if (slow.gate) await slow.gate;
      return media.receivedBlocks(id);
    },
  };
});

/** The participant's own file as it grows. */
class GrowingFile {
  bytes = new Uint8Array(0);
  finished = false;
  append(count: number, seed: number): void {
    const next = new Uint8Array(this.bytes.length + count);
    next.set(this.bytes);
    for (let i = this.bytes.length; i < next.length; i++) next[i] = (i * 31 + seed) & 0xff;
    this.bytes = next;
  }
  read = (from: number): Promise<SenderFile> => {
    const offset = Math.min(from, this.bytes.length);
    return Promise.resolve({ bytes: new Blob([this.bytes.slice(offset)]), offset, durationMs: 1, finished: this.finished, mimeType: 'video/webm' });
  };
}

/** The host asks the participant's clock ten times before blocks move: on a loaded machine that takes seconds. */
const SLOW = { timeout: 15_000 };

let recordings = 0;
const ownRecording = () => ({ recordingId: `fault-${String((recordings += 1))}`, createdAt: Date.now(), width: 640, height: 360, startedAt: null, roomSession: null });

function connect(sender: TrackSender, statuses: TrackStatus[]) {
  const [guest, host] = FakeDataChannel.pair(`track:${sender.recording.recordingId}`);
  sender.attach(asChannel(guest));
  new TrackReceiver(asChannel(host), { roomId: 'r', participantId: 'gus', participantName: 'Gus', onStatus: (status) => statuses.push(status), claim: () => true, released: () => undefined });
  guest.open();
  return guest;
}

/**
 * A transfer whose channel dropped once mid-recording: the second channel's host, checking the
 * finished file, reads back the blocks the first one stored, and that read waits for `readBack`.
 */
async function checkingAfterADrop(blocksBeforeDrop: number, seed: number) {
  const file = new GrowingFile();
  const sender = new TrackSender(ownRecording(), { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
  const statuses: TrackStatus[] = [];
  file.append(BLOCK_BYTES * blocksBeforeDrop, seed);
  const first = connect(sender, statuses);
  await vi.waitFor(() => expect(statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * blocksBeforeDrop), SLOW);
  first.close();
  file.append(100, seed + 1);
  file.finished = true;
  sender.finish();
  let readBack: () => void = () => undefined;
  slow.gate = new Promise((resolve) => (readBack = resolve));
  const second = connect(sender, statuses);
  await vi.waitFor(() => expect(statuses.at(-1)?.phase).toBe('checking'), SLOW);
  return { sender, statuses, second, readBack };
}

beforeEach(() => {
  vi.stubGlobal('navigator', { locks: new FakeLockManager() });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  slow.gate = null;
});

describe('a track’s transfer when something goes wrong', { timeout: 30_000 }, () => {
  it('a host that takes longer than the participant waits to read back what it held is heard from meanwhile, and the participant is told received', async () => {
    const { sender, statuses, second, readBack } = await checkingAfterADrop(3, 1);
    // The read back takes over a minute (the clock jumps past the participant's 60 s): the host says it
    // is still at it, so the participant waits instead of starting over.
    const now = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => now() + 61_000);
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(second.readyState).toBe('open');
    readBack();
    await vi.waitFor(() => expect(sender.isDelivered).toBe(true), { timeout: 10_000 });
    expect(statuses.at(-1)?.phase).toBe('received');
    expect(await getRecording(receivedTrackId(sender.recording.recordingId))).toMatchObject({ state: 'done' });
  }, 20_000);

  it('a check whose channel closed meanwhile does not say received: the newer channel does', async () => {
    const { sender, statuses, second, readBack } = await checkingAfterADrop(2, 3);
    second.close();
    const receivedBefore = statuses.filter((status) => status.phase === 'received').length;
    readBack();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statuses.filter((status) => status.phase === 'received').length).toBe(receivedBefore);
    expect((await getRecording(receivedTrackId(sender.recording.recordingId)))?.state).not.toBe('done');
    slow.gate = null;
    connect(sender, statuses);
    await vi.waitFor(() => expect(sender.isDelivered).toBe(true), SLOW);
  });

  it('a track cut short at the host before it said it is MP4 (Safari) is recovered as the MP4 it is', async () => {
    const id = receivedTrackId(`mp4-${String((recordings += 1))}`);
    await openReceivedTrack({ id, name: 'Room recording: Sam', createdAt: 1, width: 2, height: 2, roomSession: undefined });
    // Two and a half seconds of a fragmented MP4 arrived, in blocks; then the host's tab crashed.
    const file = await fragmentedMp4();
    const arrived = file.slice(0, Math.floor(file.length * 0.6));
    for (let at = 0; at < arrived.length; at += BLOCK_BYTES) await putChunk({ recordingId: id, position: at, bytes: new Blob([arrived.slice(at, at + BLOCK_BYTES)]) });
    expect((await getRecording(id))?.mimeType).toBe('video/webm');
    const recovered = await repairRecording(id);
    expect(recovered.durationMs).toBeGreaterThanOrEqual(1000);
    expect(await getRecording(id)).toMatchObject({ state: 'done', mimeType: 'video/mp4' });
  });
});

describe('a participant’s peer that does not behave', { timeout: 30_000 }, () => {
  /** A channel for `recordingId` that says `begin`, and nothing more. */
  function begun(recordingId: string) {
    const [peer, hostEnd] = FakeDataChannel.pair(`track:${recordingId}`);
    new TrackReceiver(asChannel(hostEnd), { roomId: 'r', participantId: 'eve', participantName: 'Eve', onStatus: () => undefined, claim: () => true, released: () => undefined });
    peer.open();
    peer.send(JSON.stringify({ t: 'begin', recordingId, createdAt: 1, width: 2, height: 2, startedAt: null }));
    return Promise.resolve(peer);
  }

  /** A host-side receiver for `recordingId` and the peer's end of its channel, whose acks are counted. */
  async function hostile(recordingId: string) {
    const [peer, hostEnd] = FakeDataChannel.pair(`track:${recordingId}`);
    const statuses: TrackStatus[] = [];
    new TrackReceiver(asChannel(hostEnd), { roomId: 'r', participantId: 'eve', participantName: 'Eve', onStatus: (status) => statuses.push(status), claim: () => true, released: () => undefined });
    const acks: number[] = [];
    peer.onmessage = ({ data }: MessageEvent) => {
      const message = JSON.parse(String(data)) as { t: string; written?: number };
      if (message.t === 'ack') acks.push(message.written ?? 0);
    };
    peer.open();
    peer.send(JSON.stringify({ t: 'begin', recordingId, createdAt: 1, width: 2, height: 2, startedAt: null }));
    await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(0), SLOW);
    peer.send(JSON.stringify({ t: 'progress', recorded: BLOCK_BYTES * 4, durationMs: 1000, finished: false }));
    await vi.waitFor(() => expect(statuses.at(-1)?.totalBytes).toBe(BLOCK_BYTES * 4), SLOW);
    return { peer, acks };
  }

  it('with less than 512 MB of the host’s storage left, a track stops being written and the participant keeps it', async () => {
    const recordingId = `full-${String((recordings += 1))}`;
    const free = { bytes: 10 * 1024 ** 3 };
    vi.stubGlobal('navigator', { locks: new FakeLockManager(), storage: { estimate: () => Promise.resolve({ quota: 20 * 1024 ** 3, usage: 20 * 1024 ** 3 - free.bytes }) } });
    const { peer, acks } = await hostile(recordingId);
    peer.send(JSON.stringify({ t: 'progress', recorded: BLOCK_BYTES * 400, durationMs: 9000, finished: false }));
    for (let i = 0; i < 64; i++) peer.send(encodeBlock(i, new Uint8Array(BLOCK_BYTES)));
    await vi.waitFor(() => expect(acks.at(-1)).toBe(64), SLOW);
    free.bytes = 100 * 1024 ** 2;
    // Looked at every 64 blocks (4 MB): within those the channel closes, the rest not acknowledged.
    // Paced like an honest sender, so the queue's own bound is not what stops them.
    for (let from = 64; from < 192 && peer.readyState === 'open'; from += 32) {
      for (let i = from; i < from + 32; i++) peer.send(encodeBlock(i, new Uint8Array(BLOCK_BYTES)));
      await vi.waitFor(() => expect(acks.at(-1) === from + 32 || peer.readyState !== 'open').toBe(true), SLOW);
    }
    expect(peer.readyState).not.toBe('open');
    expect(acks.at(-1)).toBeLessThan(128);
    // Asked again, it is not taken at all while the storage stays that full.
    const stored = (await receivedPositions(receivedTrackId(recordingId))).length;
    const again = await begun(recordingId);
    again.send(encodeBlock(500, new Uint8Array(BLOCK_BYTES)));
    await vi.waitFor(() => expect(again.readyState).not.toBe('open'));
    expect(await receivedPositions(receivedTrackId(recordingId))).toHaveLength(stored);
  });

  it('one participant may not open track after track: past 32, a new one is refused', () => {
    const store = {
      room: { isHost: true, hostId: 'host', selfId: 'host', participants: [{ id: 'eve', name: 'Eve', isLocal: false }] },
      subscribe: () => () => undefined,
      getSnapshot: () => ({ ownTrack: null, files: [], tracks: [] }),
      update: () => undefined,
    } as unknown as RoomStore;
    const tracks = new PodcastTracks({ store, roomId: 'r', userName: 'Host', media: () => ({}) as ParticipantMedia, settings: () => ({}) as Settings, notify: () => undefined, openChannel: () => null });
    const opened: FakeDataChannel[] = [];
    for (let i = 0; i < 40; i++) {
      const [peer, hostEnd] = FakeDataChannel.pair(`track:flood-${String(i)}`);
      peer.open();
      tracks.channel('eve', asChannel(hostEnd));
      opened.push(hostEnd);
    }
    expect(opened.filter((channel) => channel.readyState !== 'closed')).toHaveLength(32);
    // A reconnection of one already known is still taken.
    const [again, againHost] = FakeDataChannel.pair('track:flood-3');
    again.open();
    tracks.channel('eve', asChannel(againHost));
    expect(againHost.readyState).not.toBe('closed');
    tracks.dispose();
  });
});
