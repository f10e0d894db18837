/**
 * Works out how to turn an interrupted recording back into a clean, seekable WebM *in place*:
 * which bytes to keep, which header fields to patch and which cue index to append. Pure: it only
 * reads through a `ByteReader`, so the same code plans a crashed recording, a recording stopped by
 * a full disk, and a file in a unit test.
 *
 * Our muxer (mediabunny, non-append mode) reserves every field the finished file needs: the
 * Segment and Cluster size fields, the Duration in Info, and a SeekHead with a Cues entry. A
 * crash leaves those reserved fields stale and the last cluster cut short. Patching them and
 * appending Cues costs a few kilobytes of writes however long the recording is, and never copies
 * the media, so it works on a full disk and keeps memory flat for a three-hour recording. Files
 * written another way (MediaRecorder: unknown sizes, no reserved fields) are planned as a remux.
 */
import { CLUSTER_CHILDREN, ID, SEGMENT_CHILDREN, element, encodeFloat, encodeSize, encodeUintFixed, readElementHeader, readUint, type ElementHeader } from './ebml';
import { WindowedReader, blockGroupEnd, childrenOf, readTracks, simpleBlockEnd, type ByteReader, type TrackFacts } from './webm-reader';

export type { ByteReader } from './webm-reader';

export interface ByteEdit {
  position: number;
  bytes: Uint8Array;
}

export interface InPlaceRepair {
  kind: 'in-place';
  /** Bytes kept from the start of the stored file; everything after is dropped. */
  truncateAt: number;
  /** Overwrites inside the kept bytes (sizes, duration, seek positions). */
  patches: ByteEdit[];
  /** Appended at `truncateAt`: the cue index. */
  tail: Uint8Array;
  durationMs: number;
  clusters: number;
  /** Stored bytes dropped: a cut-off block at the end, or an old cue index being replaced. */
  droppedBytes: number;
}

export interface RemuxRepair {
  kind: 'remux';
  reason: string;
}

export type RepairPlan = InPlaceRepair | RemuxRepair;

export class NothingToRecoverError extends Error {
  constructor() {
    super('Nothing playable was stored before the interruption');
    this.name = 'NothingToRecoverError';
  }
}

/** How far a cluster with a stale size is scanned for its blocks (a cluster holds about a second). */
const MAX_CLUSTER_SCAN = 64 * 1024 * 1024;

interface SeekEntry {
  target: number;
  positionAt: number;
  positionLength: number;
}

interface ClusterInfo {
  at: number;
  sizeAt: number;
  sizeLength: number;
  declaredSize: number;
  dataStart: number;
  end: number;
  timestamp: number;
}

interface ClusterScan {
  end: number;
  timestamp: number;
  blocks: number;
  /** Where the last block ends, in timestamp ticks. */
  lastBlockEnd: number;
}

