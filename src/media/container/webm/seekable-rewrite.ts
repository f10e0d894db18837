/**
 * Rewrites a WebM written as a live stream (MediaRecorder's output: segment and cluster sizes unknown,
 * no duration, no cue index) into one players can show the length of and seek in, copying every block
 * byte for byte (docs/decisions/0004-seekable-webm-output.md). It streams: the source is read a few
 * megabytes at a time and the output is handed over as it grows, so memory stays flat at any length,
 * and a crash's cut-off last block is left out. I/O is behind two small interfaces, so the same code
 * runs on stored chunks and in a unit test.
 */
import { CLUSTER_CHILDREN, ID, SEGMENT_CHILDREN, concat, element, encodeFloat, encodeSize, encodeUintFixed, readElementHeader, readUint, readVint } from './ebml';
import { NothingToRecoverError } from './repair-plan';
import { WindowedReader, blockGroupEnd, childrenOf, readTracks, simpleBlockEnd, type ByteReader, type TrackFacts } from './webm-reader';

/** Where the rewritten file goes: positioned writes, persisted on `flush` (the chunk writer). */
export interface RewriteOutput {
  write(position: number, data: Uint8Array): void;
  readonly size: number;
  readonly persistedSize: number;
  flush(): Promise<void>;
}

export interface SeekableRewrite {
  size: number;
  durationMs: number;
  clusters: number;
  cues: number;
}

/** Read from the source at once: a cluster is about a second, 1 MB at 8 Mbit/s. */
const READ_BYTES = 1024 * 1024;
/** Output held before it is persisted: the most the rewrite keeps, whatever the file's length. */
const FLUSH_BYTES = 2 * 1024 * 1024;
/** Fixed-width fields the end of the rewrite fills in: sizes and positions not known up front. */
const FIXED = 8;
const REFERENCE_BLOCK = 0xfb;
const CUE_RELATIVE_POSITION = 0xf0;

interface ClusterWalk {
  /** End of the last complete child: where the cluster really ends. */
  end: number;
  lastBlockEnd: number;
  /** The first key frame of the cue track: its time and offset inside the cluster's body. */
  cue: { time: number; offset: number } | null;
}

interface HeaderElements {
  ebml: Uint8Array;
  /** Info's children without Duration, which is written anew. */
  infoChildren: Uint8Array[];
  timestampScale: number;
  tracks: Uint8Array;
  trackFacts: TrackFacts;
  /** Tags and the like, copied as they are. */
  others: Uint8Array[];
  firstCluster: number;
}

