import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BLOCK_BYTES, READ_BLOCKS, blockCount, blocksToResend, decodeBlock, digestFile, encodeBlock, parseReceiverMessage, parseSenderMessage, toRanges } from '../../src/features/room/tracks/track-transfer-protocol';
import { NO_PICTURE_SIZE, ownTrackSize } from '../../src/features/room/tracks/own-track-size';
import { ownTrackText, timeLeft, trackStatusText } from '../../src/features/room/tracks/track-status-text';
import type { TrackStatus } from '../../src/features/room/tracks/track-receiver';
import { recordingModeFromSearch } from '../../src/features/room/recording/recording-mode-link';
import { parsePendingTracks } from '../../src/features/room/tracks/pending-tracks';
import { announcedSession } from '../../src/features/room/tracks/recording-session';

describe('track transfer messages', () => {
  it('a block travels as its index and bytes, and nothing that cannot be a block is taken for one', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const decoded = decodeBlock(encodeBlock(70_000, bytes));
    expect(decoded?.index).toBe(70_000);
    expect([...(decoded?.bytes ?? [])]).toEqual([1, 2, 3]);
    expect(decodeBlock(new ArrayBuffer(4))).toBeNull();
    expect(decodeBlock(new ArrayBuffer(4 + BLOCK_BYTES + 1))).toBeNull();
    expect(decodeBlock(encodeBlock(0xffffffff, bytes))).toBeNull();
  });

  it('parses only well-formed messages of the right side', () => {
    expect(parseSenderMessage(JSON.stringify({ t: 'progress', recorded: 10, durationMs: 5, finished: false }))).toEqual({ t: 'progress', recorded: 10, durationMs: 5, finished: false });
    expect(parseSenderMessage(JSON.stringify({ t: 'have', count: 1 }))).toBeNull();
    expect(parseSenderMessage(JSON.stringify({ t: 'final', size: -1, durationMs: 0, sha256: 'a'.repeat(64), hashMessages: 1 }))).toBeNull();
    expect(parseSenderMessage(JSON.stringify({ t: 'hashes', from: 0, list: ['xyz'] }))).toBeNull();
    expect(parseSenderMessage('x'.repeat(70_000))).toBeNull();
    expect(parseSenderMessage(new ArrayBuffer(8))).toBeNull();
    expect(parseReceiverMessage(JSON.stringify({ t: 'received', sha256: 'f'.repeat(64) }))).toEqual({ t: 'received', sha256: 'f'.repeat(64) });
    expect(parseReceiverMessage(JSON.stringify({ t: 'want', ranges: [[1.5, 2]] }))).toBeNull();
    expect(parseReceiverMessage(JSON.stringify({ t: 'want', ranges: [[0, 3]] }))).toEqual({ t: 'want', ranges: [[0, 3]] });
  });

  it('takes a begin from an app older than track starts, with no start, and clock messages only with real instants', () => {
    const begin = { t: 'begin', recordingId: 'own-1', createdAt: 1, width: 640, height: 360 };
    expect(parseSenderMessage(JSON.stringify(begin))).toEqual({ ...begin, startedAt: null, roomSession: null });
    expect(parseSenderMessage(JSON.stringify({ ...begin, startedAt: 1_780_000_000_000.25 }))).toEqual({ ...begin, startedAt: 1_780_000_000_000.25, roomSession: null });
    expect(parseSenderMessage(JSON.stringify({ ...begin, startedAt: -5 }))).toBeNull();
    expect(parseSenderMessage(JSON.stringify({ t: 'clock-reply', sent: 10.5, at: 20 }))).toEqual({ t: 'clock-reply', sent: 10.5, at: 20 });
    expect(parseSenderMessage(JSON.stringify({ t: 'clock-reply', sent: 10, at: '20' }))).toBeNull();
    expect(parseReceiverMessage(JSON.stringify({ t: 'clock', sent: 1e20 }))).toBeNull();
  });

  it('takes a final with the file’s type (WebM or MP4 only), or without one from an older app', () => {
    const final = { t: 'final', size: 10, durationMs: 5, sha256: 'a'.repeat(64), hashMessages: 1 };
    // An older app says neither its file's type nor what its digest is of: the file itself.
    expect(parseSenderMessage(JSON.stringify(final))).toEqual({ ...final, mimeType: null, check: 'file' });
    expect(parseSenderMessage(JSON.stringify({ ...final, check: 'blocks' }))).toEqual({ ...final, mimeType: null, check: 'blocks' });
    expect(parseSenderMessage(JSON.stringify({ ...final, check: 'bytes' }))).toBeNull();
    expect(parseSenderMessage(JSON.stringify({ ...final, mimeType: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2' }))).toEqual({ ...final, check: 'file', mimeType: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2' });
    expect(parseSenderMessage(JSON.stringify({ ...final, mimeType: 'video/webm' }))).toEqual({ ...final, check: 'file', mimeType: 'video/webm' });
    expect(parseSenderMessage(JSON.stringify({ ...final, mimeType: 'text/html' }))).toBeNull();
    expect(parseSenderMessage(JSON.stringify({ ...final, mimeType: 'video/mp4;' + 'x'.repeat(300) }))).toBeNull();
  });

  it('takes a begin from an app older than room sessions, with none, and a session only of a real room and instant', () => {
    const begin = { t: 'begin', recordingId: 'own-1', createdAt: 1, width: 640, height: 360, startedAt: 5 };
    const roomSession = { roomId: 'podcast-room_1', startedAt: 1_780_000_000_000 };
    expect(parseSenderMessage(JSON.stringify(begin))).toEqual({ ...begin, roomSession: null });
    expect(parseSenderMessage(JSON.stringify({ ...begin, roomSession: null }))).toEqual({ ...begin, roomSession: null });
    expect(parseSenderMessage(JSON.stringify({ ...begin, roomSession }))).toEqual({ ...begin, roomSession });
    // Nothing more than the pair is kept from a peer.
    expect(parseSenderMessage(JSON.stringify({ ...begin, roomSession: { ...roomSession, extra: 'x'.repeat(100) } }))).toEqual({ ...begin, roomSession });
    for (const bad of [{ ...roomSession, roomId: '../other' }, { ...roomSession, roomId: 'r'.repeat(65) }, { ...roomSession, roomId: '' }, { ...roomSession, startedAt: -1 }, { ...roomSession, startedAt: 1e16 }, { roomId: 'podcast-room' }, 'podcast-room']) {
      expect(parseSenderMessage(JSON.stringify({ ...begin, roomSession: bad }))).toBeNull();
    }
  });

  it('asks for blocks again as ranges, a bounded number at a time', () => {
    expect(toRanges([0, 1, 2, 5, 7, 8])).toEqual([[0, 3], [5, 6], [7, 9]]);
    expect(toRanges([0, 2, 4, 6], 2)).toEqual([[0, 1], [2, 3]]);
    expect(toRanges([])).toEqual([]);
  });

  it('digests a file block by block, the SHA-256 of its blocks’ SHA-256s, and on request its own SHA-256', async () => {
    // More blocks than one read takes, so reads ahead are joined in order.
    const bytes = new Uint8Array(BLOCK_BYTES * (READ_BLOCKS + 2) + 17).map((_, i) => (i * 7 + (i >> 16)) & 0xff);
    const sha = (part: Uint8Array) => createHash('sha256').update(part).digest();
    const blockShas = Array.from({ length: blockCount(bytes.length) }, (_, i) => sha(bytes.subarray(i * BLOCK_BYTES, (i + 1) * BLOCK_BYTES)));
    const full = await digestFile(new Blob([bytes]), { ofFile: true });
    expect(full.ofFile).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(full.ofBlocks).toBe(createHash('sha256').update(Buffer.concat(blockShas)).digest('hex'));
    const { blocks, ofBlocks, ofFile } = await digestFile(new Blob([bytes]), { ofFile: false });
    expect([ofBlocks, ofFile]).toEqual([full.ofBlocks, null]);
    expect(blocks).toEqual(blockShas.map((digest) => digest.subarray(0, 8).toString('hex')));
    expect(blocks).toHaveLength(blockCount(bytes.length));
    expect(blocksToResend(blocks.slice(0, 3), [blocks[0], 'different', undefined])).toEqual([1, 2]);
    expect(blocksToResend(blocks, blocks)).toEqual([]);
  });
});

describe('own track size', () => {
  it('keeps the capture size within the Settings quality, scaled as one and even', () => {
    expect(ownTrackSize({ width: 1280, height: 720 }, { width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 });
    expect(ownTrackSize({ width: 3840, height: 2160 }, { width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 });
    expect(ownTrackSize({ width: 1080, height: 1920 }, { width: 1280, height: 720 })).toEqual({ width: 404, height: 720 });
    expect(ownTrackSize({ width: 641, height: 481 }, { width: 1920, height: 1080 })).toEqual({ width: 640, height: 480 });
    expect(ownTrackSize(null, { width: 1920, height: 1080 })).toEqual(NO_PICTURE_SIZE);
    expect(ownTrackSize({ width: 0 }, { width: 1920, height: 1080 })).toEqual(NO_PICTURE_SIZE);
  });
});

describe('podcast track wording', () => {
  const track: TrackStatus = {
    recordingId: 'r',
    participantId: 'p',
    name: 'Gus',
    createdAt: 0,
    phase: 'sending',
    receivedBytes: 3 * 1024 * 1024,
    totalBytes: 5 * 1024 * 1024,
    durationMs: 0,
    bytesPerSecond: 512 * 1024,
    storedId: 's',
  };

  it('says where each participant’s track is, for the host', () => {
    expect(trackStatusText(track)).toBe('Gus: sending 60% (3.0 MB of 5.0 MB, about 4 s left)');
    expect(trackStatusText({ ...track, phase: 'recording' })).toBe('Gus: recording on their computer, 3.0 MB received');
    expect(trackStatusText({ ...track, phase: 'waiting' })).toBe('Gus: waiting for them to come back (3.0 MB received)');
    expect(trackStatusText({ ...track, phase: 'received', receivedBytes: track.totalBytes })).toBe('Gus: received ✓ (5.0 MB)');
    expect(timeLeft(600 * 1024 * 1024, 1024 * 1024)).toBe('about 10 min left');
    expect(timeLeft(10, 0)).toBeNull();
  });

  it('says where their own recording is, for the participant', () => {
    expect(ownTrackText({ phase: 'recording', sentBytes: 0, totalBytes: 0 })).toBe('Recording on this computer');
    expect(ownTrackText({ phase: 'sending', sentBytes: 64, totalBytes: 100 })).toBe('Sending your recording to the host: 64%');
    expect(ownTrackText({ phase: 'sent', sentBytes: 100, totalBytes: 100 })).toBe('Your recording reached the host.');
  });
});

describe('recording mode in a room link', () => {
  it('reads only a known mode', () => {
    expect(recordingModeFromSearch('?recording=separate')).toBe('separate');
    expect(recordingModeFromSearch('?recording=everything')).toBeUndefined();
    expect(recordingModeFromSearch('')).toBeUndefined();
  });
});

describe('undelivered tracks remembered in this browser', () => {
  const entry = { roomId: 'podcast-room', recordingId: 'own-1', createdAt: Date.now(), width: 1280, height: 720, startedAt: 1_780_000_000_000 };

  it('reads an entry written before sessions were kept, with none, and one with its session', () => {
    expect(parsePendingTracks(JSON.stringify([entry]))).toEqual([{ ...entry, roomSession: null }]);
    const roomSession = { roomId: 'podcast-room', startedAt: 1_780_000_000_000 };
    expect(parsePendingTracks(JSON.stringify([{ ...entry, roomSession }]))).toEqual([{ ...entry, roomSession }]);
  });

  it('ignores a list with anything malformed in it, and entries too old to offer', () => {
    expect(parsePendingTracks(JSON.stringify([{ ...entry, roomSession: { roomId: 'a b', startedAt: 1 } }]))).toEqual([]);
    expect(parsePendingTracks(JSON.stringify([{ ...entry, roomSession: { roomId: 'podcast-room', startedAt: 'soon' } }]))).toEqual([]);
    expect(parsePendingTracks('{not json')).toEqual([]);
    expect(parsePendingTracks(null)).toEqual([]);
    expect(parsePendingTracks(JSON.stringify([{ ...entry, createdAt: Date.now() - 8 * 24 * 60 * 60 * 1000 }]))).toEqual([]);
  });
});

describe('the room recording an announcement names', () => {
  it('is the room and the announced start, or none when the start cannot be an instant', () => {
    expect(announcedSession('podcast-room', 1_780_000_000_000)).toEqual({ roomId: 'podcast-room', startedAt: 1_780_000_000_000 });
    expect(announcedSession('podcast-room', null)).toBeNull();
    expect(announcedSession('podcast-room', Number.NaN)).toBeNull();
    expect(announcedSession('podcast-room', -3)).toBeNull();
  });
});
