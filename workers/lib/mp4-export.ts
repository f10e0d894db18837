/**
 * Exports a stored recording as an MP4 (H.264 video; AAC audio where the browser can encode it,
 * else Opus), in a worker, without a whole-file buffer anywhere: mediabunny reads the stored chunks
 * through a small cache and writes the MP4 (index at the end) into chunks of its own; a second,
 * streaming pass then moves the index to the front, so the file streams and seeks ("fast start").
 * Nothing becomes a library item until the file is complete: a cancel, an error or a closed tab
 * leaves only chunks without a row, which are deleted here or by the next startup sweep.
 */
import { Conversion, Mp4OutputFormat, Output, canEncodeAudio } from 'mediabunny';
import { getRecording, putRecording, type RecordingRow } from '../../src/shared/storage/recordings-db';
import { checkRewriteSpace } from '../../src/shared/storage/rewrite-space';
import { openStoredFile, type StoredFile } from '../../src/shared/storage/stored-file-reader';
import { mp4Name, type Mp4AudioCodec } from '../../src/shared/mp4/export-naming';
import { ConversionJob } from './conversion-job';
import { averageBitrate, chunkTarget, storedInput } from './stored-media';
import { keepClusterEndFrames } from './cluster-end-durations';
import { holdFinalFrame } from './hold-final-frame';

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

export class Mp4Export extends ConversionJob {
  constructor(
    private readonly sourceId: string,
    private readonly targetId: string,
  ) {
    super('Export');
  }

  async run(onProgress: (fraction: number) => void): Promise<Mp4ExportResult> {
    const source = await getRecording(this.sourceId);
    if (source?.state !== 'done') throw new Error('This recording no longer exists');
    const stored = await openStoredFile(this.sourceId);
    // The MP4 is written once with its index at the end, then copied with the index first.
    await checkRewriteSpace(stored.size * 2, 'Exporting this recording as MP4');
    const draftKey = `${this.targetId}~draft`;
    try {
      const audioCodec = await mp4AudioCodec();
      const draft = await this.convert(stored, source, draftKey, audioCodec, (fraction) => {
        onProgress(fraction * CONVERSION_SHARE);
      });
      this.throwIfCancelled();
      const size = await this.faststart(draftKey, draft.size, this.targetId, (fraction) => {
        onProgress(CONVERSION_SHARE + fraction * (1 - CONVERSION_SHARE));
      });
      this.throwIfCancelled();
      const now = Date.now();
      const row: RecordingRow = { ...source, id: this.targetId, name: mp4Name(source.name), state: 'done', createdAt: now, updatedAt: now, size, mimeType: 'video/mp4', error: undefined, fileKey: undefined };
      await putRecording(row);
      onProgress(1);
      return { id: this.targetId, size, durationMs: source.durationMs, audioCodec: draft.hasAudio ? audioCodec : null };
    } catch (error) {
      return await this.abandon(error, [draftKey, this.targetId]);
    }
  }

  /** Writes the MP4 (index last) under `draftKey`: its size, and whether it carries sound. */
  private async convert(stored: StoredFile, source: RecordingRow, draftKey: string, audioCodec: Mp4AudioCodec, onProgress: (fraction: number) => void): Promise<{ size: number; hasAudio: boolean }> {
    const input = storedInput(stored);
    await keepClusterEndFrames(input);
    const { target, writer } = chunkTarget(draftKey);
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: false }), target });
    const bitrate = averageBitrate(stored.size, source.durationMs);
    const conversion = await Conversion.init({
      input,
      output,
      video: { codec: 'avc', bitrate, keyFrameInterval: KEY_FRAME_INTERVAL_S, forceTranscode: true, process: await holdFinalFrame(input) },
      audio: { codec: audioCodec, bitrate: 128_000 },
      showWarnings: false,
    });
    if (!conversion.isValid) throw new Error(`This browser cannot export MP4 (${conversion.discardedTracks.map((t) => t.reason).join(', ')})`);
    await this.execute(conversion, onProgress);
    await writer.flush();
    input.dispose();
    return { size: writer.size, hasAudio: conversion.utilizedTracks.some((track) => track.isAudioTrack()) };
  }
}
