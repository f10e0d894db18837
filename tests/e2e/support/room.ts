/**
 * Drives the room like its users: pages of one browser context meet over BroadcastChannel and
 * connect with real WebRTC. Every page uses no ICE servers (this machine has no network) and keeps
 * its RTCPeerConnections reachable, so tests can read what each side really receives.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, type PageGuard } from './test';
import { SETTINGS_KEY } from './settings';

declare global {
  interface Window {
    __pcs?: RTCPeerConnection[];
  }
  interface RTCPeerConnection {
    /** Candidates this side gathered, and the other side's it was given (for failure reports). */
    __candidates?: { local: number; remote: number; createdAt: number };
  }
}

export interface RoomContextOptions {
  /**
   * Where the pages' signaling goes: 'local' (the default) keeps the room in this browser's tabs,
   * as these tests of the room itself want; a URL names a signaling server (see signaling-target);
   * null leaves the app to its default, the signaling server on its own origin.
   */
  signaling?: string | null;
  /** Makes every peer connection use TURN relays only (to prove a path through the relay). */
  relayOnly?: boolean;
  /** The pages' ICE server setting (framecast-ice-servers); 'none' unless given, as this machine has no network. */
  iceServers?: string;
  /**
   * Every connection throws away the candidates of the other side's first ICE generation, as if
   * they were lost on the way: only an ICE restart can bring such a connection up.
   */
  loseFirstCandidates?: boolean;
  /** False leaves the microphone ungranted: a browser without fake permission UI then refuses it. */
  microphone?: boolean;
}

/** Call once per context, before the pages navigate. */
export async function prepareRoomContext(context: BrowserContext, options: RoomContextOptions = {}): Promise<void> {
  await context.grantPermissions(['camera', ...(options.microphone === false ? [] : ['microphone']), 'clipboard-read', 'clipboard-write']);
  await context.addInitScript(({ signaling, relayOnly, iceServers, loseFirstCandidates, settingsKey }) => {
    localStorage.setItem('framecast-ice-servers', iceServers);
    // Every page's fake microphone plays the same 440 Hz tone, and each page plays the others' sound:
    // an echo canceller may then take the tone for an echo and remove it (a page playing back the
    // tone it captures measured -23 dB, then -120 dB a second later), which left a mixed recording
    // silent once in CI (-60 dB where runs before had -31 dB). Real voices differ,
    // so the room's tests hear the microphones unprocessed; a test may still set its own settings.
    if (localStorage.getItem(settingsKey) === null) localStorage.setItem(settingsKey, JSON.stringify({ audio: { echoCancellation: false, noiseSuppression: false } }));
    if (signaling === null) localStorage.removeItem('framecast-signaling-url');
    else localStorage.setItem('framecast-signaling-url', signaling);
    const Native = window.RTCPeerConnection;
    const created: RTCPeerConnection[] = [];
    window.__pcs = created;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(relayOnly ? { ...configuration, iceTransportPolicy: 'relay' } : configuration);
        const counts = { local: 0, remote: 0, createdAt: Math.round(performance.now()) };
        this.__candidates = counts;
        this.addEventListener('icecandidate', ({ candidate }) => {
          if (candidate) counts.local += 1;
        });
        // Counted on the way in; looked up by name so the typed overloads stay out of the way.
        const add: (candidate?: RTCIceCandidateInit | null) => Promise<void> = Reflect.get(Native.prototype, 'addIceCandidate');
        let firstRemoteUfrag: string | undefined;
        Object.defineProperty(this, 'addIceCandidate', {
          value: (candidate?: RTCIceCandidateInit | null) => {
            if (candidate) counts.remote += 1;
            firstRemoteUfrag ??= /a=ice-ufrag:(\S+)/.exec(this.remoteDescription?.sdp ?? '')?.[1];
            if (loseFirstCandidates && candidate?.usernameFragment === firstRemoteUfrag) return Promise.resolve();
            return add.call(this, candidate);
          },
        });
        created.push(this);
      }
    };
  }, { settingsKey: SETTINGS_KEY, signaling: options.signaling === undefined ? 'local' : options.signaling, relayOnly: options.relayOnly ?? false, iceServers: options.iceServers ?? 'none', loseFirstCandidates: options.loseFirstCandidates ?? false });
}

