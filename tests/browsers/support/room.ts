/**
 * A room between tabs of one browser, driven as its users drive it: each tab joins by name, the
 * first becomes the host, and guests are admitted automatically after a few seconds (the host's
 * default). Signaling stays in the browser (BroadcastChannel) and no ICE server is set: the
 * machine has no network, and tabs of one browser need none.
 */
import type { BrowserPage } from './browser-page';
import { sleep, untilQuiet, waitFor } from './browser-page';

/** Call on a page of the app's origin before the room opens: the settings every tab of the room reads. */
export async function useLocalSignaling(page: BrowserPage, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/about`);
  await page.run(() => {
    localStorage.setItem('framecast-signaling-url', 'local');
    localStorage.setItem('framecast-ice-servers', 'none');
  });
  // Left while its lazy chunks load, a page reports the aborted loads as errors.
  await untilQuiet(page);
}

/** Opens the room, types the name into Your Name and presses Join Room. */
export async function joinRoom(page: BrowserPage, type: (selector: string, text: string) => Promise<void>, baseUrl: string, roomId: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/room/${roomId}`);
  const inputId = await waitFor(page, 'the join form', () => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith('Your Name'));
    return label?.htmlFor ?? '';
  });
  // The form offers the name this browser used last: typed over, as a second person would.
  await page.run((id: string) => {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement) input.select();
  }, inputId);
  await type(`[id="${inputId}"]`, name);
  await page.run(() => {
    const join = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Join Room');
    if (!join) throw new Error('No Join Room button');
    join.click();
  });
}

/** Waits until `page` shows `name`'s tile playing live video. */
export async function untilTilePlays(page: BrowserPage, name: string, timeoutMs = 40_000): Promise<void> {
  try {
    await waitFor(
    page,
    `${name}'s tile to play`,
    (who: string) => document.querySelector(`[data-testid="participant-tile"][data-participant="${who}"]`)?.getAttribute('data-state') === 'playing',
    timeoutMs,
    name,
  );
  } catch (error) {
    const seen = await page.run(() =>
      JSON.stringify({
        tiles: [...document.querySelectorAll('[data-testid="participant-tile"]')].map((t) => [t.getAttribute('data-participant'), t.getAttribute('data-state'), t.textContent.slice(0, 80)]),
        h1: document.querySelector('h1')?.textContent,
        alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent.slice(0, 200)),
      }),
    );
    throw new Error(`${String(error)}: ${seen}`, { cause: error });
  }
}

/** Records the room as its host for `seconds` of the recording's own clock, then stops and waits for the file. */
export async function recordRoom(host: BrowserPage, seconds: number): Promise<void> {
  await host.run(() => {
    const start = document.querySelector<HTMLButtonElement>('button[aria-label="Start recording"]');
    if (!start) throw new Error('No Start recording button');
    start.click();
  });
  // Under way (a second recording's clock shows the last one's length until then).
  await waitFor(host, 'recording under way', () => document.querySelector('button[aria-label="Stop recording"]') !== null, 30_000);
  await waitFor(
    host,
    `${String(seconds)} s recorded`,
    (wanted: number) => {
      const [minutes = 0, secs = 0] = (document.querySelector('[data-testid="room-recording-duration"]')?.textContent ?? '0:00').split(':').map(Number);
      return minutes * 60 + secs >= wanted;
    },
    seconds * 1000 + 30_000,
    seconds,
  );
  await host.run(() => {
    const stop = document.querySelector<HTMLButtonElement>('button[aria-label="Stop recording"]');
    if (!stop) throw new Error('No Stop recording button');
    stop.click();
  });
  await waitFor(host, 'Recording Complete', () => document.body.textContent.includes('Recording Complete'), 60_000);
  await sleep(300);
}
