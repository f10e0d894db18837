/** Drives the studio and reads what it stored, the same way in every browser. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { sleep, waitFor, type BrowserPage } from './browser-page';

export type Mode = 'Webcam Only' | 'Screen + Webcam';

export async function openStudio(page: BrowserPage, baseUrl: string, mode: Mode): Promise<void> {
  await page.goto(`${baseUrl}/studio`);
  await waitFor(page, 'the mode choice', () => document.querySelector('[role="radiogroup"][aria-label="Recording mode"]') !== null);
  await page.run((label: string) => {
    const option = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label);
    if (!option) throw new Error(`No mode ${label}`);
    option.click();
  }, mode);
  for (let i = 0; i < 50; i += 1) {
    const shown = await page.run(() => document.querySelector('[data-testid="stat-mode"]')?.textContent ?? '');
    if (shown === mode) return;
    await sleep(200);
  }
  throw new Error(`The studio did not switch to ${mode}`);
}

const statsText = () => ['stat-duration', 'stat-size', 'stat-fps'].map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '');

export interface Recorded {
  /** The stats card's frame rate, read each second from the third on. */
  cardFps: number[];
  /** File sizes the card showed each second from the first: a crash loses only what is not stored yet. */
  cardSizes: string[];
  /** Seconds from the REC badge to the Stop click, timed in the page. */
  activeSeconds: number;
}

export async function startRecording(page: BrowserPage): Promise<void> {
  await page.run(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="recording-badge"]')) {
        (window as unknown as { __recStarted: number }).__recStarted = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await page.click('button[aria-label="Start recording"]');
  await waitFor(page, 'the REC badge', () => document.querySelector('[data-testid="recording-badge"]')?.textContent === 'REC', 30_000);
}

export async function recordFor(page: BrowserPage, seconds: number): Promise<Recorded> {
  await startRecording(page);
  const cardFps: number[] = [];
  const cardSizes: string[] = [];
  for (let second = 1; second <= seconds; second += 1) {
    await sleep(1000);
    const [, size, fps] = await page.run(statsText);
    cardSizes.push(size ?? '');
    if (second >= 3) cardFps.push(Number.parseFloat(fps ?? '') || 0);
  }
  const activeSeconds = await stopRecording(page);
  return { cardFps, cardSizes, activeSeconds };
}

/** Clicks Stop and waits for the studio to finish; returns the seconds recorded, timed in the page. */
export async function stopRecording(page: BrowserPage): Promise<number> {
  const activeSeconds = await page.run(() => {
    const stop = document.querySelector<HTMLButtonElement>('button[aria-label="Stop recording"]');
    if (!stop) throw new Error('No Stop button');
    const at = performance.now();
    stop.click();
    return (at - (window as unknown as { __recStarted: number }).__recStarted) / 1000;
  });
  await waitFor(page, 'the recording to finish', () => document.querySelector('[data-testid="recording-badge"]') === null, 60_000);
  return activeSeconds;
}

interface StoredRecording {
  row: { id: string; state: string; mimeType: string; durationMs: number };
  base64: string;
}

/** The newest recording's row and file, read from the app's IndexedDB as the library reads it. */
export async function readNewestRecording(page: BrowserPage, path: string): Promise<StoredRecording['row']> {
  const stored = await page.run(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('framecast');
      open.onsuccess = () => {
        resolve(open.result);
      };
      open.onerror = () => {
        reject(open.error ?? new Error('open failed'));
      };
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => {
          resolve(request.result as T[]);
        };
      });
    type Row = { id: string; createdAt: number; state: string; mimeType: string; durationMs: number };
    let row: Row | undefined;
    // Stop hands the file over as the row is marked done: give the mark a moment.
    for (let i = 0; i < 100; i += 1) {
      row = (await all<Row>('recordings')).sort((a, b) => b.createdAt - a.createdAt)[0];
      if (row?.state === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!row) throw new Error('No recording stored');
    const chunks = (await all<{ recordingId: string; position: number; bytes: Blob }>('chunks'))
      .filter((c) => c.recordingId === row.id && c.position >= 0)
      .sort((a, b) => a.position - b.position);
    const bytes = new Uint8Array(await new Blob(chunks.map((c) => c.bytes)).arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    db.close();
    return { row: { id: row.id, state: row.state, mimeType: row.mimeType, durationMs: row.durationMs }, base64: btoa(text) };
  });
  writeFileSync(path, Buffer.from(stored.base64, 'base64'));
  return stored.row;
}

export interface FileFacts {
  videoCodec: string | null;
  audioCodec: string | null;
  duration: number;
  frames: number;
  fps: number;
  /** What ffmpeg complained of while decoding every frame: empty for a clean file. */
  decodeErrors: string;
}

export function probeFile(path: string): FileFacts {
  // -count_frames decodes every frame; whatever the decoders complain of goes to stderr.
  const probe = spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,codec_name,nb_read_frames:format=duration', '-of', 'json', path], {
    encoding: 'utf8',
  });
  const json = JSON.parse(probe.stdout) as { streams: { codec_type: string; codec_name: string; nb_read_frames?: string }[]; format: { duration?: string } };
  const video = json.streams.find((s) => s.codec_type === 'video');
  const audio = json.streams.find((s) => s.codec_type === 'audio');
  const duration = Number(json.format.duration ?? 0);
  const frames = Number(video?.nb_read_frames ?? 0);
  return {
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    duration,
    frames,
    fps: duration > 0 ? frames / duration : 0,
    decodeErrors: probe.stderr.trim(),
  };
}

/** Largest gap between frames and pictures that differ from the one before, read off the file. */
export function pacing(file: string): { largestGapMs: number; distinct: number } {
  const pts = spawnSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  let largestGap = 0;
  for (let i = 1; i < pts.length; i += 1) largestGap = Math.max(largestGap, (pts[i] ?? 0) - (pts[i - 1] ?? 0));
  const decimate = spawnSync('ffmpeg', ['-v', 'info', '-i', file, '-an', '-vf', 'mpdecimate=hi=64:lo=32:frac=0.0005', '-f', 'null', '-'], { encoding: 'utf8' });
  const distinct = Number([...decimate.stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1] ?? Number.NaN);
  return { largestGapMs: largestGap * 1000, distinct };
}

const average = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
export { average };

/** Recovers the recording the studio offers under "A recording was interrupted", as a user would. */
export async function recoverInterrupted(page: BrowserPage): Promise<void> {
  await waitFor(page, 'the interrupted-recording notice', () => document.body.innerText.includes('A recording was interrupted'), 30_000);
  await page.run(() => {
    const recover = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent.trim().startsWith('Recover'));
    if (!recover) throw new Error('No Recover button');
    recover.click();
  });
  await waitFor(page, 'the recovered recording', () => document.body.innerText.includes('Recording recovered'), 30_000);
}
