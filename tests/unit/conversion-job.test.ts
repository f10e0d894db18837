import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ConversionJob } from '../../src/media/worker/conversion-job';
import { listChunks, putChunk } from '../../src/media/storage/recordings-db';

/** The base class's clean-up, driven directly: what an export that failed midway hands it. */
class FailingJob extends ConversionJob {
  constructor() {
    super('Export');
  }
  fail(error: unknown, keys: string[]) {
    return this.abandon(error, keys);
  }
}

describe('ConversionJob.abandon', () => {
  it('turns a refused write into "Storage is full" and deletes what the job wrote', async () => {
    await putChunk({ recordingId: 'draft-1', position: 0, bytes: new Blob([new Uint8Array(16)]) });
    const failure = new FailingJob().fail(new DOMException('The quota has been exceeded.', 'QuotaExceededError'), ['draft-1']);
    await expect(failure).rejects.toMatchObject({ name: 'JobStorageFullError', message: expect.stringMatching(/^Storage is full: .*MP4.*Nothing was saved, and the recording is unchanged/) as unknown });
    expect(await listChunks('draft-1')).toEqual([]);
  });

  it('passes any other failure on as it is', async () => {
    const error = new Error('This browser cannot export MP4');
    await expect(new FailingJob().fail(error, [])).rejects.toBe(error);
  });

  it('reports a cancelled job as cancelled, whatever stopped it', async () => {
    const job = new FailingJob();
    await job.cancel();
    await expect(job.fail(new Error('aborted'), [])).rejects.toMatchObject({ name: 'JobCancelledError' });
  });
});
