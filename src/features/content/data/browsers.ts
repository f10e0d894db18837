/**
 * The oldest browser versions this build records in, and why. One list, so the Features table,
 * the FAQ, the home page and the structured data cannot disagree.
 *
 * What sets each minimum (check here before changing the build target or the recorder):
 * - The build targets es2022 (private class methods) and calls Object.hasOwn: Chrome 93, Firefox 92, Safari 15.4.
 * - The full pipeline (MediaStreamTrackProcessor + WebCodecs VideoEncoder in a worker): Chrome and Edge 94.
 * - The fallback (MediaRecorder on a composited canvas) needs module workers and OffscreenCanvas
 *   (Firefox 114, Safari 16.4), HTMLVideoElement.requestVideoFrameCallback to feed frames to the
 *   worker (Firefox 132, Safari 15.4), and MediaRecorder writing WebM (Safari 18.4).
 */

export interface BrowserSupport {
  readonly name: string;
  /** The version, as people read it: "94+". */
  readonly minimum: string;
  readonly note: string;
}

export const BROWSERS: readonly BrowserSupport[] = [
  {
    name: 'Chrome',
    minimum: '94+',
    note: 'Full pipeline: WebCodecs encoding in a background worker, smooth even while the tab is in the background',
  },
  {
    name: 'Edge',
    minimum: '94+',
    note: 'Full pipeline: WebCodecs encoding in a background worker, smooth even while the tab is in the background',
  },
  {
    name: 'Firefox',
    minimum: '132+',
    note: 'Fallback pipeline (MediaRecorder, WebM); keep the studio tab visible for the smoothest video',
  },
  {
    name: 'Safari',
    minimum: '18.4+',
    note: 'Fallback pipeline (MediaRecorder, WebM from Safari 18.4 on); keep the studio tab visible for the smoothest video',
  },
];

/** "Chrome 94+, Edge 94+, Firefox 132+ and Safari 18.4+", for sentences and structured data. */
export function browserMinimums(): string {
  const parts = BROWSERS.map((b) => `${b.name} ${b.minimum}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

const minimumOf = (name: string) => BROWSERS.find((b) => b.name === name)?.minimum ?? '';

/** The same minimums split by pipeline: which browsers get the full one, which the fallback. */
export const FULL_PIPELINE_BROWSERS = `Chrome ${minimumOf('Chrome')} and Edge ${minimumOf('Edge')}`;
export const FALLBACK_PIPELINE_BROWSERS = `Firefox ${minimumOf('Firefox')} and Safari ${minimumOf('Safari')}`;
