/** What the page got from getUserMedia, kept reachable so a test can see which devices are open. */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __userStreams?: MediaStream[];
    /** When set, the next camera requests fail the way a camera busy in another app does. */
    __cameraBusy?: boolean;
  }
}

/**
 * Keeps every stream the page gets from getUserMedia reachable, so a test can see which devices
 * were opened and whether they were released. Also lets a test make the camera "busy": no fake
 * device can be taken by another app, so that one failure is raised here, as Chromium raises it.
 */
export async function watchUserMedia(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Absent on insecure pages (another site a test links from): nothing to watch there.
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    if (!devices) return;
    const original = devices.getUserMedia.bind(devices);
    window.__userStreams = [];
    devices.getUserMedia = async (constraints) => {
      if (window.__cameraBusy && constraints?.video) throw new DOMException('Could not start video source', 'NotReadableError');
      const stream = await original(constraints);
      window.__userStreams?.push(stream);
      return stream;
    };
  });
}

/** Every microphone track the page has opened so far, oldest first. */
export const microphoneTracks = (page: Page) =>
  page.evaluate(() =>
    (window.__userStreams ?? []).flatMap((stream) => stream.getAudioTracks().map((t) => ({ enabled: t.enabled, readyState: t.readyState }))),
  );

/** Every track of every stream the page has opened so far. */
export const allUserTracks = (page: Page) =>
  page.evaluate(() => (window.__userStreams ?? []).flatMap((stream) => stream.getTracks().map((t) => ({ kind: t.kind, readyState: t.readyState }))));

/** The settings of the newest live microphone track the page holds. */
export const liveMicrophoneSettings = (page: Page) =>
  page.evaluate(() => {
    const live = (window.__userStreams ?? []).flatMap((stream) => stream.getAudioTracks()).filter((t) => t.readyState === 'live');
    const settings = live.at(-1)?.getSettings();
    return settings ? { noiseSuppression: settings.noiseSuppression, echoCancellation: settings.echoCancellation } : null;
  });
