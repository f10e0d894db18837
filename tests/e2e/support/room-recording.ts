/** Driving a room recording as the host does: start, wait on the recording's own clock, stop, download. */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { frameAt, maxVolume, meanColor, probe, webmLayout, type MediaInfo } from './media';
import { expect } from './test';

/**
 * A mixed recording's picture at `seconds`: the host's camera (blue field) in the left tile and the
 * guest's shared screen (green) in the right one.
 */
export async function expectHostCameraLeftGuestScreenRight(file: string, seconds: number): Promise<void> {
  const frame = await frameAt(file, seconds);
  const [lr, lg, lb] = meanColor(frame, 200, 400, 560, 280);
  const [rr, rg, rb] = meanColor(frame, 1160, 400, 560, 280);
  expect(lb).toBeGreaterThan(lg + 40);
  expect(lb).toBeGreaterThan(lr + 40);
  expect(rg).toBeGreaterThan(rb + 40);
  expect(rg).toBeGreaterThan(rr + 40);
}

/** Waits until the recording's own clock (what the card shows) reaches `seconds`. */
export async function waitForRecorded(host: Page, seconds: number): Promise<void> {
  const duration = host.getByTestId('room-recording-duration');
  await expect(duration).toBeVisible({ timeout: 20_000 });
  const recorded = async () => {
    const [minutes = 0, secs = 0] = ((await duration.textContent()) ?? '0:00').split(':').map(Number);
    return minutes * 60 + secs;
  };
  await expect.poll(recorded, { timeout: seconds * 1000 + 20_000 }).toBeGreaterThanOrEqual(seconds);
}

/** How long a room recording ran, measured in the host's page, to compare with its files' durations. */
export interface RecordedSpan {
  /** From the REC badge appearing to the Stop click: no file can be much shorter. */
  wall: number;
  /**
   * From the Start click to the Stop click: no file can be much longer. A recorder starts at the click,
   * and the badge waits for the room to say the recording began, up to a second later on a busy machine.
   */
  span: number;
}

/**
 * A mixed room recording as every mixed test expects it: the 1920x1080 picture, Opus sound that is
 * not silence (every fake microphone plays a tone), and as long as the recording ran: no shorter than
 * the wall time, no longer than the span plus `overrun` seconds (on an overloaded machine, a last
 * frame or audio block still on its way at Stop). Returns what ffprobe read, for a test's own checks.
 */
export async function expectMixedFile(file: string, { wall, span }: RecordedSpan, overrun: number): Promise<MediaInfo> {
  const info = await probe(file);
  expect(info.video).toMatchObject({ width: 1920, height: 1080 });
  expect(info.audio?.codecName).toBe('opus');
  expect(await maxVolume(file)).toBeGreaterThan(-60);
  expect(info.duration).toBeGreaterThan(wall - 1);
  expect(info.duration).toBeLessThan(span + overrun);
  return info;
}

/**
 * Records for `seconds` of the recording's own clock (a busy machine must not shorten the file) and
 * stops.
 */