export async function planWebmRepair(read: ByteReader, fileSize: number, onProgress: (fraction: number) => void = () => undefined): Promise<RepairPlan> {
  const file = new WindowedReader(read, fileSize);
  const ebml = readElementHeader(await file.bytes(0, 16), 0);
  if (ebml?.id !== ID.ebml || ebml.size === null) throw new Error('Not a WebM file');
  const segmentAt = ebml.headerLength + ebml.size;
  const segment = readElementHeader(await file.bytes(segmentAt, 16), 0, segmentAt);
  if (segment?.id !== ID.segment) throw new Error('Not a WebM file');
  if (segment.size === null) return { kind: 'remux', reason: 'the segment size is unknown' };
  const segmentData = segmentAt + segment.headerLength;

  let seekEntries: SeekEntry[] | null = null;
  let durationField: { at: number; length: 4 | 8 } | null = null;
  let timestampScale = 1_000_000;
  let tracks: TrackFacts | null = null;
  const positions = new Map<number, number>();
  const clusters: ClusterInfo[] = [];
  let keepUntil = segmentData;
  let lastScan: ClusterScan | null = null;

  let position = segmentData;
  while (position < fileSize) {
    onProgress(position / fileSize);
    const header = readElementHeader(await file.bytes(position, 16), 0, position);
    // Zero fill, garbage or a cut-off header: the stored file ends here.
    if (!header || !SEGMENT_CHILDREN.has(header.id)) break;
    if (header.id === ID.cluster) {
      if (header.size === null) return { kind: 'remux', reason: 'clusters have unknown sizes' };
      const cluster = await locateCluster(file, position, header, tracks, timestampScale);
      if (!cluster) break;
      clusters.push(cluster.info);
      lastScan = cluster.scan;
      keepUntil = cluster.info.end;
      position = cluster.info.end;
      continue;
    }
    // After the media, an old cue index (a file repaired before) or anything else is rewritten.
    if (clusters.length > 0) break;
    if (header.size === null) return { kind: 'remux', reason: 'a header element has an unknown size' };
    const end = position + header.headerLength + header.size;
    if (end > fileSize) break;
    const body = await file.bytes(position + header.headerLength, header.size);
    if (header.id === ID.seekHead) seekEntries = readSeekHead(body, position + header.headerLength);
    if (header.id === ID.info) {
      const info = readInfo(body, position + header.headerLength);
      timestampScale = info.timestampScale;
      durationField = info.duration;
    }
    if (header.id === ID.tracks) tracks = readTracks(body);
    positions.set(header.id, position);
    keepUntil = end;
    position = end;
  }

  const last = clusters.at(-1);
  if (!last) throw new NothingToRecoverError();
  if (!seekEntries?.some((entry) => entry.target === ID.cues) || !durationField) {
    return { kind: 'remux', reason: 'the file has no reserved duration or cue entry' };
  }
  // The last cluster's block times give the duration; scan it unless that was just done.
  lastScan ??= await scanCluster(file, last.dataStart, last.end, tracks, timestampScale);
  if (!lastScan) throw new NothingToRecoverError();

  const cuesAt = keepUntil;
  const tail = element(
    ID.cues,
    clusters.map((cluster) =>
      element(ID.cuePoint, [
        element(ID.cueTime, cluster.timestamp),
        element(ID.cueTrackPositions, [element(ID.cueTrack, tracks?.cueTrack ?? 1), element(ID.cueClusterPosition, cluster.at - segmentData)]),
      ]),
    ),
  );
  positions.set(ID.cues, cuesAt);

  const patches: ByteEdit[] = [];
  for (const cluster of clusters) {
    const actual = cluster.end - cluster.dataStart;
    if (actual !== cluster.declaredSize) patches.push({ position: cluster.sizeAt, bytes: encodeSize(actual, cluster.sizeLength) });
  }
  patches.push({ position: segment.sizeAt, bytes: encodeSize(cuesAt + tail.length - segmentData, segment.sizeLength) });
  patches.push({ position: durationField.at, bytes: encodeFloat(lastScan.lastBlockEnd, durationField.length) });
  for (const entry of seekEntries) {
    const target = positions.get(entry.target);
    if (target !== undefined) patches.push({ position: entry.positionAt, bytes: encodeUintFixed(target - segmentData, entry.positionLength) });
  }
  onProgress(1);
  return {
    kind: 'in-place',
    truncateAt: cuesAt,
    patches,
    tail,
    durationMs: Math.round((lastScan.lastBlockEnd * timestampScale) / 1e6),
    clusters: clusters.length,
    droppedBytes: fileSize - cuesAt,
  };
}

/**
 * Finds where a cluster really ends. A cluster finished before the interruption has its true
 * size written and is followed by another Segment child (or the end of the file); only a cluster
 * whose size is stale is scanned block by block, up to its last complete block.
 */
