/**
 * One MP4 export or trim, driven from the page: a worker of its own (terminated when the job is disposed,
 * so leaving the page settles every pending call), the audio codec it will use, progress and cancel.
 */
import { releaseProxy, proxy, wrap, type Remote } from 'comlink';
import type { ExportWorkerApi } from '../worker/export.worker';
import type { Mp4ExportResult } from '../worker/mp4-export';
import type { TrimResult } from '../worker/trim-recording';
import type { Mp4AudioCodec } from '../container/mp4/export-naming';

export type { Mp4ExportResult, TrimResult };

const WORKER_FAILED = 'The MP4 exporter could not start. Reload the page and try again.';

export class MediaJob {
  private readonly worker: Worker;
  private readonly api: Remote<ExportWorkerApi>;
  /** Rejects when the worker fails to load or crashes, so no call waits for ever. */
  private readonly failed: Promise<never>;

  constructor() {
    this.worker = new Worker(new URL('../worker/export.worker.ts', import.meta.url), { type: 'module', name: 'mp4-export' });
    this.api = wrap<ExportWorkerApi>(this.worker);
    this.failed = new Promise<never>((_, reject) => {
      this.worker.addEventListener('error', () => {
        reject(new Error(WORKER_FAILED));
      });
    });
    // Raced against each call, which reports it; unhandled only when no call is running.
    this.failed.catch(() => undefined);
  }

  audioCodec(): Promise<Mp4AudioCodec> {
    return Promise.race([this.api.audioCodec(), this.failed]);
  }

  run(sourceId: string, onProgress: (fraction: number) => void): Promise<Mp4ExportResult> {
    return Promise.race([this.api.exportMp4(sourceId, crypto.randomUUID(), proxy(onProgress)), this.failed]);
  }

  trim(sourceId: string, startS: number, endS: number, onProgress: (fraction: number) => void): Promise<TrimResult> {
    return Promise.race([this.api.trim(sourceId, crypto.randomUUID(), startS, endS, proxy(onProgress)), this.failed]);
  }

  cancel(): Promise<void> {
    return Promise.race([this.api.cancel(), this.failed]);
  }

  dispose(): void {
    this.api[releaseProxy]();
    this.worker.terminate();
  }
}
