/**
 * Saves the part of a recording between two times as a new library item, keeping the original.
 * A WebM re-encodes only the pictures from the chosen start to the next key frame and copies the
 * rest (see smart-cut.ts); an MP4 is copied when a key frame lies within a frame of the start, else
 * its video is re-encoded. Streams through the chunk store like the MP4 export, and only a
 * complete copy gets a row.
 */
import { Conversion, Mp4OutputFormat, Output, WebMOutputFormat } from 'mediabunny';
import { getRecording, putRecording, type RecordingRow } from '../storage/recordings-db';
import { checkRewriteSpace } from '../storage/rewrite-space';
import { openStoredFile, type StoredFile } from '../storage/stored-file-reader';
import { trimmedName, validTrimRange, type TrimRange } from '../container/mp4/trim-range';
import { ConversionJob } from './conversion-job';
import { averageBitrate, chunkTarget, storedInput, storedSourceInput } from './stored-media';
import { smartCut, smartCutEncoding } from './smart-cut';

export interface TrimResult {
  id: string;
  size: number;
  durationMs: number;
}

/** How far the copy may start from the chosen time: one frame at 30 fps. */
const ONE_FRAME_S = 1 / 30;

export class TrimJob extends ConversionJob {
  constructor(
    private readonly sourceId: string,
    private readonly targetId: string,
    private readonly startS: number,
    private readonly endS: number,
  ) {
    super('Trim');
  }

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
      const written = await this.cut(stored, source, range, draftKey, mp4, (fraction) => {
        onProgress(fraction * (mp4 ? 0.9 : 1));
      });
      const size = mp4
        ? await this.faststart(draftKey, written, this.targetId, (fraction) => {
            onProgress(0.9 + fraction * 0.1);
          })
        : written;
      this.throwIfCancelled();
      const copy = storedInput(await openStoredFile(this.targetId));
      const durationMs = Math.round((await copy.computeDuration()) * 1000);
      copy.dispose();
      const now = Date.now();
      // A copy is not one of a room recording's tracks: it stays out of the recording's group in the
      // library, and it begins where the cut does.
      const startedAt = source.startedAt === undefined ? undefined : source.startedAt + range.start * 1000;
      await putRecording({ ...source, id: this.targetId, name: trimmedName(source.name), createdAt: now, updatedAt: now, size, durationMs, error: undefined, fileKey: undefined, roomSession: undefined, settledSize: undefined, reopenedRanges: undefined, startedAt });
      onProgress(1);
      return { id: this.targetId, size, durationMs };
    } catch (error) {
      return await this.abandon(error, [draftKey, this.targetId]);
    }
  }

  /** Writes the range under `draftKey`; the number of bytes written. */
  private async cut(stored: StoredFile, source: RecordingRow, range: TrimRange, draftKey: string, mp4: boolean, onProgress: (fraction: number) => void): Promise<number> {
    const input = await storedSourceInput(stored);
    try {
      const { target, writer } = chunkTarget(draftKey);
      const output = new Output({ format: mp4 ? new Mp4OutputFormat({ fastStart: false }) : new WebMOutputFormat(), target });
      const video = await input.getPrimaryVideoTrack();
      const encoding = video && !mp4 ? await smartCutEncoding(video, averageBitrate(stored.size, source.durationMs)) : null;
      if (video && encoding) {
        const checkCancelled = () => {
          this.throwIfCancelled();
        };
        await smartCut(input, output, video, encoding, { ...range, onProgress, checkCancelled });
      } else {
        // An MP4 (H.264 keeps one set of coder settings per file) or a codec this browser cannot
        // encode: mediabunny copies when a key frame lies within a frame of the start, else re-encodes.
        const conversion = await Conversion.init({
          input,
          output,
          trim: { start: range.start, end: range.end },
          copy: { boundaryPolicy: 'shrink', boundaryTolerance: ONE_FRAME_S },
          showWarnings: false,
        });
        if (!conversion.isValid) throw new Error('This browser cannot trim this recording');
        await this.execute(conversion, onProgress);
      }
      await writer.flush();
      return writer.size;
    } finally {
      input.dispose();
    }
  }
}
