/**
 * Drives the studio like a user and times it from inside the page, so "active recording time"
 * is measured independently of the app's own clock.
 */
import type { Page } from '@playwright/test';
import { expect } from './test';

export type Mode = 'Screen Only' | 'Webcam Only' | 'Screen + Webcam';

export interface Overlay {
  shape?: 'Circle' | 'Rounded Rectangle' | 'Square';
  size?: 'Small' | 'Medium' | 'Large';
  position?: string;
}

interface PageTimes {
  started: number | null;
  paused: number;
}

declare global {
  interface Window {
    __recTimes?: PageTimes;
    __screenStreams?: MediaStream[];
  }
}

/** Keeps every screen stream the page acquires reachable, to end the share like the browser's bar does. */
export async function captureScreenStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
    window.__screenStreams = [];
    navigator.mediaDevices.getDisplayMedia = async (options) => {
      const stream = await original(options);
      window.__screenStreams?.push(stream);
      return stream;
    };
  });
}

export async function openStudio(page: Page, mode: Mode, overlay: Overlay = {}): Promise<void> {
  await page.goto('/studio');
  await page.getByRole('radiogroup', { name: 'Recording mode' }).locator('label', { hasText: mode }).click();
  await expect(page.getByRole('radio', { name: mode })).toBeChecked();
  for (const [label, value] of [
    ['Webcam shape', overlay.shape],
    ['Webcam size', overlay.size],
    ['Webcam position', overlay.position],
  ] as const) {
    if (!value) continue;
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: value, exact: true }).click();
    await expect(page.getByRole('combobox', { name: label })).toHaveValue(value);
  }
}

/** Presses Start and resolves once recording is shown; the page notes the moment the badge appeared. */
export async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    const times: PageTimes = { started: null, paused: 0 };
    window.__recTimes = times;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="recording-badge"]')) {
        times.started = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toHaveText('REC', { timeout: 20_000 });
}

const clickAt = (page: Page, label: string) =>
  page.evaluate((name) => {
    const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
    if (!button) throw new Error(`No button ${name}`);
    const at = performance.now();
    button.click();
    return at;
  }, label);

export async function pauseFor(page: Page, ms: number): Promise<void> {
  const pausedAt = await clickAt(page, 'Pause recording');
  await expect(page.getByTestId('recording-badge')).toHaveText('Paused');
  await page.waitForTimeout(ms);
  const resumedAt = await clickAt(page, 'Resume recording');
  await page.evaluate((span) => {
    if (window.__recTimes) window.__recTimes.paused += span;
  }, resumedAt - pausedAt);
  await expect(page.getByTestId('recording-badge')).toHaveText('REC');
}

/**
 * Presses Stop, waits for the automatic download (autoSave is on by default), saves it to
 * `path` and returns the active recording time the page measured, in seconds.
 */
export async function stopAndDownload(page: Page, path: string): Promise<{ activeSeconds: number; wallSeconds: number; fileName: string }> {
  const download = page.waitForEvent('download', { timeout: 30_000 });
  const stoppedAt = await clickAt(page, 'Stop recording');
  const file = await download;
  await file.saveAs(path);
  const times = await page.evaluate(() => window.__recTimes);
  if (times?.started == null) throw new Error('The recording badge never appeared');
  return {
    activeSeconds: (stoppedAt - times.started - times.paused) / 1000,
    wallSeconds: (stoppedAt - times.started) / 1000,
    fileName: file.suggestedFilename(),
  };
}

/** The studio is back at rest and every control answers: nothing is stuck after a failure. */
export const expectIdleAndUsable = async (page: Page): Promise<void> => {
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  await expect(page.getByTestId('recording-badge')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Screen Only' })).toBeEnabled();
};
