/**
 * `npm run bench:rooms`: figures, not tests. Rooms of 3, 5 and 8 people in one Chromium (one context
 * each), as a mesh and through Janus: each person's uplink (what its connections send), the frames
 * per second it decodes from the others, and the browser's CPU per person. Then rooms through Janus
 * grow by four (to RAMP_UP_TO) while the median received picture stays at 10 fps or more: the largest
 * is what this machine holds. Needs `npm run build` and `npm run fixtures`.
 *
 *   ROOM_SIZES=3,5,8  MEASURE_SECONDS=10  RAMP_UP_TO=30
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { test } from 'vitest';
import path from 'node:path';
import { DESKTOP_CHROMIUM_PATH, FIXTURES_DIR, ROOM_ARGS } from '../e2e/support/chromium';
import { startAppNode, startJanus, type ServerProcess } from '../e2e/support/servers';
import type { JanusProcess } from '../server/janus-process';

const SIZES = (process.env.ROOM_SIZES ?? '3,5,8').split(',').map(Number);
const MEASURE_SECONDS = Number(process.env.MEASURE_SECONDS ?? 10);
const RAMP_UP_TO = Number(process.env.RAMP_UP_TO ?? 30);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Every person's camera is small (320x180): all of a room's encoders run on this one machine, which at
 * 720p holds about five people in all, and the figures are about the room, not one computer's encoder.
 */
const SMALL_CAMERA = `--use-file-for-fake-video-capture=${path.join(FIXTURES_DIR, 'small-camera.y4m')}`;
const ARGS = ROOM_ARGS.map((arg) => (arg.startsWith('--use-file-for-fake-video-capture=') ? SMALL_CAMERA : arg));

type Mode = 'mesh' | 'sfu';

interface Sample {
  bytesSent: number;
  /** Frames decoded so far, by inbound video stream. */
  decoded: Record<string, number>;
}

interface Figures {
  size: number;
  uplinkKbps: number[];
  receivedFps: number[];
  cpuPerPerson: number;
}

/** The CPU seconds the browser and all its child processes have used so far (Linux /proc). */
function cpuSeconds(rootPid: number): number {
  const TICKS_PER_SECOND = 100;
  const stats = new Map<number, { ppid: number; seconds: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, …, utime (14th field), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
    } catch {
      // The process ended meanwhile.
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const total = (pid: number): number => (stats.get(pid)?.seconds ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + total(child), 0);
  return total(rootPid);
}

async function sample(page: Page): Promise<Sample> {
  return page.evaluate(async () => {
    const figures = { bytesSent: 0, decoded: {} as Record<string, number> };
    for (const pc of (window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? []) {
      if (pc.signalingState === 'closed') continue;
      (await pc.getStats()).forEach((s: { id: string; type: string; kind?: string; bytesSent?: number; framesDecoded?: number }) => {
        if (s.type === 'outbound-rtp') figures.bytesSent += s.bytesSent ?? 0;
        if (s.type === 'inbound-rtp' && s.kind === 'video') figures.decoded[s.id] = s.framesDecoded ?? 0;
      });
    }
    return figures;
  });
}

/** Frames per second per stream that decoded anything (video of tiles on another page is paused). */
function receivedFps(before: Sample | undefined, after: Sample, seconds: number): number {
  const deltas = Object.entries(after.decoded).map(([id, frames]) => frames - (before?.decoded[id] ?? 0));
  const live = deltas.filter((delta) => delta > 0);
  return live.length === 0 ? 0 : live.reduce((sum, delta) => sum + delta, 0) / seconds / live.length;
}

async function openPerson(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['camera', 'microphone']);
  await context.addInitScript(() => {
    localStorage.removeItem('framecast-signaling-url');
    localStorage.setItem('framecast-settings', JSON.stringify({ audio: { echoCancellation: false, noiseSuppression: false } }));
    const Native = window.RTCPeerConnection;
    const created: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = created;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        created.push(this);
      }
    };
  });
  return context.newPage();
}

async function join(page: Page, roomId: string, name: string): Promise<void> {
  await page.goto(`/room/${roomId}`);
  await page.getByLabel('Your Name').fill(name);
  await page.getByRole('button', { name: 'Join Room' }).click();
}