export function newRoomId(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A second (third…) participant's page, watched by the test's guard like the first. */
export async function openPage(context: BrowserContext, guard: PageGuard): Promise<Page> {
  const page = await context.newPage();
  guard.watch(page);
  return page;
}

/** Fills Your Name and presses Join Room. */
export async function requestJoin(page: Page, roomId: string, name: string): Promise<void> {
  await page.goto(`/room/${roomId}`);
  await page.getByLabel('Your Name').fill(name);
  await page.getByRole('button', { name: 'Join Room' }).click();
}

/** The first joiner: becomes the host of the new room. */
export async function hostRoom(page: Page, roomId: string, name: string, options: { autoAdmit?: boolean } = {}): Promise<void> {
  await requestJoin(page, roomId, name);
  await expect(page.getByRole('heading', { level: 1, name: `${name}'s room` })).toBeVisible({ timeout: 20_000 });
  if (options.autoAdmit === false) {
    const toggle = page.getByRole('switch', { name: 'Admit guests automatically' });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
  }
}

export const tile = (page: Page, name: string) => page.locator(`[data-testid="participant-tile"][data-participant="${name}"]`);

export async function openGuestRequests(page: Page, count: number): Promise<void> {
  await page.getByRole('button', { name: `Guest Requests (${String(count)})` }).click();
  await expect(page.getByRole('dialog', { name: 'Guest Requests' })).toBeVisible();
}

/** Decoded video frames summed over the page's open connections (what the remote side really receives). */
export function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const pc of window.__pcs ?? []) {
      if (pc.signalingState === 'closed') continue;
      const report = await pc.getStats();
      report.forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') total += s.framesDecoded ?? 0;
      });
    }
    return total;
  });
}

/** The largest value of one inbound video figure over the page's open connections (0 when none yet). */
function largestInbound(page: Page, field: 'frameWidth' | 'framesPerSecond'): Promise<number> {
  return page.evaluate(async (key) => {
    let largest = 0;
    for (const pc of window.__pcs ?? []) {
      if (pc.signalingState === 'closed') continue;
      const report = await pc.getStats();
      report.forEach((s: { type: string; kind?: string } & Partial<Record<typeof key, number>>) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') largest = Math.max(largest, s[key] ?? 0);
      });
    }
    return largest;
  }, field);
}

/**
 * How the page sends its camera on each open connection: the encoding's bitrate cap and downscale as
 * set, and the height actually sent (0 before any frame).
 */
export function sentVideo(page: Page): Promise<{ maxBitrate: number | null; scale: number; height: number }[]> {
  return page.evaluate(async () => {
    const sent: { maxBitrate: number | null; scale: number; height: number }[] = [];
    for (const pc of window.__pcs ?? []) {
      if (pc.signalingState === 'closed') continue;
      const sender = pc.getSenders().find((s) => s.track?.kind === 'video');
      const encoding = sender?.getParameters().encodings[0];
      if (!sender || !encoding) continue;
      let height = 0;
      (await sender.getStats()).forEach((s: { type: string; frameHeight?: number }) => {
        if (s.type === 'outbound-rtp') height = Math.max(height, s.frameHeight ?? 0);
      });
      sent.push({ maxBitrate: encoding.maxBitrate ?? null, scale: encoding.scaleResolutionDownBy ?? 1, height });
    }
    return sent;
  });
}

/** Width of the video the page receives on its open connections (0 when none yet). */
export const receivedWidth = (page: Page): Promise<number> => largestInbound(page, 'frameWidth');

/** Frames per second the page decodes on its open connections, as WebRTC reports it (0 when none). */
export const receivedFramesPerSecond = (page: Page): Promise<number> => largestInbound(page, 'framesPerSecond');

/** Waits until the page decodes new remote video frames: the picture is live, not frozen. */
export async function expectVideoFlowing(page: Page): Promise<void> {
  let before = 0;
  await expect.poll(async () => (before = await framesDecoded(page)), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => framesDecoded(page), { timeout: 15_000 }).toBeGreaterThan(before + 10);
}

