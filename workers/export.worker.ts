/**
 * MP4 export and trimming, off the main thread: encoding takes whole cores, and the studio and
 * library stay responsive meanwhile. One job per worker; the page starts a worker per dialog.
 */
import * as Comlink from 'comlink';
import { Mp4Export, mp4AudioCodec, type Mp4ExportResult } from './lib/mp4-export';
import { TrimJob, type TrimResult } from './lib/trim-recording';
import { whileWritingRowless } from '../src/shared/storage/rowless-writes-lock';
import { throttleProgress } from '../src/shared/progress-throttle';

/** How often progress crosses to the page: enough for a smooth bar and time left. */
const PROGRESS_INTERVAL_MS = 200;

let current: Mp4Export | TrimJob | null = null;

/** Runs one job, cancellable while it runs, holding the lock that keeps other tabs' sweeps off its chunks. */
async function runJob<T>(job: Mp4Export | TrimJob, run: () => Promise<T>): Promise<T> {
  current = job;
  try {
    return await whileWritingRowless(run);
  } finally {
    current = null;
  }
}

const api = {
  audioCodec: mp4AudioCodec,
  exportMp4(sourceId: string, targetId: string, onProgress: (fraction: number) => void): Promise<Mp4ExportResult> {
    const job = new Mp4Export(sourceId, targetId);
    return runJob(job, () => job.run(throttleProgress(onProgress, PROGRESS_INTERVAL_MS)));
  },
  trim(sourceId: string, targetId: string, startS: number, endS: number, onProgress: (fraction: number) => void): Promise<TrimResult> {
    const job = new TrimJob(sourceId, targetId, startS, endS);
    return runJob(job, () => job.run(throttleProgress(onProgress, PROGRESS_INTERVAL_MS)));
  },
  async cancel(): Promise<void> {
    await current?.cancel();
  },
};

export type ExportWorkerApi = typeof api;
Comlink.expose(api);
