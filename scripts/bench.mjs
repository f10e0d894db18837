#!/usr/bin/env node
// Recording-pipeline benchmark (not a test): records 1080p Screen + Webcam in the production
// build and prints figures read from the output files and from the DevTools protocol.
//
//   npm run bench              three 30 s conditions, then Stop-to-ready after 1 and 10 minutes
//   npm run bench -- --quick   the three conditions only
//
// Chromium is spawned here and driven over the DevTools protocol, not by Playwright: Playwright
// disables background throttling and keeps every tab it touches "visible", and a tab hidden
// behind another one must really be hidden.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(ROOT, 'tests/fixtures/generated');
const PORT = 4174;
const BASE = `http://127.0.0.1:${PORT}`;
const quick = process.argv.includes('--quick');
const CONDITION_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

function sh(cmd, args) {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

async function waitForUrl(url, ms = 30_000) {
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

function launchChromium(profile, downloads) {
  const args = [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${FIXTURES}/camera.y4m`,
    `--use-file-for-fake-audio-capture=${FIXTURES}/mic.wav`,
    '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank',
  ];
  const child = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stderr.on('data', (chunk) => {
      buffer += chunk;
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
async function connectCdp(wsEndpoint) {
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function openTab(cdp, url) {
  const { targetId } = await cdp.send('Target.createTarget', { url });
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
async function heapUsed(cdp, tab) {
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

async function openStudio(cdp) {
  const tab = await openTab(cdp, `${BASE}/studio`);
  await tab.waitFor(`!!document.querySelector('button[aria-label="Start recording"]')`);
  await tab.evaluate(`[...document.querySelectorAll('[role=radiogroup] label')].find((l) => l.textContent === 'Screen + Webcam').click()`);
  return tab;
}

async function startRecording(tab) {
  await tab.click('Start recording');
  await tab.waitFor(`!!document.querySelector('[data-testid="recording-badge"]')`);
}

/**
 * Presses Stop and returns the milliseconds until the app hands the finished file to the browser
 * (the download begins: the file is complete and seekable) and until the browser has written it
 * to disk (a copy of the whole file, so it grows with the recording's size).
 */
async function stopAndSave(cdp, tab, dir) {
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

function fileFigures(file) {
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
async function mainThreadMeter(cdp, tab) {
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

const TIMER_RATE = `new Promise((resolve) => {
  let n = 0;
  const end = performance.now() + 3000;
  const loop = () => { n += 1; if (performance.now() < end) setTimeout(loop, 10); else resolve(n / 3); };
  loop();
})`;

async function runCondition(cdp, name, dir) {
  const tab = await openStudio(cdp);
  await startRecording(tab);
  const meter = await mainThreadMeter(cdp, tab);
  const notes = [];
  let cover = null;
  if (name === 'hidden') {
    cover = await openTab(cdp, `${BASE}/about`);
    await cover.activate();
    await sleep(500);
    const visibility = await tab.evaluate('document.visibilityState');
    const rate = await tab.evaluate(TIMER_RATE);
    notes.push(`visibilityState=${visibility}, a 10 ms main-thread timer ran at ${rate.toFixed(1)} Hz`);
  }
  if (name === 'busy') {
    // Keep the page's main thread 80% busy: 80 ms of spinning in every 100 ms.
    await tab.evaluate(`setInterval(() => { const until = performance.now() + 80; while (performance.now() < until) {} }, 100)`);
  }
  await sleep(CONDITION_SECONDS * 1000);
  const main = await meter();
  if (cover) {
    await tab.activate();
    await cdp.send('Target.closeTarget', { targetId: cover.targetId });
  }
  const { readyMs, file } = await stopAndSave(cdp, tab, dir);
  await cdp.send('Target.closeTarget', { targetId: tab.targetId });
  return { name, ...fileFigures(file), main, readyMs, notes };
}

async function runLong(cdp, minutes, dir) {
  const tab = await openStudio(cdp);
  await startRecording(tab);
  await sleep(5000);
  const heapBefore = await heapUsed(cdp, tab);
  await sleep(minutes * 60_000 - 5000);
  const heapAfter = await heapUsed(cdp, tab);
  const { readyMs, savedMs, sizeMb, file } = await stopAndSave(cdp, tab, dir);
  await cdp.send('Target.closeTarget', { targetId: tab.targetId });
  return { minutes, readyMs, savedMs, sizeMb, heapGrowthMb: (heapAfter.total - heapBefore.total) / 1024 / 1024, heapTargets: 1 + heapAfter.workers, ...fileFigures(file) };
}

const tmp = mkdtempSync(path.join(tmpdir(), 'framecast-bench-'));
console.log('building…');
sh('npm', ['run', '-s', 'build']);
sh('bash', ['scripts/make-fixtures.sh']);
const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { cwd: ROOT, stdio: 'ignore' });
let chrome;
try {
  await waitForUrl(BASE);
  chrome = await launchChromium(path.join(tmp, 'profile'), tmp);
  const cdp = await connectCdp(chrome.wsEndpoint);
  const downloads = path.join(tmp, 'downloads');
  mkdirSync(downloads);
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true });
  await cdp.send('Browser.grantPermissions', { origin: BASE, permissions: ['videoCapture', 'audioCapture'] }).catch(() => undefined);

  const rows = [];
  for (const name of (process.env.BENCH_ONLY ?? 'visible,hidden,busy').split(',').filter(Boolean)) {
    console.log(`recording ${CONDITION_SECONDS} s, tab ${name}…`);
    rows.push(await runCondition(cdp, name, downloads));
  }
  console.log('\nCondition  fps    distinct fps  largest gap  main thread (all / JS)   stop→ready');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(9)}  ${r.fps.toFixed(1).padStart(4)}   ${r.distinctFps.toFixed(1).padStart(7)}     ${r.largestGapMs.toFixed(0).padStart(5)} ms    ${r.main.task.toFixed(1).padStart(5)} / ${r.main.script.toFixed(1).padStart(5)} ms/s   ${r.readyMs} ms`,
    );
    for (const note of r.notes) console.log(`           ${note}`);
  }
  console.log('(fps: frames in the file per second; distinct fps: frames that differ from the previous one;');
  console.log(' main thread: time per second on the page\'s main thread, all tasks (including the browser handing camera');
  console.log(' and screen frames to the worker, and painting) / JavaScript only; in "busy" both include the 800 ms/s spinner;');
  console.log(' stop→ready: from pressing Stop until the finished file is handed to the browser as a download)');

  if (!quick) {
    for (const minutes of (process.env.BENCH_LONG_MINUTES ?? '1,10').split(',').map(Number)) {
      console.log(`\nrecording ${minutes} min…`);
      const r = await runLong(cdp, minutes, downloads);
      console.log(
        `${minutes} min: stop→ready ${r.readyMs} ms (download written ${r.savedMs} ms, ${r.sizeMb.toFixed(0)} MB), JS heap growth ${r.heapGrowthMb.toFixed(1)} MB (page + ${r.heapTargets - 1} worker), ${r.fps.toFixed(1)} fps, largest gap ${r.largestGapMs.toFixed(0)} ms, duration ${r.duration.toFixed(1)} s`,
      );
    }
  }
  cdp.close();
} finally {
  if (chrome) {
    const exited = new Promise((resolve) => chrome.child.once('exit', resolve));
    chrome.child.kill('SIGKILL');
    await exited;
  }
  server.kill();
  rmSync(tmp, { recursive: true, force: true, maxRetries: 5 });
}