async function locateCluster(
  file: WindowedReader,
  at: number,
  header: ElementHeader,
  tracks: TrackFacts | null,
  scale: number,
): Promise<{ info: ClusterInfo; scan: ClusterScan | null } | null> {
  const dataStart = at + header.headerLength;
  const declaredSize = header.size ?? 0;
  const declaredEnd = dataStart + declaredSize;
  const base = { at, sizeAt: header.sizeAt, sizeLength: header.sizeLength, declaredSize, dataStart };
  const start = await file.bytes(dataStart, 16);
  const timestampHeader = readElementHeader(start, 0);
  if (timestampHeader?.id !== ID.timestamp || timestampHeader.size === null) return null;
  const timestamp = readUint(start, timestampHeader.headerLength, timestampHeader.size);
  const timestampEnd = dataStart + timestampHeader.headerLength + timestampHeader.size;
  if (declaredEnd > timestampEnd && declaredEnd <= file.size) {
    const next = declaredEnd === file.size ? null : readElementHeader(await file.bytes(declaredEnd, 16), 0);
    if (declaredEnd === file.size || (next && SEGMENT_CHILDREN.has(next.id))) {
      return { info: { ...base, end: declaredEnd, timestamp }, scan: null };
    }
  }
  const scan = await scanCluster(file, dataStart, Math.min(file.size, dataStart + MAX_CLUSTER_SCAN), tracks, scale);
  return scan ? { info: { ...base, end: scan.end, timestamp: scan.timestamp }, scan } : null;
}

/** Walks a cluster's children from `from` and stops at the first one that is not complete. */
async function scanCluster(file: WindowedReader, from: number, limit: number, tracks: TrackFacts | null, scale: number): Promise<ClusterScan | null> {
  const bytes = await file.bytes(from, limit - from);
  let pos = 0;
  let timestamp: number | null = null;
  let end = from;
  let blocks = 0;
  let lastBlockEnd = 0;
  while (pos < bytes.length) {
    const child = readElementHeader(bytes, pos);
    if (!child || child.size === null || !CLUSTER_CHILDREN.has(child.id)) break;
    const bodyAt = pos + child.headerLength;
    const childEnd = bodyAt + child.size;
    if (childEnd > bytes.length) break;
    if (child.id === ID.timestamp) timestamp = readUint(bytes, bodyAt, child.size);
    else if (timestamp !== null && (child.id === ID.simpleBlock || child.id === ID.blockGroup)) {
      const blockEnd = child.id === ID.simpleBlock ? simpleBlockEnd(bytes, bodyAt, timestamp, tracks, scale) : blockGroupEnd(bytes, bodyAt, childEnd, timestamp, tracks, scale);
      if (blockEnd === null) break;
      lastBlockEnd = Math.max(lastBlockEnd, blockEnd);
      blocks += 1;
    }
    pos = childEnd;
    if (timestamp !== null) end = from + pos;
  }
  return timestamp !== null && blocks > 0 ? { end, timestamp, blocks, lastBlockEnd } : null;
}

function readSeekHead(body: Uint8Array, bodyOffset: number): SeekEntry[] {
  const entries: SeekEntry[] = [];
  for (const seek of childrenOf(body)) {
    if (seek.id !== ID.seek) continue;
    const fields = childrenOf(body.subarray(seek.at, seek.at + seek.size));
    const id = fields.find((field) => field.id === ID.seekId);
    const position = fields.find((field) => field.id === ID.seekPosition);
    if (!id || !position) continue;
    entries.push({
      target: readUint(body, seek.at + id.at, id.size),
      positionAt: bodyOffset + seek.at + position.at,
      positionLength: position.size,
    });
  }
  return entries;
}

function readInfo(body: Uint8Array, bodyOffset: number): { timestampScale: number; duration: { at: number; length: 4 | 8 } | null } {
  let timestampScale = 1_000_000;
  let duration: { at: number; length: 4 | 8 } | null = null;
  for (const child of childrenOf(body)) {
    if (child.id === ID.timestampScale) timestampScale = readUint(body, child.at, child.size);
    if (child.id === ID.duration && (child.size === 4 || child.size === 8)) duration = { at: bodyOffset + child.at, length: child.size };
  }
  return { timestampScale, duration };
}
