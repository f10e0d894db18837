/**
 * MP4 export and trimming, off the main thread: encoding takes whole cores, and the studio and
 * library stay responsive meanwhile. One job per worker; the page starts a worker per dialog.
 */
import * as Comlink from 'comlink';
import { Mp4Export, mp4AudioCodec, type Mp4ExportResult } from './mp4-export';
import { TrimJob, type TrimResult } from './trim-recording';
import type { ConversionJob } from './conversion-job';
import { whileWritingRowless } from '../storage/rowless-writes-lock';
import { throttleProgress } from '../../shared/progress-throttle';

/** How often progress crosses to the page: enough for a smooth bar and time left. */
const PROGRESS_INTERVAL_MS = 200;

type Progress = (fraction: number) => void;

let current: ConversionJob | null = null;

/**
 * Runs one job, cancellable while it runs, holding the lock that keeps other tabs' sweeps off its
 * chunks; its progress reaches the page at most every PROGRESS_INTERVAL_MS.
 */
async function runJob<T>(job: ConversionJob & { run(onProgress: Progress): Promise<T> }, onProgress: Progress): Promise<T> {
  current = job;
  try {
    return await whileWritingRowless(() => job.run(throttleProgress(onProgress, PROGRESS_INTERVAL_MS)));
  } finally {
    current = null;
  }
}

const api = {
  audioCodec: mp4AudioCodec,
  exportMp4(sourceId: string, targetId: string, onProgress: Progress): Promise<Mp4ExportResult> {
    return runJob(new Mp4Export(sourceId, targetId), onProgress);
  },
  trim(sourceId: string, targetId: string, startS: number, endS: number, onProgress: Progress): Promise<TrimResult> {
    return runJob(new TrimJob(sourceId, targetId, startS, endS), onProgress);
  },
  async cancel(): Promise<void> {
    await current?.cancel();
  },
};

export type ExportWorkerApi = typeof api;
Comlink.expose(api);
