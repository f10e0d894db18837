import { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, Output, WebMOutputFormat } from 'mediabunny';

/**
 * Rewrites a WebM without re-encoding so it carries a duration and a cue index. MediaRecorder's
 * own output has neither, so players cannot show its length or seek in it (DECISIONS.md 6).
 */
export async function remuxToSeekableWebm(raw: Blob): Promise<Blob> {
  const input = new Input({ source: new BlobSource(raw), formats: ALL_FORMATS });
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const conversion = await Conversion.init({ input, output, showWarnings: false });
  if (!conversion.isValid) throw new Error('Failed to process recording');
  await conversion.execute();
  const { buffer } = output.target;
  if (!buffer) throw new Error('Failed to process recording');
  return new Blob([buffer], { type: 'video/webm' });
}

/** The media duration of a WebM, read from its packets. */
export async function mediaDurationMs(file: Blob): Promise<number> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  return Math.round((await input.computeDuration()) * 1000);
}
