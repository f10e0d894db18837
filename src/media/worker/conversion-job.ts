/**
 * What the MP4 export and trimming share: one mediabunny conversion that can be cancelled, the
 * fast-start pass from a draft into the item's own chunks, and the clean-up that leaves nothing
 * behind when the job does not finish. Only a complete file ever gets a library row.
 */
import { ConversionCanceledError, type Conversion } from 'mediabunny';
import { ChunkWriter } from '../storage/chunk-writer';
import { idbChunkStore } from '../storage/idb-chunk-store';
import { deleteFileChunks } from '../storage/recordings-db';
import { openStoredFile } from '../storage/stored-file-reader';
import { moveMoovToFront } from '../container/mp4/faststart';
import { errorIdentity } from '../../shared/error-identity';
import { reportingAs } from '../../shared/report-error';

/** A job the user cancelled: news, not an error, and nothing was kept. */
export class JobCancelledError extends Error {
  override readonly name = 'JobCancelledError';
  constructor(job: 'Export' | 'Trim') {
    super(`${job} cancelled: nothing was saved, and the recording is unchanged`);
  }
}

/** The browser refused to store more: a full disk, or the site's share of it used up. */
export class JobStorageFullError extends Error {
  override readonly name = 'JobStorageFullError';
  constructor(job: 'Export' | 'Trim') {
    super(
      `Storage is full: this browser has no space left for the ${job === 'Export' ? 'MP4' : 'trimmed copy'}. ` +
        'Nothing was saved, and the recording is unchanged. Free up disk space or delete old recordings, then try again',
    );
  }
}

export abstract class ConversionJob {
  private conversion: Conversion | null = null;
  /** Aborted when the user cancels; loops of our own and the conversion both stop on it. */
  private readonly cancellation = new AbortController();

  protected constructor(private readonly job: 'Export' | 'Trim') {}

  async cancel(): Promise<void> {
    this.cancellation.abort();
    await this.conversion?.cancel();
  }

  /** Whether the user asked to stop, for loops of our own that check between steps. */
  protected get cancelRequested(): boolean {
    return this.cancellation.signal.aborted;
  }

  protected throwIfCancelled(): void {
    if (this.cancelRequested) throw new JobCancelledError(this.job);
  }

  /** Runs `conversion` unless the job was cancelled first; `cancel()` stops it midway. */
  protected async execute(conversion: Conversion, onProgress: (fraction: number) => void): Promise<void> {
    this.conversion = conversion;
    conversion.onProgress = onProgress;
    this.throwIfCancelled();
    await conversion.execute();
  }

  /** Copies the MP4 stored under `draftKey` into `targetKey` with its index first, then drops the draft. */
  protected async faststart(draftKey: string, draftSize: number, targetKey: string, onProgress: (fraction: number) => void): Promise<number> {
    const draft = await openStoredFile(draftKey);
    if (draft.size !== draftSize) throw new Error('The MP4 was not stored whole');
    const { size } = await moveMoovToFront(draft.read, draft.size, new ChunkWriter(idbChunkStore(targetKey)), (fraction) => {
      this.throwIfCancelled();
      onProgress(fraction);
    });
    await deleteFileChunks(draftKey);
    return size;
  }

  /** Deletes what an unfinished job wrote under `keys`, and says why it stopped. */
  protected async abandon(error: unknown, keys: readonly string[]): Promise<never> {
    // What is not deleted here the next startup sweep deletes.
    await Promise.all(keys.map((key) => deleteFileChunks(key))).catch(reportingAs('export: delete the chunks of an unfinished file'));
    if (error instanceof ConversionCanceledError || this.cancelRequested) throw new JobCancelledError(this.job);
    if (errorIdentity(error).name === 'QuotaExceededError') throw new JobStorageFullError(this.job);
    throw error;
  }
}
