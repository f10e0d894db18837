/**
 * Where a browser's MediaRecorder writes MP4 instead of WebM (Safari before 18.4), the studio stores
 * a fragmented MP4: an `ftyp` and a `moov` that describe the tracks, then one `moof` + `mdat` pair
 * per fragment, each playable on its own. A recording cut off by a crash ends somewhere inside a
 * fragment; keeping everything up to the last whole fragment leaves a file that plays and seeks.
 * Pure: it only reads the top-level box headers through a ByteReader.
 */
import type { ByteReader } from '../webm/webm-reader';
import { NothingToRecoverError } from '../webm/repair-plan';

export interface FragmentedRepair {
  /** Bytes kept from the start of the file. */
  keepBytes: number;
  /** Bytes after them: the fragment the crash cut short, if any. */
  droppedBytes: number;
  /** Whole fragments kept. */
  fragments: number;
}

/** The size of the box starting at `at`, or null when the file ends inside its header or body. */
async function wholeBoxAt(read: ByteReader, at: number, fileSize: number): Promise<{ type: string; size: number } | null> {
  if (fileSize - at < 8) return null;
  const header = await read(at, Math.min(16, fileSize - at));
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const type = String.fromCharCode(...header.subarray(4, 8));
  const size32 = view.getUint32(0);
  let size = size32;
  if (size32 === 1) {
    if (header.length < 16) return null;
    size = Number(view.getBigUint64(8));
  } else if (size32 === 0) {
    // "To the end of the file": a box still being written when the recording stopped.
    return null;
  }
  if (size < 8 || at + size > fileSize) return null;
  return { type, size };
}

export async function planFragmentedMp4Repair(read: ByteReader, fileSize: number): Promise<FragmentedRepair> {
  let at = 0;
  let keepBytes = 0;
  let fragments = 0;
  let sawMoov = false;
  let openFragment = false;
  for (;;) {
    const box = await wholeBoxAt(read, at, fileSize);
    if (!box) break;
    if (at === 0 && box.type !== 'ftyp') throw new NothingToRecoverError();
    at += box.size;
    if (box.type === 'moov') {
      sawMoov = true;
      keepBytes = at;
    } else if (box.type === 'moof') {
      openFragment = true;
    } else if (box.type === 'mdat' && openFragment) {
      // A fragment is whole once its media has been written after its header.
      openFragment = false;
      fragments += 1;
      keepBytes = at;
    } else if (!openFragment && sawMoov) {
      keepBytes = at; // anything else between fragments (free, sidx, mfra) is kept as it is
    }
  }
  if (!sawMoov || fragments === 0) throw new NothingToRecoverError();
  return { keepBytes, droppedBytes: fileSize - keepBytes, fragments };
}
