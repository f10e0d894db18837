/**
 * A small reader of a WebM file's top-level structure, so tests can tell whether the
 * file we hand users has a cue index and a duration in its header: what makes it seek.
 */

export const EBML_IDS = {
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  cues: 0x1c53bb6b,
  cluster: 0x1f43b675,
  duration: 0x4489,
} as const;

const TOP_LEVEL = new Set<number>([
  EBML_IDS.seekHead,
  EBML_IDS.info,
  EBML_IDS.tracks,
  EBML_IDS.cues,
  EBML_IDS.cluster,
  0x1941a469, // Attachments
  0x1043a770, // Chapters
  0x1254c367, // Tags
  0xec, // Void
]);

interface Vint {
  readonly value: number;
  readonly length: number;
  readonly unknown: boolean;
}

function readVint(buf: Uint8Array, pos: number, keepMarker: boolean): Vint | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = buf[pos + i] ?? 0;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

export interface WebmLayout {
  /** Top-level element ids in file order, e.g. ["SeekHead","Info","Tracks","Cluster",…,"Cues"]. */
  readonly elements: string[];
  readonly hasCues: boolean;
  readonly hasDuration: boolean;
  readonly clusterCount: number;
  readonly unknownSizeElements: number;
}

const NAMES: Record<number, string> = {
  [EBML_IDS.seekHead]: 'SeekHead',
  [EBML_IDS.info]: 'Info',
  [EBML_IDS.tracks]: 'Tracks',
  [EBML_IDS.cues]: 'Cues',
  [EBML_IDS.cluster]: 'Cluster',
  0x1254c367: 'Tags',
  0xec: 'Void',
};

/** Finds the next byte offset where a known top-level element id starts (for unknown-size elements). */
function scanToNextTopLevel(buf: Uint8Array, from: number): number {
  for (let p = from; p < buf.length - 4; p++) {
    const id = readVint(buf, p, true);
    if (id && id.length === 4 && TOP_LEVEL.has(id.value) && readVint(buf, p + 4, false)) return p;
  }
  return buf.length;
}

export function readWebmLayout(buf: Uint8Array): WebmLayout {
  const elements: string[] = [];
  let hasDuration = false;
  let unknownSizeElements = 0;
  // Skip the EBML header.
  const headerId = readVint(buf, 0, true);
  const headerSize = headerId ? readVint(buf, headerId.length, false) : null;
  if (!headerId || headerId.value !== 0x1a45dfa3 || !headerSize) throw new Error('Not an EBML file');
  let pos = headerId.length + headerSize.length + headerSize.value;
  const segId = readVint(buf, pos, true);
  if (!segId || segId.value !== EBML_IDS.segment) throw new Error('No Segment element');
  const segSize = readVint(buf, pos + segId.length, false);
  if (!segSize) throw new Error('Bad Segment size');
  pos += segId.length + segSize.length;
  const end = segSize.unknown ? buf.length : Math.min(buf.length, pos + segSize.value);

  while (pos < end) {
    const id = readVint(buf, pos, true);
    const size = id ? readVint(buf, pos + id.length, false) : null;
    if (!id || !size) break;
    const bodyStart = pos + id.length + size.length;
    elements.push(NAMES[id.value] ?? `0x${id.value.toString(16)}`);
    if (id.value === EBML_IDS.info && !size.unknown) {
      hasDuration = containsChild(buf, bodyStart, bodyStart + size.value, EBML_IDS.duration);
    }
    if (size.unknown) {
      unknownSizeElements++;
      pos = scanToNextTopLevel(buf, bodyStart);
    } else {
      pos = bodyStart + size.value;
    }
  }
  return {
    elements,
    hasCues: elements.includes('Cues'),
    hasDuration,
    clusterCount: elements.filter((e) => e === 'Cluster').length,
    unknownSizeElements,
  };
}

function containsChild(buf: Uint8Array, start: number, end: number, wanted: number): boolean {
  let pos = start;
  while (pos < end) {
    const id = readVint(buf, pos, true);
    const size = id ? readVint(buf, pos + id.length, false) : null;
    if (!id || !size) return false;
    if (id.value === wanted) return true;
    pos += id.length + size.length + size.value;
  }
  return false;
}
