/**
 * The oldest browser versions this build records in, and why. One list, so the Features table,
 * the FAQ, the home page and the structured data cannot disagree.
 *
 * What sets each minimum (check here before changing the build target or the recorder):
 * - The build targets es2022 (private class methods) and calls Object.hasOwn: Chrome 93, Firefox 92, Safari 15.4.
 * - The full pipeline (MediaStreamTrackProcessor + WebCodecs VideoEncoder in a worker): Chrome and Edge 94.
 * - The same worker encoding fed from the page (VideoFrames from a <video>, sound from an
 *   AudioWorklet; docs/browsers.md) needs WebCodecs (Firefox 130), module workers and
 *   OffscreenCanvas (Firefox 114, Safari 16.4) and requestVideoFrameCallback (Firefox 132,
 *   Safari 15.4). Safari takes it where its media stack writes WebM (18.4); otherwise it records
 *   MP4 with MediaRecorder. The Firefox figures are measured by tests/browsers.
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
    note: 'WebCodecs encoding in a worker, fed from the page: WebM at 30 fps at 1080p in our tests; keep the studio tab visible for the smoothest video',
  },
  {
    name: 'Safari',
    minimum: '18.4+',
    note: 'WebCodecs encoding fed from the page where Safari writes WebM, otherwise MP4 with MediaRecorder; keep the studio tab visible for the smoothest video',
  },
];

/** "Chrome 94+, Edge 94+, Firefox 132+ and Safari 18.4+", for sentences and structured data. */
export function browserMinimums(): string {
  const parts = BROWSERS.map((b) => `${b.name} ${b.minimum}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

const minimumOf = (name: string) => BROWSERS.find((b) => b.name === name)?.minimum ?? '';

/** The same minimums split by how each records: the full pipeline, or worker encoding fed from the page. */
export const FULL_PIPELINE_BROWSERS = `Chrome ${minimumOf('Chrome')} and Edge ${minimumOf('Edge')}`;
export const PAGE_FED_BROWSERS = `Firefox ${minimumOf('Firefox')} and Safari ${minimumOf('Safari')}`;
