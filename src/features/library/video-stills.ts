/**
 * Still pictures of stored recordings, taken with a hidden video element that is let go as soon as
 * the pictures are drawn. A `<video>` left on the page per library item keeps a decoder and its
 * frame pool each, hundreds of megabytes at rest with a few 1080p recordings listed
 * (docs/decisions/0014-library-stills.md). One image per item costs a few kilobytes, and the
 * library's stills are taken one at a time.
 */

/** Gives up on a file that never loads or seeks (a broken file must not hold up the queue). */
const STEP_TIMEOUT_MS = 10_000;

export interface StillSize {
  width: number;
  height: number;
}

/** A hidden, muted video of `url`; `release` lets its decoder go. */
export function hiddenVideo(url: string): { video: HTMLVideoElement; release: () => void } {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.src = url;
  return {
    video,
    release: () => {
      video.removeAttribute('src');
      video.load();
    },
  };
}

/** Seeks to `time` and draws the picture there into `context`, letterboxed to its canvas. */
export async function drawAt(video: HTMLVideoElement, time: number, context: CanvasRenderingContext2D): Promise<void> {
  if (video.readyState < HTMLMediaElement.HAVE_METADATA) await nextEvent(video, 'loadedmetadata');
  video.currentTime = time;
  await nextEvent(video, 'seeked');
  const { width, height } = context.canvas;
  const scale = Math.min(width / Math.max(1, video.videoWidth), height / Math.max(1, video.videoHeight));
  const drawnWidth = video.videoWidth * scale;
  const drawnHeight = video.videoHeight * scale;
  context.fillStyle = '#000';
  context.fillRect(0, 0, width, height);
  context.drawImage(video, (width - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * A JPEG data URL of the recording's picture at `time` (clamped into the recording), or null when
 * the file cannot be shown or `signal` aborted first. Calls wait their turn: one video at a time.
 */
export function takeStill(url: string, time: number, size: StillSize, signal: AbortSignal): Promise<string | null> {
  const turn = queue.then(() => (signal.aborted ? null : still(url, time, size)));
  queue = turn.catch(() => undefined);
  return turn.catch(() => null);
}

async function still(url: string, time: number, size: StillSize): Promise<string | null> {
  const { video, release } = hiddenVideo(url);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  try {
    if (!context) return null;
    await nextEvent(video, 'loadedmetadata');
    const end = Number.isFinite(video.duration) ? video.duration : time;
    await drawAt(video, Math.max(0, Math.min(time, end / 2)), context);
    return canvas.toDataURL('image/jpeg', 0.75);
  } finally {
    release();
  }
}

function nextEvent(video: HTMLVideoElement, name: 'loadedmetadata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (outcome: () => void) => {
      clearTimeout(timer);
      video.removeEventListener(name, onEvent);
      video.removeEventListener('error', onError);
      outcome();
    };
    const onEvent = () => {
      done(resolve);
    };
    const onError = () => {
      done(() => {
        reject(new Error(video.error?.message ?? 'The recording could not be read'));
      });
    };
    const timer = setTimeout(() => {
      done(() => {
        reject(new Error(`The recording did not reach ${name}`));
      });
    }, STEP_TIMEOUT_MS);
    video.addEventListener(name, onEvent, { once: true });
    video.addEventListener('error', onError, { once: true });
  });
}
