/**
 * A room in Firefox (Debian's firefox-esr, driven over WebDriver BiDi): two tabs meet over WebRTC, the
 * host records both into one file, then each records its own and the guest's reaches the host. It times nothing (its frame rate is the benchmark's), so the
 * gate runs it beside Firefox's pages and WebKit, not with the recordings that hold a frame-rate floor.
 */
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { asBrowserPage } from './support/firefox';
import { useFirefoxSuite } from './support/firefox-suite';
import { joinRoom, recordRoom, untilTilePlays, useLocalSignaling } from './support/room';
import { frameAt, meanColor } from '../e2e/support/media';
import { waitFor } from './support/browser-page';
import { probeFile, readNewestRecording } from './support/studio';

const suite = useFirefoxSuite('firefox-room');

describe('Firefox', () => {
  test('two tabs meet in a room over WebRTC; the host records both into one file, then the guest’s own track reaches it byte for byte', async () => {
    const { browser } = suite.firefox;
    const roomId = `firefox-${String(Date.now())}`;
    // Two fresh tabs beside the suite's own.
    const hostRaw = await browser.newPage();
    const guestRaw = await browser.newPage();
    try {
      const host = await asBrowserPage(hostRaw);
      const guest = await asBrowserPage(guestRaw);
      await useLocalSignaling(host, suite.preview.url);
      await joinRoom(host, (selector, text) => hostRaw.type(selector, text), suite.preview.url, roomId, 'Hana');
      await waitFor(host, "Hana's room", () => document.querySelector('h1')?.textContent === "Hana's room", 20_000);
      await joinRoom(guest, (selector, text) => guestRaw.type(selector, text), suite.preview.url, roomId, 'Gus');
      await hostRaw.bringToFront();
      // The host admits guests automatically after a few seconds; then each side plays the other.
      await untilTilePlays(host, 'Gus');
      await untilTilePlays(guest, 'Hana');
      await recordRoom(host, 5);
      const file = join(suite.workDir, 'room-mixed.webm');
      const row = await readNewestRecording(host, file);
      const facts = probeFile(file);
      expect(row.state).toBe('done');
      expect(facts.decodeErrors).toBe('');
      expect(facts.duration).toBeGreaterThanOrEqual(4.5);
      // Both tabs send and receive camera video over WebRTC on the same two cores as the recording,
      // which a room across computers does not: the frame rate is left to the benchmark.
      expect(facts.frames).toBeGreaterThan(0);
      // Two tiles side by side, each holding a camera's picture rather than the dark tile of a
      // participant with no video (#1f2430) or the black around the tiles.
      const frame = await frameAt(file, facts.duration / 2);
      for (const x of [200, 1160]) {
        const [r, g, b] = meanColor(frame, x, 400, 560, 280);
        const darkTile = Math.abs(r - 0x1f) + Math.abs(g - 0x24) + Math.abs(b - 0x30) < 24;
        expect(darkTile, `tile at x=${String(x)} shows a picture (${String([r, g, b])})`).toBe(false);
        expect(r + g + b, `tile at x=${String(x)} is not black`).toBeGreaterThan(60);
      }
      // Separate: the guest records on its own and its file reaches the host, the same bytes (both
      // tabs share this profile's storage, so both copies are read from it).
      await host.run(() => {
        const separate = document.querySelector<HTMLInputElement>('input[type=radio][value=separate]');
        if (!separate) throw new Error('No Separate choice');
        separate.click();
      });
      await recordRoom(host, 4);
      await waitFor(host, 'Gus: received ✓', () => document.querySelector('[data-testid="podcast-tracks"]')?.textContent.includes('Gus: received ✓') === true, 60_000);
      const copies = await host.run(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('framecast');
          open.onsuccess = () => {
            resolve(open.result);
          };
          open.onerror = () => {
            reject(new Error('cannot open the database'));
          };
        });
        const all = <T>(request: IDBRequest<T>) =>
          new Promise<T>((resolve, reject) => {
            request.onsuccess = () => {
              resolve(request.result);
            };
            request.onerror = () => {
              reject(new Error('a read failed'));
            };
          });
        const rows = await all(db.transaction('recordings').objectStore('recordings').getAll() as IDBRequest<{ id: string; fileKey?: string; state: string; size: number }[]>);
        const received = rows.find((row) => row.id.startsWith('received-'));
        const own = rows.find((row) => received !== undefined && row.id === received.id.slice('received-'.length));
        const digest = async ({ id, fileKey = id }: { id: string; fileKey?: string }) => {
          const chunks = await all(db.transaction('chunks').objectStore('chunks').getAll(IDBKeyRange.bound([fileKey, 0], [fileKey, Infinity])) as IDBRequest<{ bytes: Blob }[]>);
          const bytes = await new Blob(chunks.map((chunk) => chunk.bytes)).arrayBuffer();
          return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
        };
        return received && own ? { size: received.size, state: received.state, ownSize: own.size, received: await digest(received), own: await digest(own) } : null;
      });
      expect(copies).not.toBeNull();
      expect(copies?.state).toBe('done');
      expect(copies?.size).toBeGreaterThan(0);
      expect(copies?.size).toBe(copies?.ownSize);
      expect(copies?.received).toBe(copies?.own);
      expect([...host.errors, ...guest.errors]).toEqual([]);
    } finally {
      await guestRaw.close();
      await hostRaw.close();
      await suite.firefox.raw.bringToFront();
    }
  });
});
