import { ALL_FORMATS, BlobSource, Conversion, Input, Output, StreamTarget, WebMOutputFormat, type StreamTargetChunk } from 'mediabunny';
import { ChunkWriter, type ChunkStore } from '../storage/chunk-writer';

/** Output gathered in memory before it goes to the store: the most a remux holds at once, whatever the file's length. */
const FLUSH_BYTES = 4 * 1024 * 1024;
/** What the demuxer may keep of the source in memory (a cluster is about a second, 1 MB at 8 Mbit/s). */
const SOURCE_CACHE_BYTES = 2 * 1024 * 1024;

/**
 * Rewrites a WebM without re-encoding so it carries a duration and a cue index (MediaRecorder's own
 * output has neither, so players cannot show its length or seek in it: DECISIONS.md 6). Reads the
 * source a little at a time and writes the result to `store` as it goes, so memory stays flat at
 * any length. Returns the new file's size.
 */
export async function remuxInto(source: Blob, store: ChunkStore, onProgress: (fraction: number) => void = () => undefined): Promise<number> {
  const writer = new ChunkWriter(store);
  const target = new StreamTarget(
    new WritableStream<StreamTargetChunk>({
      write: async ({ position, data }) => {
        writer.write(position, data);
        // Waiting here holds the muxer back until the store has caught up.
        if (writer.size - writer.persistedSize >= FLUSH_BYTES) await writer.flush();
      },
    }),
  );
  const input = new Input({ source: new BlobSource(source, { maxCacheSize: SOURCE_CACHE_BYTES }), formats: ALL_FORMATS });
  const output = new Output({ format: new WebMOutputFormat(), target });
  const conversion = await Conversion.init({ input, output, showWarnings: false });
  if (!conversion.isValid) throw new Error('Failed to process recording');
  conversion.onProgress = onProgress;
  await conversion.execute();
  await writer.flush();
  return writer.size;
}

/** The media duration of a WebM, read from its packets. */
export async function mediaDurationMs(file: Blob): Promise<number> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  return Math.round((await input.computeDuration()) * 1000);
}