export async function expectParticipantCount(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('participant-count')).toHaveText(count === 1 ? '1 participant' : `${String(count)} participants`, { timeout: 20_000 });
}

/** A host and an admitted guest in a fresh room, both showing the other's live video. */
export async function roomWithGuest(context: BrowserContext, host: Page, guard: PageGuard, label: string, options: { autoAdmit?: boolean } = {}) {
  return admitGuest(host, await openPage(context, guard), label, options);
}

/** Gus asks to join Hana's room from `guest`, and Hana approves him in Guest Requests. */
export async function joinAndApprove(host: Page, guest: Page, roomId: string): Promise<void> {
  await requestJoin(guest, roomId, 'Gus');
  await openGuestRequests(host, 1);
  await host.getByRole('dialog').getByRole('button', { name: 'Approve Gus' }).click();
  await host.keyboard.press('Escape');
}

/** Hana hosts a fresh room and approves Gus from `guest` (any page: this browser's or another's). */
export async function admitGuest(host: Page, guest: Page, label: string, options: { autoAdmit?: boolean } = {}) {
  const roomId = newRoomId(label);
  await hostRoom(host, roomId, 'Hana', { autoAdmit: false });
  await joinAndApprove(host, guest, roomId);
  if (options.autoAdmit) await host.getByRole('switch', { name: 'Admit guests automatically' }).click();
  try {
    await expect(tile(host, 'Gus')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    await expect(tile(guest, 'Hana')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  } catch (error) {
    // Say what each side's connections were doing, so a failure can be told apart from slowness.
    throw new Error(`${String(error)}\nhost: ${await describeConnections(host)}\nguest: ${await describeConnections(guest)}`, { cause: error });
  }
  return { roomId, guest };
}

/** Each RTCPeerConnection of the page: its states and what it has negotiated. */
export function describeConnections(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify(
      (window.__pcs ?? []).map((pc) => ({
        signaling: pc.signalingState,
        ice: pc.iceConnectionState,
        connection: pc.connectionState,
        gathering: pc.iceGatheringState,
        local: pc.localDescription?.type,
        remote: pc.remoteDescription?.type,
        candidates: pc.__candidates,
        now: Math.round(performance.now()),
      })),
    ),
  );
}

/** Listens on the room's BroadcastChannel from `page`, recording who posts (participant ids). */
export async function sniffRoomChannel(page: Page, roomId: string): Promise<void> {
  await page.evaluate((id) => {
    const frames: unknown[] = [];
    (window as unknown as { __frames: unknown[] }).__frames = frames;
    const channel = new BroadcastChannel(`room:${id}`);
    channel.onmessage = (event: MessageEvent) => frames.push(event.data);
    (window as unknown as { __sniffer: BroadcastChannel }).__sniffer = channel;
  }, roomId);
}

export function sniffedFrames(page: Page): Promise<{ kind: string; from?: string; to?: string; event?: string; payload?: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as unknown as { __frames: never[] }).__frames);
}

/**
 * No control of the room stays under a notice. A replaced notice slides out over 250 ms while the
 * next slides in, so for that moment the two stack; the check gives them that moment (longer on a
 * loaded machine), where notices that stacked for their whole 4 s fail it.
 */
export async function expectNoticesClearOfControls(page: Page): Promise<void> {
  await expect.poll(() => controlsUnderNotices(page), { timeout: 2_000, intervals: [100] }).toEqual([]);
}

/**
 * Every control of the room (buttons, links, fields, switches, radios in the page's main content or
 * an open dialog) that a notice covers, named by its label: the element on top at the control's
 * centre belongs to a notice, so a click there would land on the notice until it goes.
 */
export function controlsUnderNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(':is(main, [role="dialog"]) :is(button, a[href], input, select, textarea, [role="switch"], [role="radio"])');
    const covered: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const notice = onTop?.closest('.mantine-Notification-root');
      if (!notice) continue;
      const name = control.getAttribute('aria-label') ?? (control.textContent.trim() || control.tagName);
      covered.push(`${name} (under ${notice.querySelector('.mantine-Notification-title')?.textContent ?? 'a notice'})`);
    }
    return covered;
  });
}
