import 'fake-indexeddb/auto';
import { ALL_FORMATS, BlobSource, EncodedPacketSink, Input } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { bookReserve, getRecording, openRecordingsDb, putChunk, putRecording, readRecordingFile, rewriteKey, type RecordingRow } from '../../src/media/storage/recordings-db';
import { repairRecording } from '../../src/media/storage/repair-recording';
import { NotEnoughSpaceError, rewriteSpace } from '../../src/media/storage/rewrite-space';
import { rewriteAsSeekable } from '../../src/media/storage/rewrite-recording';
import { ID } from '../../src/media/container/webm/ebml';
import { joinChunks, recordSyntheticWebm } from './support/webm-fixture';

const MB = 1024 * 1024;

/** Where a Cues element starts (the synthetic payloads are constant bytes, so only the element has its id), or -1. */
function cuesAt(file: Uint8Array): number {
  const id = [ID.cues >>> 24, (ID.cues >>> 16) & 0xff, (ID.cues >>> 8) & 0xff, ID.cues & 0xff];
  return file.findIndex((_, at) => id.every((byte, i) => file[at + i] === byte));
}

async function storeMediaRecorderFile(id: string, seconds: number, pieceBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const appended = joinChunks((await recordSyntheticWebm(seconds, 1, { appendOnly: true })).finished);
  // MediaRecorder writes no cue index at the end.
  const cues = cuesAt(appended);
  const file = (cues < 0 ? appended : appended.slice(0, cues)) as Uint8Array<ArrayBuffer>;
  const row: RecordingRow = {
    id,
    name: 'Screen Only recording',
    mode: 'screen-only',
    state: 'finalizing',
    createdAt: 1,
    updatedAt: 1,
    durationMs: 0,
    size: file.length,
    mimeType: 'video/webm',
    width: 640,
    height: 360,
  };
  await putRecording(row);
  await bookReserve(id);
  // As MediaRecorder's one-second pieces land: many chunks, none of them aligned to anything.
  for (let at = 0; at < file.length; at += pieceBytes) {
    await putChunk({ recordingId: id, position: at, bytes: new Blob([file.slice(at, at + pieceBytes)]) });
  }
  return file;
}

describe('rewriting a MediaRecorder file as a seekable WebM through the chunk store', () => {
  it('recovers it into a file with a duration and cues, swaps files in one step, and leaves nothing of the original', async () => {
    const original = await storeMediaRecorderFile('mr-1', 6, 7777);
    const input = new Input({ source: new BlobSource(new Blob([original])), formats: ALL_FORMATS });
    expect(await input.computeDuration()).toBeGreaterThan(5.9);
    const progress: number[] = [];
    const result = await repairRecording('mr-1', (fraction) => progress.push(fraction));
    expect(progress.at(-1)).toBe(1);
    expect(result.durationMs).toBeGreaterThanOrEqual(5900);
    expect(result.durationMs).toBeLessThanOrEqual(6100);
    const row = await getRecording('mr-1');
    expect(row).toMatchObject({ state: 'done', fileKey: rewriteKey('mr-1'), size: result.size, durationMs: result.durationMs });

    const rewritten = new Uint8Array(await (await readRecordingFile('mr-1')).arrayBuffer());
    expect(rewritten.length).toBe(result.size);
    // A cue index and a duration, which the original lacked: players can seek in it.
    expect(cuesAt(original)).toBe(-1);
    expect(cuesAt(rewritten)).toBeGreaterThan(0);
    const seekable = new Input({ source: new BlobSource(new Blob([rewritten])), formats: ALL_FORMATS });
    const video = await seekable.getPrimaryVideoTrack();
    if (!video) throw new Error('no video track');
    const key = await new EncodedPacketSink(video).getKeyPacket(4.5);
    expect(key?.timestamp).toBe(4);

    const db = await openRecordingsDb();
    expect(await db.getAllKeys('chunks', IDBKeyRange.bound(['mr-1', -Infinity], ['mr-1', Infinity]))).toEqual([]);
    // Recovering again changes nothing.
    await repairRecording('mr-1');
    expect(new Uint8Array(await (await readRecordingFile('mr-1')).arrayBuffer())).toEqual(rewritten);
  });
});

describe('two rewrites of one recording at once', () => {
  it('Stop’s rewrite and a repair racing it (an error while Stop finishes, Recover in two tabs) leave one whole, seekable file', async () => {
    for (const [index, lateBy] of [0, 1, 5, 20, 50].entries()) {
      const id = `mr-race-${String(index)}`;
      await storeMediaRecorderFile(id, 6, 7777);
      const ticks = async (count: number) => {
        for (let i = 0; i < count; i++) await Promise.resolve();
      };
      const results = await Promise.allSettled([repairRecording(id), ticks(lateBy).then(() => rewriteAsSeekable(id, { durationMs: 6000 }))]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const row = await getRecording(id);
      expect(row).toMatchObject({ state: 'done', fileKey: rewriteKey(id) });
      const file = await readRecordingFile(id);
      expect(file.size).toBe(row?.size);
      const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
      expect(await input.computeDuration()).toBeGreaterThan(5.9);
      expect(cuesAt(new Uint8Array(await file.arrayBuffer()))).toBeGreaterThan(0);
    }
  });
});

describe('the space a rewrite needs', () => {
  it('is the file’s size and a margin, against what the browser says is free', () => {
    expect(rewriteSpace(1000 * MB, { quota: 5000 * MB, usage: 1200 * MB })).toEqual({ needed: Math.ceil(1010 * MB) + 8 * MB, free: 3800 * MB });
    expect(rewriteSpace(10, { usage: 5 }).free).toBe(Infinity);
    expect(rewriteSpace(10, { quota: 5, usage: 9 }).free).toBe(0);
  });

  it('when short, says how much to free and that nothing is lost', () => {
    const error = new NotEnoughSpaceError({ needed: 3 * 1024 * MB, free: 1024 * MB });
    expect(error.name).toBe('NotEnoughSpaceError');
    expect(error.message).toBe(
      'Finishing this recording needs 3.00 GB of free storage and only 1.00 GB is free. Free up 2.00 GB (delete old recordings or other files), then try again: nothing recorded is lost',
    );
  });
});
