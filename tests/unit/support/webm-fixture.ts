/**
 * Real WebM files for unit tests, muxed by mediabunny (the muxer the recorder uses) from
 * synthetic packets, and persisted through the recorder's own ChunkWriter so that a "crash" at
 * any moment leaves exactly the bytes a crashed tab would have left in IndexedDB.
 */
import { EncodedAudioPacketSource, EncodedPacket, EncodedVideoPacketSource, Output, StreamTarget, WebMOutputFormat, type StreamTargetChunk } from 'mediabunny';
import { ChunkWriter, type ChunkStore, type ChunkWrite } from '../../../src/media/storage/chunk-writer';

export class MemoryChunks implements ChunkStore {
  readonly chunks = new Map<number, Uint8Array>();
  put(chunks: readonly ChunkWrite[]): Promise<void> {
    for (const { position, bytes } of chunks) this.chunks.set(position, bytes.slice());
    return Promise.resolve();
  }
  get(position: number): Promise<Uint8Array | undefined> {
    return Promise.resolve(this.chunks.get(position)?.slice());
  }
  snapshot(): Map<number, Uint8Array> {
    return new Map([...this.chunks].map(([position, bytes]) => [position, bytes.slice()]));
  }
}

export function joinChunks(chunks: Map<number, Uint8Array>): Uint8Array {
  const sorted = [...chunks].sort((a, b) => a[0] - b[0]);
  const out = new Uint8Array(sorted.reduce((sum, [, bytes]) => sum + bytes.length, 0));
  let offset = 0;
  for (const [, bytes] of sorted) {
    out.set(bytes, offset);
    offset += bytes.length;
  }
  return out;
}

export interface RecordedFile {
  /** Stored chunks after each persist (every `persistEvery` seconds of media), like IndexedDB after a crash there. */
  persisted: Map<number, Uint8Array>[];
  /** The chunks of the properly finished file. */
  finished: Map<number, Uint8Array>;
  fps: number;
}

/**
 * Records `seconds` of 30 fps video (a keyframe every second) and 20 ms Opus packets. `appendOnly`
 * writes the file as MediaRecorder does: sizes unknown, no duration, no cue index.
 */
export async function recordSyntheticWebm(seconds: number, persistEvery = 0.5, { appendOnly = false } = {}): Promise<RecordedFile> {
  const fps = 30;
  const store = new MemoryChunks();
  const writer = new ChunkWriter(store);
  const output = new Output({
    format: new WebMOutputFormat({ minimumClusterDuration: 1, appendOnly }),
    target: new StreamTarget(
      new WritableStream<StreamTargetChunk>({
        write: (chunk) => {
          writer.write(chunk.position, chunk.data.slice());
        },
      }),
    ),
  });
  const video = new EncodedVideoPacketSource('vp9');
  const audio = new EncodedAudioPacketSource('opus');
  output.addVideoTrack(video, { frameRate: fps });
  output.addAudioTrack(audio);
  await output.start();
  const persisted: Map<number, Uint8Array>[] = [];
  let nextPersist = persistEvery;
  const audioStep = 0.02;
  let audioTime = 0;
  for (let frame = 0; frame < seconds * fps; frame++) {
    const time = frame / fps;
    const key = frame % fps === 0;
    const payload = new Uint8Array(key ? 3000 : 800).fill(frame % 251);
    await video.add(
      new EncodedPacket(payload, key ? 'key' : 'delta', time, 1 / fps),
      frame === 0 ? { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 640, codedHeight: 360 } } : undefined,
    );
    while (audioTime < time + 1 / fps) {
      await audio.add(
        new EncodedPacket(new Uint8Array(120).fill(7), 'key', audioTime, audioStep),
        audioTime === 0 ? { decoderConfig: { codec: 'opus', numberOfChannels: 1, sampleRate: 48000 } } : undefined,
      );
      audioTime = Math.round((audioTime + audioStep) * 1000) / 1000;
    }
    if (time + 1 / fps >= nextPersist) {
      await writer.flush();
      persisted.push(store.snapshot());
      nextPersist += persistEvery;
    }
  }
  await output.finalize();
  await writer.flush();
  return { persisted, finished: store.snapshot(), fps };
}
