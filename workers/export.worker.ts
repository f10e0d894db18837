/**
 * The MP4 export, off the main thread: encoding H.264 takes whole cores, and the studio and library
 * stay responsive meanwhile. One export per worker; the page starts a worker per export.
 */
import * as Comlink from 'comlink';
import { Mp4Export, mp4AudioCodec, type Mp4ExportResult } from './lib/mp4-export';

let current: Mp4Export | null = null;

const api = {
  audioCodec: mp4AudioCodec,
  async exportMp4(sourceId: string, targetId: string, onProgress: (fraction: number) => void): Promise<Mp4ExportResult> {
    current = new Mp4Export(sourceId, targetId);
    try {
      return await current.run(onProgress);
    } finally {
      current = null;
    }
  },
  async cancel(): Promise<void> {
    await current?.cancel();
  },
};

export type ExportWorkerApi = typeof api;
Comlink.expose(api);