/** One room of `size` in `browser`: everyone admitted (auto-admit), then measured for MEASURE_SECONDS. */
async function measureRoom(browser: Browser, browserPid: number, baseURL: string, size: number, label: string): Promise<Figures | null> {
  const pages: Page[] = [];
  try {
    const roomId = `bench-${label}-${String(size)}-${Date.now().toString(36)}`;
    for (let i = 0; i < size; i++) pages.push(await openPerson(browser, baseURL));
    const [host] = pages;
    if (!host) return null;
    await join(host, roomId, 'Host');
    await host.getByRole('heading', { level: 1, name: "Host's room" }).waitFor({ timeout: 30_000 });
    await Promise.all(pages.slice(1).map((page, i) => join(page, roomId, `Guest ${String(i + 1)}`)));
    // Everyone sees everyone's picture playing (the room auto-admits after 5 s).
    const deadline = Date.now() + 90_000;
    for (const page of pages) {
      while ((await page.locator('[data-testid="participant-tile"][data-state="playing"]').count()) < Math.min(size, 9)) {
        if (Date.now() > deadline) return null;
        await sleep(250);
      }
    }
    await sleep(3000);
    const before = await Promise.all(pages.map(sample));
    const cpuBefore = cpuSeconds(browserPid);
    const started = Date.now();
    await sleep(MEASURE_SECONDS * 1000);
    const after = await Promise.all(pages.map(sample));
    const seconds = (Date.now() - started) / 1000;
    const cpu = cpuSeconds(browserPid) - cpuBefore;
    return {
      size,
      uplinkKbps: after.map((a, i) => ((a.bytesSent - (before[i]?.bytesSent ?? 0)) * 8) / 1000 / seconds),
      receivedFps: after.map((a, i) => receivedFps(before[i], a, seconds)),
      cpuPerPerson: cpu / seconds / size,
    };
  } finally {
    for (const page of pages) await page.context().close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function line(mode: Mode, figures: Figures): string {
  const up = figures.uplinkKbps;
  return `${mode.padEnd(5)} n=${String(figures.size).padStart(2)}  uplink per person ${median(up).toFixed(0).padStart(5)} kbps (min ${Math.min(...up).toFixed(0)}, max ${Math.max(...up).toFixed(0)})  received ${median(figures.receivedFps).toFixed(1).padStart(4)} fps per stream  CPU ${(figures.cpuPerPerson * 100).toFixed(0).padStart(3)} % of a core per person`;
}

async function withServers<T>(mode: Mode, run: (baseURL: string) => Promise<T>): Promise<T> {
  let janus: JanusProcess | null = null;
  let node: ServerProcess | null = null;
  try {
    if (mode === 'sfu') janus = await startJanus();
    node = await startAppNode(
      janus ? { JANUS_URL: janus.url, JANUS_ADMIN_URL: janus.adminUrl, JANUS_SECRET: janus.secret, JANUS_PUBLIC_URL: '/janus-ws', JANUS_WS_URL: janus.wsUrl } : {},
    );
    return await run(node.url);
  } finally {
    await node?.stop();
    await janus?.stop();
  }
}

test('rooms: mesh against Janus, and the largest room through Janus', { timeout: 3_600_000 }, async () => {
  // Launched as a server, so its process (and its children's CPU time) is known.
  const server = await chromium.launchServer({ executablePath: DESKTOP_CHROMIUM_PATH, args: ARGS });
  const pid = server.process().pid ?? 0;
  const browser = await chromium.connect(server.wsEndpoint());
  try {
    console.log(`rooms (${String(MEASURE_SECONDS)} s each, everyone in one Chromium, 320x180 cameras at 15 fps):`);
    // Through Janus: the largest room whose median received picture kept 10 fps, the sizes above too.
    let largest = 0;
    for (const mode of ['mesh', 'sfu'] as const) {
      await withServers(mode, async (baseURL) => {
        for (const size of SIZES) {
          const figures = await measureRoom(browser, pid, baseURL, size, mode);
          console.log(figures ? line(mode, figures) : `${mode} n=${String(size)}: not everyone's picture played within 90 s`);
          if (mode === 'sfu' && figures && median(figures.receivedFps) >= 10) largest = Math.max(largest, size);
        }
      });
    }
    await withServers('sfu', async (baseURL) => {
      const ramp: number[] = [];
      for (let size = Math.max(...SIZES) + 4; size < RAMP_UP_TO; size += 4) ramp.push(size);
      if (Math.max(...SIZES) < RAMP_UP_TO) ramp.push(RAMP_UP_TO);
      for (const size of ramp) {
        if (largest < size - 4) break;
        const figures = await measureRoom(browser, pid, baseURL, size, 'ramp');
        if (!figures) break;
        console.log(`${line('sfu', figures)}  (ramp)`);
        if (median(figures.receivedFps) < 10) break;
        largest = size;
      }
    });
    console.log(`largest room through Janus with received pictures at 10 fps or more: ${largest ? String(largest) : 'below the sizes tried'}`);
  } finally {
    await browser.close();
    await server.close();
  }
});
