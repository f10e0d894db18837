/**
 * A recording of gigabytes in the app's IndexedDB, made in seconds: the clusters of a real 4 s VP8 +
 * Opus recording (tests/fixtures/generated/recording-source.webm), repeated with rising timestamps
 * behind the header our recorder writes (a crash before Stop) or the one MediaRecorder writes
 * (sizes unknown, no duration, no cue index). Written the way the app's schema (version 1) stores it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  ALL_FORMATS,
  BufferSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Output,
  StreamTarget,
  WebMOutputFormat,
  type EncodedPacket,
  type StreamTargetChunk,
} from 'mediabunny';
import { ID, readElementHeader } from '../../../src/media/container/webm/ebml';
import { ROWLESS_WRITES_LOCK } from '../../../src/media/storage/rowless-writes-lock';

const SOURCE = path.resolve('tests/fixtures/generated/recording-source.webm');

export type RecorderStyle = 'engine' | 'media-recorder';

export interface RecordingTemplate {
  /** Everything before the first cluster, base64, per style. */
  headers: Record<RecorderStyle, string>;
  /** Each cluster's children after its timestamp, base64, with the cluster's timestamp in ms. */
  clusters: { timestampMs: number; body: string }[];
  /** How far the timestamps advance per repetition. */
  durationMs: number;
}

