// The benchmark's browser plumbing: spawn Chromium, drive it over the DevTools protocol, read the
// output files and the browser's memory. Shared by `npm run bench` and its hard-content condition.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const FIXTURES = path.join(ROOT, 'tests/fixtures/generated');
export const PORT = 4174;
export const BASE = `http://127.0.0.1:${PORT}`;

export function sh(cmd, args) {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

export async function waitForUrl(url, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Spawns Chromium with fake camera and microphone. `fakeScreenPicker: false` leaves the screen picker
 * to `--auto-select-tab-capture-source-by-title` (in extraArgs), so a real tab is what gets shared.
 */
export function launchChromium(profile, downloads, { camera = 'camera.y4m', extraArgs = [], fakeScreenPicker = true } = {}) {
  const args = [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--use-fake-device-for-media-stream', ...(fakeScreenPicker ? ['--use-fake-ui-for-media-stream'] : []),
    ...extraArgs,
    `--use-file-for-fake-video-capture=${FIXTURES}/${camera}`,
    `--use-file-for-fake-audio-capture=${FIXTURES}/mic.wav`,
    ...(process.env.BENCH_DIAG ? ['--enable-logging=stderr', '--v=0'] : []),
    '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank',
  ];
  const child = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stderr.on('data', (chunk) => {
      buffer += chunk;
      if (process.env.BENCH_DIAG) for (const line of String(chunk).split('\n')) if (line.includes('DIAG')) console.log(line.slice(line.indexOf('DIAG')));
      const match = buffer.match(/DevTools listening on (ws:\/\/\S+)/);
      if (match) resolve({ child, wsEndpoint: match[1], downloads });
    });
    child.on('exit', (code) => reject(new Error(`chromium exited ${code}`)));
  });
}

/**
 * A small DevTools-protocol client. Playwright is not used to drive the page: attaching it makes
 * every tab report itself visible, and the recorder worker is a target Playwright cannot reach.
 */
export async function connectCdp(wsEndpoint) {
  const ws = new WebSocket(wsEndpoint);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  const listeners = new Set();
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    } else if (msg.method) listeners.forEach((listener) => listener(msg));
  };
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      id += 1;
      pending.set(id, (msg) => (msg.error ? reject(new Error(`${method}: ${msg.error.message}`)) : resolve(msg.result)));
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const on = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { send, on, close: () => ws.close() };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `newWindow` gives the tab a window of its own, so it stays visible while others open. */
export async function openTab(cdp, url, { newWindow = false } = {}) {
  const { targetId } = await cdp.send('Target.createTarget', { url, newWindow });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  const evaluate = async (expression, { gesture = false } = {}) => {
    const { result, exceptionDetails } = await cdp.send(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true, userGesture: gesture },
      sessionId,
    );
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  };
  const waitFor = async (expression, ms = 30_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await evaluate(expression).catch(() => false)) return;
      await sleep(100);
    }
    throw new Error(`timed out waiting for ${expression}`);
  };
  const click = (label) => evaluate(`document.querySelector('button[aria-label="${label}"]').click()`, { gesture: true });
  return { targetId, sessionId, evaluate, waitFor, click, activate: () => cdp.send('Target.activateTarget', { targetId }) };
}