export async function record(host: Page, seconds: number, whileRecording: () => Promise<void> = () => Promise.resolve()): Promise<RecordedSpan> {
  await host.evaluate(() => {
    const times = { clicked: 0, started: 0, processing: false };
    (window as unknown as { __rec: typeof times }).__rec = times;
    document.addEventListener(
      'click',
      (event) => {
        if (!times.clicked && event.target instanceof Element && event.target.closest('button[aria-label="Start recording"]')) times.clicked = performance.now();
      },
      true,
    );
    const observer = new MutationObserver(() => {
      if (!times.started && document.querySelector('[data-testid="room-recording-badge"]')) times.started = performance.now();
      // Processing can be brief: note whether its disabled button ever showed.
      if (document.querySelector<HTMLButtonElement>('button[aria-label="Processing"]')?.disabled && times.started) times.processing = true;
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await host.getByRole('button', { name: 'Start recording' }).click();
  await expect(host.getByTestId('room-recording-badge')).toHaveText('REC', { timeout: 20_000 });
  await whileRecording();
  await waitForRecorded(host, seconds);
  const recorded = await host.evaluate(() => {
    const times = (window as unknown as { __rec: { clicked: number; started: number } }).__rec;
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Stop recording"]');
    if (!button) throw new Error('No Stop button');
    button.click();
    const now = performance.now();
    return { wall: (now - times.started) / 1000, span: (now - times.clicked) / 1000 };
  });
  await expect(host.getByText('Recording Complete')).toBeVisible({ timeout: 30_000 });
  expect(await host.evaluate(() => (window as unknown as { __rec: { processing: boolean } }).__rec.processing)).toBe(true);
  expect(recorded.span).toBeGreaterThanOrEqual(recorded.wall);
  return recorded;
}

/** Presses Download on the Recording Complete notice, or on the card, and saves every file it starts. */
export async function downloadAll(host: Page, count: number, dir: string, from: 'notice' | 'card' = 'notice'): Promise<{ name: string; file: string }[]> {
  const downloads: Download[] = [];
  const collected = new Promise<void>((resolve) => {
    host.on('download', (download) => {
      downloads.push(download);
      if (downloads.length === count) resolve();
    });
  });
  const notice = host.getByRole('alert').filter({ hasText: 'Recording Complete' });
  if (from === 'notice') await notice.getByRole('button', { name: 'Download' }).click();
  else {
    // In one gate run on a loaded machine the notice was still there 10 s after its close button was
    // clicked (what the click met is not known); the close is tried again while it stays.
    await expect(async () => {
      if ((await notice.count()) > 0) await notice.getByRole('button', { name: 'Close notification' }).click({ timeout: 2_000 });
      await expect(notice).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await host.getByRole('button', { name: 'Download', exact: true }).click();
  }
  await collected;
  return Promise.all(
    downloads.map(async (download) => {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      return { name: download.suggestedFilename(), file };
    }),
  );
}

export interface StoredRow {
  id: string;
  mode: string;
  state: string;
  size: number;
  durationMs: number;
  width: number;
  height: number;
  startedAt?: number;
  roomSession?: { roomId: string; startedAt: number };
  /** What the recorder wrote again after it had settled, once it finished the file. */
  reopenedRanges?: [number, number][];
}

/** The stored recording a downloaded file came from: the one of the same size (a download is its bytes). */
export function rowOfFile<R extends StoredRow>(rows: readonly (R | undefined)[], file: string): R | undefined {
  const size = statSync(file).size;
  return rows.find((row) => row?.size === size);
}

/**
 * How long after the room's start a participant's own recorder began, in seconds (0 when the row
 * does not say). Each recorder begins once it is told and comes up in its own time, so its file is
 * that much shorter than the recording.
 */
export function recorderLateSeconds(row: StoredRow | undefined): number {
  return Math.max(0, (row?.startedAt ?? 0) - (row?.roomSession?.startedAt ?? Number.POSITIVE_INFINITY)) / 1000;
}

/**
 * Whether a stored row is a guest's own track: the copy the host received, or, when host and guest
 * share a browser context (and with it one IndexedDB), the guest's own copy stored beside it.
 */
export function isGuestTrack(row: StoredRow | undefined, rows: readonly StoredRow[]): boolean {
  if (!row) return false;
  return row.id.startsWith('received-') || rows.some((other) => other.id === `received-${row.id}`);
}

/**
 * One person's own track of a Separate recording, as downloaded: their camera at its capture size
 * (1280×720), seekable, with their own sound, and as long as the recording's `spanS` allows. Each
 * recorder begins once it is told and comes up in its own time, and a guest's hears Resume
 * `guestResumeLateS` after the host pressed it: the file is that much shorter than 2.5 s of recording.
 */
export async function expectOwnTrack(
  { name, file }: { name: string; file: string },
  ownRows: readonly StoredRow[],
  { spanS, guestResumeLateS }: { spanS: number; guestResumeLateS: number },
): Promise<void> {
  const info = await probe(file);
  expect(info.video).toMatchObject({ width: 1280, height: 720 });
  const row = rowOfFile(ownRows, file);
  expect(row, `the stored recording ${name} was downloaded from`).toBeDefined();
  const late = recorderLateSeconds(row) + (isGuestTrack(row, ownRows) ? guestResumeLateS : 0);
  expect(info.duration, `${name}, begun ${late.toFixed(2)} s after the room's start`).toBeGreaterThan(2.5 - late);
  expect(info.duration).toBeLessThan(spanS + 1);
  expect((await webmLayout(file)).hasCues).toBe(true);
  expect(await maxVolume(file)).toBeGreaterThan(-60);
}

/** The recordings the app stored in IndexedDB, read the way a new page would. */
export function storedRows(page: Page): Promise<StoredRow[]> {
  return page.evaluate(
    () =>
      new Promise<StoredRow[]>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onerror = () => reject(new Error('cannot open the database'));
        open.onsuccess = () => {
          const request = open.result.transaction('recordings').objectStore('recordings').getAll();
          request.onsuccess = () => resolve(request.result as StoredRow[]);
        };
      }),
  );
}

/**
 * One stored recording's bytes, concatenated from its chunks in position order. They cross from the
 * page as base64 (the browser's own encoder): as a list of numbers, a few megabytes took seconds of
 * both processes' time to serialise and parse.
 */
export async function storedBytes(page: Page, id: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    (recordingId) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onerror = () => reject(new Error('cannot open the database'));
        open.onsuccess = () => {
          const range = IDBKeyRange.bound([recordingId, 0], [recordingId, Infinity]);
          const request = open.result.transaction('chunks').objectStore('chunks').getAll(range);
          request.onsuccess = () => {
            const reader = new FileReader();
            reader.onload = () => {
              const url = reader.result as string;
              resolve(url.slice(url.indexOf(',') + 1));
            };
            reader.onerror = () => reject(reader.error ?? new Error('cannot read the stored chunks'));
            reader.readAsDataURL(new Blob((request.result as { bytes: Blob }[]).map((c) => c.bytes)));
          };
        };
      }),
    id,
  );
  return Buffer.from(base64, 'base64');
}

/** The SHA-256 of one stored recording's file, read from IndexedDB in the page. */
export function storedSha256(page: Page, id: string): Promise<string> {
  return page.evaluate(
    (recordingId) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onerror = () => reject(new Error('cannot open the database'));
        open.onsuccess = () => {
          const db = open.result;
          const rowRequest = db.transaction('recordings').objectStore('recordings').get(recordingId);
          rowRequest.onsuccess = () => {
            const key = (rowRequest.result as { fileKey?: string } | undefined)?.fileKey ?? recordingId;
            const request = db.transaction('chunks').objectStore('chunks').getAll(IDBKeyRange.bound([key, 0], [key, Infinity]));
            request.onsuccess = async () => {
              const blob = new Blob((request.result as { bytes: Blob | ArrayBuffer }[]).map((c) => c.bytes));
              const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
              resolve([...digest].map((b) => b.toString(16).padStart(2, '0')).join(''));
            };
          };
        };
      }),
    id,
  );
}
