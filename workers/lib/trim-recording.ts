/**
 * Saves the part of a recording between two times as a new library item, keeping the original.
 * Packets are copied without re-encoding when a key frame lies within a frame of the chosen start
 * (the recorder writes one every second, so whole seconds almost always cut clean); otherwise the
 * video is re-encoded so the copy still starts at the chosen time. Streams through the chunk store
 * like the MP4 export, and only a complete copy gets a row.
 */
import { Conversion, ConversionCanceledError, Mp4OutputFormat, Output, WebMOutputFormat } from 'mediabunny';
import { ChunkWriter } from '../../src/shared/storage/chunk-writer';
import { idbChunkStore } from '../../src/shared/storage/idb-chunk-store';
import { deleteFileChunks, getRecording, putRecording } from '../../src/shared/storage/recordings-db';
import { checkRewriteSpace } from '../../src/shared/storage/rewrite-space';
import { openStoredFile } from '../../src/shared/storage/stored-file-reader';
import { moveMoovToFront } from '../../src/shared/mp4/faststart';
import { trimmedName, validTrimRange } from '../../src/shared/mp4/trim-range';
import { ExportCancelledError } from './mp4-export';
import { chunkTarget, storedInput } from './stored-media';

export interface TrimResult {
  id: string;
  size: number;
  durationMs: number;
}

/** How far the copy may start from the chosen time: one frame at 30 fps. */
const ONE_FRAME_S = 1 / 30;

export class TrimJob {
  private conversion: Conversion | null = null;
  private cancelled = false;

  constructor(
    private readonly sourceId: string,
    private readonly targetId: string,
    private readonly startS: number,
    private readonly endS: number,
  ) {}

  async run(onProgress: (fraction: number) => void): Promise<TrimResult> {
    const source = await getRecording(this.sourceId);
    if (source?.state !== 'done') throw new Error('This recording no longer exists');
    const range = validTrimRange(this.startS, this.endS, source.durationMs / 1000);
    if (typeof range === 'string') throw new Error(range);
    const stored = await openStoredFile(this.sourceId);
    const mp4 = source.mimeType.startsWith('video/mp4');
    await checkRewriteSpace(stored.size * (mp4 ? 2 : 1), 'Saving a trimmed copy');
    const draftKey = mp4 ? `${this.targetId}~draft` : this.targetId;
    try {
      const input = storedInput(stored);
      const { target, writer } = chunkTarget(draftKey);
      const output = new Output({ format: mp4 ? new Mp4OutputFormat({ fastStart: false }) : new WebMOutputFormat(), target });
      const conversion = await Conversion.init({
        input,
        output,
        trim: { start: range.start, end: range.end },
        copy: { boundaryPolicy: 'shrink', boundaryTolerance: ONE_FRAME_S },
        showWarnings: false,
      });
      if (!conversion.isValid) throw new Error('This browser cannot trim this recording');
      this.conversion = conversion;
      conversion.onProgress = (fraction) => {
        onProgress(fraction * (mp4 ? 0.9 : 1));
      };
      this.throwIfCancelled();
      await conversion.execute();
      await writer.flush();
      input.dispose();
      let size = writer.size;
      if (mp4) {
        const draft = await openStoredFile(draftKey);
        ({ size } = await moveMoovToFront(draft.read, draft.size, new ChunkWriter(idbChunkStore(this.targetId))));
        await deleteFileChunks(draftKey);
      }
      this.throwIfCancelled();
      const copy = storedInput(await openStoredFile(this.targetId));
      const durationMs = Math.round((await copy.computeDuration()) * 1000);
      copy.dispose();
      const now = Date.now();
      await putRecording({ ...source, id: this.targetId, name: trimmedName(source.name), createdAt: now, updatedAt: now, size, durationMs, error: undefined, fileKey: undefined });
      onProgress(1);
      return { id: this.targetId, size, durationMs };
    } catch (error) {
      await Promise.all([deleteFileChunks(draftKey), deleteFileChunks(this.targetId)]).catch(() => undefined);
      if (error instanceof ConversionCanceledError || this.cancelled) throw new ExportCancelledError();
      throw error;
    }
  }

  private throwIfCancelled(): void {
    if (this.cancelled) throw new ExportCancelledError();
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.conversion?.cancel();
  }
}