/** JS heap used by the studio page and its recorder worker, after a garbage collection, in bytes. */
export async function heapUsed(cdp, tab) {
  // Dedicated workers are reached through their page's auto-attach, not from the browser target;
  // attachment is reported once, so the sessions are kept on the tab.
  tab.workerSessions ??= [];
  const workers = tab.workerSessions;
  const off = cdp.on((msg) => {
    if (msg.method === 'Target.attachedToTarget' && msg.sessionId === tab.sessionId && msg.params.targetInfo.type === 'worker') {
      workers.push(msg.params.sessionId);
    }
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, tab.sessionId);
  await sleep(500);
  off();
  let total = 0;
  for (const sessionId of [tab.sessionId, ...workers]) {
    await cdp.send('HeapProfiler.enable', {}, sessionId).catch(() => undefined);
    await cdp.send('HeapProfiler.collectGarbage', {}, sessionId).catch(() => undefined);
    const { usedSize } = await cdp.send('Runtime.getHeapUsage', {}, sessionId);
    total += usedSize;
  }
  return { total, workers: workers.length };
}

export async function openStudio(cdp, mode = 'Screen + Webcam') {
  const tab = await openTab(cdp, `${BASE}/studio`);
  await tab.waitFor(`!!document.querySelector('button[aria-label="Start recording"]')`);
  await tab.evaluate(`[...document.querySelectorAll('[role=radiogroup] label')].find((l) => l.textContent === ${JSON.stringify(mode)}).click()`);
  return tab;
}

export async function startRecording(tab) {
  await tab.click('Start recording');
  await tab.waitFor(`!!document.querySelector('[data-testid="recording-badge"]')`);
}

/**
 * Presses Stop and returns the milliseconds until the app hands the finished file to the browser
 * (the download begins: the file is complete and seekable) and until the browser has written it
 * to disk (a copy of the whole file, so it grows with the recording's size).
 */
export async function stopAndSave(cdp, tab, dir) {
  let begunAt = 0;
  const done = new Promise((resolve) => {
    const off = cdp.on((msg) => {
      if (msg.method === 'Browser.downloadWillBegin') begunAt = Date.now();
      if (msg.method === 'Browser.downloadProgress' && msg.params.state === 'completed') {
        off();
        resolve(Date.now());
      }
    });
  });
  const started = Date.now();
  await tab.click('Stop recording');
  const savedMs = (await done) - started;
  const files = readdirSync(dir).filter((f) => f.endsWith('.webm'));
  const newest = files.map((f) => path.join(dir, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  return { readyMs: (begunAt || Date.now()) - started, savedMs, sizeMb: statSync(newest).size / 1024 / 1024, file: newest };
}

export function fileFigures(file) {
  const pts = sh('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file])
    .trim().split('\n').map(Number).filter(Number.isFinite).sort((a, b) => a - b);
  const duration = Number(sh('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).trim());
  let largestGap = 0;
  for (let i = 1; i < pts.length; i++) largestGap = Math.max(largestGap, pts[i] - pts[i - 1]);
  // Distinct pictures: frames that differ from the one before (the fixtures move all the time).
  const decimate = spawnSync('ffmpeg', ['-v', 'info', '-i', file, '-an', '-vf', 'mpdecimate=hi=64:lo=32:frac=0.0005', '-f', 'null', '-'], { encoding: 'utf8' });
  const distinct = Number([...decimate.stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1] ?? NaN);
  return { frames: pts.length, duration, fps: pts.length / duration, distinctFps: distinct / duration, largestGapMs: largestGap * 1000 };
}

/** Main-thread busy time of the page per second, from the DevTools Performance domain. */
export async function mainThreadMeter(cdp, tab) {
  await cdp.send('Performance.enable', {}, tab.sessionId);
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics', {}, tab.sessionId);
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  };
  const first = await read();
  return async () => {
    const last = await read();
    const perSecond = (name) => ((last[name] - first[name]) / (last.Timestamp - first.Timestamp)) * 1000;
    // Task: everything the main thread did (the browser's own frame delivery to the worker and the
    // page's painting included); script: JavaScript alone, ours and the libraries'.
    return { task: perSecond('TaskDuration'), script: perSecond('ScriptDuration') };
  };
}


/** Proportional set size of a process and all its descendants, in bytes (Linux /proc). */
export function treePss(rootPid) {
  return [...pssByProcess(rootPid).values()].reduce((sum, { pss }) => sum + pss, 0);
}

/** A process and all its descendants: pid → kind (Chromium's --type and utility sub-type, or "browser"). */
function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  const tree = new Map();
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop();
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const kind = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
      const subtype = /--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1];
      tree.set(pid, subtype ? `${kind} ${subtype}` : kind);
    } catch {
      /* exited meanwhile */
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** PSS of a process and each of its descendants: pid → { kind, pss }. */
export function pssByProcess(rootPid) {
  const result = new Map();
  for (const [pid, kind] of processTree(rootPid)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      result.set(pid, { kind, pss: Number(rollup.match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0) * 1024 });
    } catch {
      /* exited meanwhile */
    }
  }
  return result;
}

/** CPU time (user + system, in clock ticks) each process of the tree has used: pid → { kind, ticks }. */
function cpuTicks(rootPid) {
  const result = new Map();
  for (const [pid, kind] of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      result.set(pid, { kind, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      /* exited meanwhile */
    }
  }
  return result;
}

/**
 * The browser's CPU use over `ms`, as a share of one core: in all and per process kind (processes
 * that started or ended meanwhile count from or until then). Linux counts 100 ticks a second.
 */
export async function cpuShare(rootPid, ms) {
  return cpuShareOf([rootPid], ms);
}

/** `cpuShare` over several browsers together (each participant of a room on a browser of its own). */
export async function cpuShareOf(rootPids, ms) {
  const ticksOfAll = () => new Map(rootPids.flatMap((pid) => [...cpuTicks(pid)]));
  const before = ticksOfAll();
  await sleep(ms);
  const after = ticksOfAll();
  const byKind = {};
  for (const [pid, { kind, ticks }] of after) byKind[kind] = (byKind[kind] ?? 0) + ticks - (before.get(pid)?.ticks ?? 0);
  const share = (ticks) => ticks / (ms / 10);
  const total = Object.values(byKind).reduce((sum, ticks) => sum + ticks, 0);
  return { total: share(total), byKind: Object.fromEntries(Object.entries(byKind).map(([kind, ticks]) => [kind, share(ticks)])) };
}

/**
 * Serves this checkout's build on PORT. Vite is spawned directly (not through npx, whose kill would
 * leave vite running and serving a stale build to the next run), and refuses a port already taken.
 */
export async function servePreview() {
  const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const early = await Promise.race([exited.then(() => 'exited'), waitForUrl(BASE).then(() => 'up')]);
  if (early === 'exited') throw new Error(`vite preview could not serve on port ${PORT} (is another server using it?)`);
  return { stop: async () => { server.kill(); await exited; } };
}