/** Positioned writes into memory: what a muxer writes, as the file it makes. */
class MemoryFile {
  bytes = new Uint8Array(1 << 20);
  size = 0;
  write({ position, data }: StreamTargetChunk): void {
    const end = position + data.length;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes.set(data, position);
    this.size = Math.max(this.size, end);
  }
  get file(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function firstCluster(file: Uint8Array): number {
  for (let at = 0; at < file.length - 4; at++) {
    if (file[at] === 0x1f && file[at + 1] === 0x43 && file[at + 2] === 0xb6 && file[at + 3] === 0x75) return at;
  }
  throw new Error('no cluster');
}

/** Muxes the source's packets as our recorder's muxer does: the header before Stop, and the finished file. */
async function mux(appendOnly: boolean): Promise<{ header: Uint8Array; finished: Uint8Array }> {
  const input = new Input({ source: new BufferSource(readFileSync(SOURCE)), formats: ALL_FORMATS });
  const videoTrack = await input.getPrimaryVideoTrack();
  const audioTrack = await input.getPrimaryAudioTrack();
  if (!videoTrack || !audioTrack) throw new Error('the recording source needs video and audio');
  const memory = new MemoryFile();
  const output = new Output({
    format: new WebMOutputFormat({ appendOnly, minimumClusterDuration: 1 }),
    target: new StreamTarget(new WritableStream<StreamTargetChunk>({ write: (chunk) => memory.write(chunk) })),
  });
  const video = new EncodedVideoPacketSource('vp8');
  const audio = new EncodedAudioPacketSource('opus');
  output.addVideoTrack(video, { frameRate: 30 });
  output.addAudioTrack(audio);
  await output.start();
  const packets: { packet: EncodedPacket; kind: 'video' | 'audio' }[] = [];
  for await (const packet of new EncodedPacketSink(videoTrack).packets()) packets.push({ packet, kind: 'video' });
  for await (const packet of new EncodedPacketSink(audioTrack).packets()) packets.push({ packet, kind: 'audio' });
  packets.sort((a, b) => a.packet.timestamp - b.packet.timestamp);
  const videoConfig = await videoTrack.getDecoderConfig();
  const audioConfig = await audioTrack.getDecoderConfig();
  if (!videoConfig || !audioConfig) throw new Error('the recording source has no decoder config');
  let firstVideo = true;
  let firstAudio = true;
  for (const { packet, kind } of packets) {
    if (kind === 'video') {
      await video.add(packet, firstVideo ? { decoderConfig: videoConfig } : undefined);
      firstVideo = false;
    } else {
      await audio.add(packet, firstAudio ? { decoderConfig: audioConfig } : undefined);
      firstAudio = false;
    }
  }
  const beforeStop = memory.file;
  await output.finalize();
  const finished = memory.file;
  return { header: beforeStop.slice(0, firstCluster(beforeStop)), finished };
}

export async function makeRecordingTemplate(): Promise<RecordingTemplate> {
  const engine = await mux(false);
  const mediaRecorder = await mux(true);
  const file = engine.finished;
  const clusters: RecordingTemplate['clusters'] = [];
  let lastEndMs = 0;
  for (let at = firstCluster(file); at < file.length; ) {
    const cluster = readElementHeader(file, at);
    if (!cluster || cluster.size === null) throw new Error('unreadable cluster');
    const end = at + cluster.headerLength + cluster.size;
    if (cluster.id === ID.cluster) {
      const stamp = readElementHeader(file, at + cluster.headerLength);
      if (stamp?.id !== ID.timestamp || stamp.size === null) throw new Error('a cluster without a timestamp first');
      const stampData = at + cluster.headerLength + stamp.headerLength;
      let timestampMs = 0;
      for (let i = 0; i < stamp.size; i++) timestampMs = timestampMs * 256 + (file[stampData + i] ?? 0);
      clusters.push({ timestampMs, body: base64(file.slice(stampData + stamp.size, end)) });
      lastEndMs = timestampMs;
    }
    at = end;
  }
  // One cluster a second: the next repetition starts a second after the last cluster began.
  return { headers: { engine: base64(engine.header), 'media-recorder': base64(mediaRecorder.header) }, clusters, durationMs: lastEndMs + 1000 };
}

export interface LongRecording {
  id: string;
  bytes: number;
  durationMs: number;
}

/**
 * Writes an interrupted recording of at least `targetBytes` into the app's database, 1 MB per
 * chunk, as a crashed tab leaves it: its row still says recording.
 */
export function writeLongRecording(page: Page, template: RecordingTemplate, style: RecorderStyle, id: string, targetBytes: number): Promise<LongRecording> {
  return page.evaluate(
    async ({ template, style, id, targetBytes, lockName }) => {
      // Chunks written before their row, as a rowless job writes them: the app's startup sweep would
      // take them for orphans, so the writing holds the lock the sweep leaves alone (as a job does).
      const write = async (): Promise<LongRecording> => {
        // A plain loop: Uint8Array.from with a mapping function walks the text through the iterator protocol.
        const decode = (text: string) => {
          const binary = atob(text);
          const bytes = new Uint8Array(binary.length);
          for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
          return bytes;
        };
        const header = decode(template.headers[style]);
        const bodies = template.clusters.map((c) => ({ timestampMs: c.timestampMs, body: decode(c.body) }));
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('framecast', 1);
          open.onupgradeneeded = () => {
            const recordings = open.result.createObjectStore('recordings', { keyPath: 'id' });
            recordings.createIndex('byCreatedAt', 'createdAt');
            open.result.createObjectStore('chunks', { keyPath: ['recordingId', 'position'] });
          };
          open.onerror = () => reject(open.error ?? new Error('open failed'));
          open.onsuccess = () => resolve(open.result);
        });
        const done = (tx: IDBTransaction) =>
          new Promise<void>((resolve, reject) => {
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error ?? new Error('write failed'));
          });
        // About what the recorder stores per flush, with the garbage collections a long recording sees
        // (a burst of big Blobs never collected is not what a recording leaves, and Chromium's blob
        // store refuses reads once it overflows).
        const CHUNK = 1024 * 1024;
        const collect = (window as unknown as { gc?: () => void }).gc;
        let sinceCollect = 0;
        let buffer = new Uint8Array(CHUNK + 1024 * 1024);
        let filled = 0;
        let position = 0;
        const flush = async () => {
          const tx = db.transaction('chunks', 'readwrite');
          tx.objectStore('chunks').put({ recordingId: id, position, bytes: new Blob([buffer.slice(0, filled)]) });
          await done(tx);
          position += filled;
          sinceCollect += filled;
          filled = 0;
          if (sinceCollect >= 64 * 1024 * 1024) {
            collect?.();
            sinceCollect = 0;
          }
        };
        const append = (bytes: Uint8Array) => {
          if (filled + bytes.length > buffer.length) {
            const grown = new Uint8Array(filled + bytes.length);
            grown.set(buffer.subarray(0, filled));
            buffer = grown;
          }
          buffer.set(bytes, filled);
          filled += bytes.length;
        };
        const uint = (value: number, length: number) => {
          const out = new Uint8Array(length);
          for (let i = length - 1, v = value; i >= 0; i--, v = Math.floor(v / 256)) out[i] = v % 256;
          return out;
        };
        append(header);
        let repetition = 0;
        let lastMs = 0;
        while (position + filled < targetBytes) {
          for (const { timestampMs, body } of bodies) {
            lastMs = repetition * template.durationMs + timestampMs;
            // Timestamp element with an 8-byte value, so every repetition has the same layout.
            const stamp = [0xe7, 0x88, ...uint(lastMs, 8)];
            const size = style === 'engine' ? [0x01, ...uint(stamp.length + body.length, 7)] : [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
            append(Uint8Array.from([0x1f, 0x43, 0xb6, 0x75, ...size, ...stamp]));
            append(body);
            if (filled >= CHUNK) await flush();
          }
          repetition += 1;
        }
        if (filled > 0) await flush();
        const durationMs = lastMs + 1000;
        const tx = db.transaction('recordings', 'readwrite');
        tx.objectStore('recordings').put({
          id,
          name: 'Screen Only recording',
          mode: 'screen-only',
          state: 'recording',
          createdAt: Date.now() - durationMs,
          updatedAt: Date.now() - 60_000,
          durationMs,
          size: position,
          mimeType: 'video/webm',
          width: 1280,
          height: 720,
        });
        await done(tx);
        db.close();
        return { id, bytes: position, durationMs };
      };
      return navigator.locks.request(lockName, { mode: 'shared' }, write);
    },
    { template, style, id, targetBytes, lockName: ROWLESS_WRITES_LOCK },
  );
}
