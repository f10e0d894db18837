/**
 * Exports a stored recording as an MP4 (H.264 video; AAC audio where the browser can encode it,
 * else Opus), in a worker, without a whole-file buffer anywhere: mediabunny reads the stored chunks
 * through a small cache and writes the MP4 (index at the end) into chunks of its own; a second,
 * streaming pass then moves the index to the front, so the file streams and seeks ("fast start").
 * Nothing becomes a library item until the file is complete: a cancel, an error or a closed tab
 * leaves only chunks without a row, which are deleted here or by the next startup sweep.
 */
import { Conversion, ConversionCanceledError, Mp4OutputFormat, Output, canEncodeAudio } from 'mediabunny';
import { ChunkWriter } from '../../src/shared/storage/chunk-writer';
import { idbChunkStore } from '../../src/shared/storage/idb-chunk-store';
import { deleteFileChunks, getRecording, putRecording, type RecordingRow } from '../../src/shared/storage/recordings-db';
import { checkRewriteSpace } from '../../src/shared/storage/rewrite-space';
import { openStoredFile, type StoredFile } from '../../src/shared/storage/stored-file-reader';
import { chunkTarget, storedInput } from './stored-media';
import { moveMoovToFront } from '../../src/shared/mp4/faststart';
import { mp4Name, type Mp4AudioCodec } from '../../src/shared/mp4/export-naming';

export interface Mp4ExportResult {
  id: string;
  size: number;
  durationMs: number;
  audioCodec: Mp4AudioCodec | null;
}

/** Seeking lands on a key frame: one every 2 s keeps seeks quick at little cost in size. */
const KEY_FRAME_INTERVAL_S = 2;
/** Share of the progress bar the conversion takes; the fast-start pass takes the rest. */
const CONVERSION_SHARE = 0.92;

/** Which audio codec an MP4 export will use here. */
export async function mp4AudioCodec(): Promise<Mp4AudioCodec> {
  return (await canEncodeAudio('aac')) ? 'aac' : 'opus';
}

export class Mp4Export {
  private conversion: Conversion | null = null;
  private cancelled = false;

  constructor(
    private readonly sourceId: string,
    private readonly targetId: string,
  ) {}

  async run(onProgress: (fraction: number) => void): Promise<Mp4ExportResult> {
    const source = await getRecording(this.sourceId);
    if (source?.state !== 'done') throw new Error('This recording no longer exists');
    const stored = await openStoredFile(this.sourceId);
    // The MP4 is written once with its index at the end, then copied with the index first.
    await checkRewriteSpace(stored.size * 2, 'Exporting this recording as MP4');
    const draftKey = `${this.targetId}~draft`;
    try {
      const audioCodec = await mp4AudioCodec();
      const draftSize = await this.convert(stored, source, draftKey, audioCodec, (fraction) => {
        onProgress(fraction * CONVERSION_SHARE);
      });
      this.throwIfCancelled();
      const draft = await openStoredFile(draftKey);
      if (draft.size !== draftSize) throw new Error('The MP4 was not stored whole');
      const writer = new ChunkWriter(idbChunkStore(this.targetId));
      const { size } = await moveMoovToFront(draft.read, draft.size, writer, (fraction) => {
        this.throwIfCancelled();
        onProgress(CONVERSION_SHARE + fraction * (1 - CONVERSION_SHARE));
      });
      await deleteFileChunks(draftKey);
      this.throwIfCancelled();
      const row: RecordingRow = {
        ...source,
        id: this.targetId,
        name: mp4Name(source.name),
        state: 'done',
        createdAt: Date.now(),
        updatedAt: Date.now(),
        size,
        mimeType: 'video/mp4',
        error: undefined,
        fileKey: undefined,
      };
      await putRecording(row);
      onProgress(1);
      return { id: this.targetId, size, durationMs: source.durationMs, audioCodec: (await this.hasAudio(source)) ? audioCodec : null };
    } catch (error) {
      await Promise.all([deleteFileChunks(draftKey), deleteFileChunks(this.targetId)]).catch(() => undefined);
      if (error instanceof ConversionCanceledError || this.cancelled) throw new ExportCancelledError();
      throw error;
    }
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.conversion?.cancel();
  }

  private throwIfCancelled(): void {
    if (this.cancelled) throw new ExportCancelledError();
  }

  private async convert(stored: StoredFile, source: RecordingRow, draftKey: string, audioCodec: Mp4AudioCodec, onProgress: (fraction: number) => void): Promise<number> {
    const input = storedInput(stored);
    const { target, writer } = chunkTarget(draftKey);
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: false }), target });
    // The recording's own average bitrate: the MP4 keeps its quality and about its size.
    const seconds = Math.max(1, source.durationMs / 1000);
    const bitrate = Math.min(20_000_000, Math.max(1_000_000, Math.round((stored.size * 8) / seconds)));
    const conversion = await Conversion.init({
      input,
      output,
      video: { codec: 'avc', bitrate, keyFrameInterval: KEY_FRAME_INTERVAL_S, forceTranscode: true },
      audio: { codec: audioCodec, bitrate: 128_000 },
      showWarnings: false,
    });
    if (!conversion.isValid) throw new Error(`This browser cannot export MP4 (${conversion.discardedTracks.map((t) => t.reason).join(', ')})`);
    this.conversion = conversion;
    conversion.onProgress = onProgress;
    this.throwIfCancelled();
    await conversion.execute();
    await writer.flush();
    input.dispose();
    return writer.size;
  }

  private async hasAudio(source: RecordingRow): Promise<boolean> {
    const input = storedInput(await openStoredFile(source.id));
    try {
      return (await input.getPrimaryAudioTrack()) !== null;
    } finally {
      input.dispose();
    }
  }
}

export class ExportCancelledError extends Error {
  override readonly name = 'ExportCancelledError';
  constructor() {
    super('Export cancelled: nothing was saved, and the recording is unchanged');
  }
}