export async function rewriteSeekable(
  read: ByteReader,
  fileSize: number,
  out: RewriteOutput,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<SeekableRewrite> {
  const file = new WindowedReader(read, fileSize, READ_BYTES);
  const header = await readHeaderElements(file);
  const segmentData = header.ebml.length + 4 + FIXED;

  // Segment size, Duration and the Cues position are written as placeholders of fixed width, then
  // filled in at the end: the head goes out as a chunk of its own, so those edits touch only it.
  const seekHead = (infoAt: number, tracksAt: number) =>
    element(ID.seekHead, [seekEntry(ID.info, infoAt - segmentData), seekEntry(ID.tracks, tracksAt - segmentData), seekEntry(ID.cues, 0)]);
  const info = element(ID.info, [...header.infoChildren, element(ID.duration, [encodeFloat(0, FIXED)])]);
  // Every seek position has a fixed width, so the seek head's length does not depend on them.
  const infoAt = segmentData + seekHead(segmentData, segmentData).length;
  const tracksAt = infoAt + info.length;
  const head = concat([
    header.ebml,
    encodeUintFixed(ID.segment, 4),
    encodeSize(0, FIXED),
    seekHead(infoAt, tracksAt),
    info,
    header.tracks,
    ...header.others,
  ]);
  out.write(0, head);
  await out.flush();

  const cuePoints: Uint8Array[] = [];
  let clusters = 0;
  let lastBlockEnd = 0;
  let position = header.firstCluster;
  while (position < fileSize) {
    onProgress(position / fileSize);
    const found = readElementHeader(await file.bytes(position, 16), 0);
    if (!found || !SEGMENT_CHILDREN.has(found.id)) break;
    const dataStart = position + found.headerLength;
    if (found.id !== ID.cluster) {
      // An old cue index or tags after the media: left out or already copied.
      if (found.size === null) break;
      position = dataStart + found.size;
      continue;
    }
    const declaredEnd = found.size === null ? fileSize : Math.min(fileSize, dataStart + found.size);
    const walk = await walkCluster(file, dataStart, declaredEnd, header.trackFacts, header.timestampScale);
    if (!walk) break;
    const clusterAt = out.size;
    if (walk.cue) cuePoints.push(cuePoint(walk.cue.time, header.trackFacts.cueTrack, clusterAt - segmentData, walk.cue.offset));
    out.write(clusterAt, concat([encodeUintFixed(ID.cluster, 4), encodeSize(walk.end - dataStart, FIXED)]));
    for (let at = dataStart; at < walk.end; ) {
      const bytes = await file.bytes(at, Math.min(READ_BYTES, walk.end - at));
      out.write(out.size, bytes);
      at += bytes.length;
      // Waiting here holds the copy back until the store has caught up.
      if (out.size - out.persistedSize >= FLUSH_BYTES) await out.flush();
    }
    clusters += 1;
    lastBlockEnd = Math.max(lastBlockEnd, walk.lastBlockEnd);
    position = walk.end;
    // A cluster that stops short of its declared size ends in bytes that make no sense.
    if (found.size !== null && walk.end !== dataStart + found.size) break;
  }
  if (clusters === 0) throw new NothingToRecoverError();

  const cuesAt = out.size;
  out.write(cuesAt, element(ID.cues, cuePoints));
  out.write(header.ebml.length + 4, encodeSize(out.size - segmentData, FIXED));
  out.write(infoAt + info.length - FIXED, encodeFloat(lastBlockEnd, FIXED));
  // The Cues entry is the last in the seek head, and its position the entry's last bytes.
  out.write(infoAt - FIXED, encodeUintFixed(cuesAt - segmentData, FIXED));
  await out.flush();
  onProgress(1);
  return { size: out.size, durationMs: Math.round((lastBlockEnd * header.timestampScale) / 1e6), clusters, cues: cuePoints.length };
}

async function readHeaderElements(file: WindowedReader): Promise<HeaderElements> {
  const ebmlHeader = readElementHeader(await file.bytes(0, 16), 0);
  if (ebmlHeader?.id !== ID.ebml || ebmlHeader.size === null) throw new Error('Not a WebM file');
  const ebml = (await file.bytes(0, ebmlHeader.headerLength + ebmlHeader.size)).slice();
  const segment = readElementHeader(await file.bytes(ebml.length, 16), 0);
  if (segment?.id !== ID.segment) throw new Error('Not a WebM file');

  let infoChildren: Uint8Array[] | null = null;
  let timestampScale = 1_000_000;
  let tracks: { raw: Uint8Array; facts: TrackFacts } | null = null;
  const others: Uint8Array[] = [];
  let position = ebml.length + segment.headerLength;
  while (position < file.size) {
    const found = readElementHeader(await file.bytes(position, 16), 0);
    if (!found || !SEGMENT_CHILDREN.has(found.id)) break;
    if (found.id === ID.cluster) {
      if (!infoChildren || !tracks) break;
      return { ebml, infoChildren, timestampScale, tracks: tracks.raw, trackFacts: tracks.facts, others, firstCluster: position };
    }
    if (found.size === null) break;
    const end = position + found.headerLength + found.size;
    if (end > file.size) break;
    const raw = (await file.bytes(position, end - position)).slice();
    const body = raw.subarray(found.headerLength);
    if (found.id === ID.info) {
      infoChildren = [];
      for (const child of childrenOf(body)) {
        if (child.id === ID.timestampScale) timestampScale = readUint(body, child.at, child.size);
        if (child.id !== ID.duration) infoChildren.push(body.slice(child.start, child.at + child.size));
      }
    } else if (found.id === ID.tracks) {
      tracks = { raw, facts: readTracks(body) };
    } else if (found.id !== ID.seekHead && found.id !== ID.void && found.id !== ID.cues) {
      others.push(raw);
    }
    position = end;
  }
  // Without its track list and one cluster after it, nothing stored can be played.
  throw new NothingToRecoverError();
}

/** Walks a cluster's children up to `limit`, stopping at the first that is not complete. */
async function walkCluster(file: WindowedReader, dataStart: number, limit: number, tracks: TrackFacts, scale: number): Promise<ClusterWalk | null> {
  let position = dataStart;
  let timestamp: number | null = null;
  let end = dataStart;
  let blocks = 0;
  let lastBlockEnd = 0;
  let cue: ClusterWalk['cue'] = null;
  while (position < limit) {
    const child = readElementHeader(await file.bytes(position, Math.min(16, limit - position)), 0);
    if (!child || child.size === null || !CLUSTER_CHILDREN.has(child.id)) break;
    const bodyAt = position + child.headerLength;
    const childEnd = bodyAt + child.size;
    if (childEnd > limit) break;
    if (child.id === ID.timestamp) {
      timestamp = readUint(await file.bytes(bodyAt, child.size), 0, child.size);
    } else if (timestamp !== null && (child.id === ID.simpleBlock || child.id === ID.blockGroup)) {
      const block = child.id === ID.simpleBlock ? await readSimpleBlock(file, bodyAt, child.size, timestamp, tracks, scale) : await readBlockGroup(file, bodyAt, child.size, timestamp, tracks, scale);
      if (!block) break;
      blocks += 1;
      lastBlockEnd = Math.max(lastBlockEnd, block.end);
      if (!cue && block.key && block.track === tracks.cueTrack) cue = { time: block.time, offset: position - dataStart };
    }
    position = childEnd;
    if (timestamp !== null) end = position;
  }
  return timestamp !== null && blocks > 0 ? { end, lastBlockEnd, cue } : null;
}

interface BlockFacts {
  track: number;
  /** Start and end in timestamp ticks. */
  time: number;
  end: number;
  key: boolean;
}

async function readSimpleBlock(file: WindowedReader, at: number, size: number, clusterTime: number, tracks: TrackFacts, scale: number): Promise<BlockFacts | null> {
  const bytes = await file.bytes(at, Math.min(size, 12));
  const track = readVint(bytes, 0, false);
  const end = simpleBlockEnd(bytes, 0, clusterTime, tracks, scale);
  const flags = track ? bytes[track.length + 2] : undefined;
  if (!track || end === null || flags === undefined) return null;
  const relative = new DataView(bytes.buffer, bytes.byteOffset + track.length, 2).getInt16(0);
  return { track: track.value, time: clusterTime + relative, end, key: (flags & 0x80) !== 0 };
}

async function readBlockGroup(file: WindowedReader, at: number, size: number, clusterTime: number, tracks: TrackFacts, scale: number): Promise<BlockFacts | null> {
  const bytes = await file.bytes(at, size);
  const end = blockGroupEnd(bytes, 0, bytes.length, clusterTime, tracks, scale);
  const children = childrenOf(bytes);
  const block = children.find((child) => child.id === ID.block);
  const track = block ? readVint(bytes, block.at, false) : null;
  if (end === null || !block || !track) return null;
  const relative = new DataView(bytes.buffer, bytes.byteOffset + block.at + track.length, 2).getInt16(0);
  // A block that refers to no other is a key frame.
  return { track: track.value, time: clusterTime + relative, end, key: !children.some((child) => child.id === REFERENCE_BLOCK) };
}

function seekEntry(id: number, position: number): Uint8Array {
  return element(ID.seek, [element(ID.seekId, [encodeUintFixed(id, 4)]), element(ID.seekPosition, [encodeUintFixed(position, FIXED)])]);
}

function cuePoint(time: number, track: number, clusterPosition: number, relativePosition: number): Uint8Array {
  return element(ID.cuePoint, [
    element(ID.cueTime, time),
    element(ID.cueTrackPositions, [element(ID.cueTrack, track), element(ID.cueClusterPosition, clusterPosition), element(CUE_RELATIVE_POSITION, relativePosition)]),
  ]);
}
