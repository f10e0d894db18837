/**
 * Exports a stored recording as an MP4 (H.264 video; AAC audio where the browser can encode it,
 * else Opus), in a worker, without a whole-file buffer anywhere: mediabunny reads the stored chunks
 * through a small cache and writes the MP4 (index at the end) into chunks of its own; a second,
 * streaming pass then moves the index to the front, so the file streams and seeks ("fast start").
 * Nothing becomes a library item until the file is complete: a cancel, an error or a closed tab
 * leaves only chunks without a row, which are deleted here or by the next startup sweep.
 */
import { Conversion, Mp4OutputFormat, Output, canEncodeAudio, type Input, type InputVideoTrack } from 'mediabunny';
import { getRecording, putRecording, type RecordingRow } from '../storage/recordings-db';
import { checkRewriteSpace } from '../storage/rewrite-space';
import { openStoredFile, type StoredFile } from '../storage/stored-file-reader';
import { mp4Name, type Mp4AudioCodec } from '../container/mp4/export-naming';
import { ConversionJob } from './conversion-job';
import { averageBitrate, chunkTarget, storedSourceInput } from './stored-media';
import { holdFinalFrame } from './hold-final-frame';
import { canPumpVideo, pumpToH264 } from './h264-pump';
import { reportingAs } from '../../shared/report-error';

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
      // A copy is not one of a room recording's tracks: it stays out of the recording's group in the library.
      const row: RecordingRow = { ...source, id: this.targetId, name: mp4Name(source.name), state: 'done', createdAt: now, updatedAt: now, size, mimeType: 'video/mp4', error: undefined, fileKey: undefined, roomSession: undefined, settledSize: undefined, reopenedRanges: undefined };
      await putRecording(row);
      onProgress(1);
      return { id: this.targetId, size, durationMs: source.durationMs, audioCodec: draft.hasAudio ? audioCodec : null };
    } catch (error) {
      return await this.abandon(error, [draftKey, this.targetId]);
    }
  }

  /** Writes the MP4 (index last) under `draftKey`: its size, and whether it carries sound. */
  private async convert(stored: StoredFile, source: RecordingRow, draftKey: string, audioCodec: Mp4AudioCodec, onProgress: (fraction: number) => void): Promise<{ size: number; hasAudio: boolean }> {
    const input = await storedSourceInput(stored);
    try {
      const { target, writer } = chunkTarget(draftKey);
      const output = new Output({ format: new Mp4OutputFormat({ fastStart: false }), target });
      const bitrate = averageBitrate(stored.size, source.durationMs);
      const video = await input.getPrimaryVideoTrack();
      const hasAudio = video && (await canPumpVideo(video)) ? await this.pump(input, video, output, bitrate, audioCodec, source.durationMs, onProgress) : await this.viaConversion(input, output, bitrate, audioCodec, onProgress);
      await writer.flush();
      return { size: writer.size, hasAudio };
    } finally {
      input.dispose();
    }
  }

  /** The usual path: our own decode → encode pump, one picture ahead (see h264-pump). */
  private async pump(input: Input, video: InputVideoTrack, output: Output, bitrate: number, audioCodec: Mp4AudioCodec, durationMs: number, onProgress: (fraction: number) => void): Promise<boolean> {
    try {
      const { hasAudio } = await pumpToH264(output, {
        video,
        audio: await input.getPrimaryAudioTrack(),
        audioCodec,
        videoBitrate: bitrate,
        keyFrameIntervalS: KEY_FRAME_INTERVAL_S,
        onTime: (seconds) => {
          onProgress(Math.min(1, (seconds * 1000) / Math.max(1, durationMs)));
        },
        isCancelled: () => this.cancelRequested,
      });
      this.throwIfCancelled();
      await output.finalize();
      return hasAudio;
    } catch (error) {
      await output.cancel().catch(reportingAs('export: cancel the MP4 muxer'));
      throw error;
    }
  }

  /** Sources the pump cannot take (odd sizes, a codec only mediabunny decodes): mediabunny's conversion. */
  private async viaConversion(input: Input, output: Output, bitrate: number, audioCodec: Mp4AudioCodec, onProgress: (fraction: number) => void): Promise<boolean> {
    const conversion = await Conversion.init({
      input,
      output,
      video: { codec: 'avc', bitrate, keyFrameInterval: KEY_FRAME_INTERVAL_S, forceTranscode: true, process: await holdFinalFrame(input) },
      audio: { codec: audioCodec, bitrate: 128_000 },
      showWarnings: false,
    });
    if (!conversion.isValid) throw new Error(`This browser cannot export MP4 (${conversion.discardedTracks.map((t) => t.reason).join(', ')})`);
    await this.execute(conversion, onProgress);
    return conversion.utilizedTracks.some((track) => track.isAudioTrack());
  }
}
