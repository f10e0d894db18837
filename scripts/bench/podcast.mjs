// The podcast room's transfer (docs/decisions/0015-podcast-tracks.md): a host and three guests, each on
// a Chromium of its own (its own profile, so its own IndexedDB, as on a computer of its own) meeting
// through the app's signaling server, make a Separate recording; each guest's own file goes to the
// host while it is recorded. BENCH_PODCAST_BROWSERS=one puts them all in windows of one Chromium
// meeting through the in-browser signaling instead: one profile, whose database every tab shares.
// Measured: how fast the bytes arrive, how much the host's JavaScript heap grows while it receives,
// how much of each file is already there at Stop, how long the rest takes, and how far apart the
// tracks begin on the host's clock. The condition gets browsers of its own, so the host's memory and
// library are this run's alone.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BASE, connectCdp, cpuShareOf, launchChromium, openTab, sleep, treePss } from './browser.mjs';

const MB = 1024 * 1024;
const HOST = 'Hana';
const GUESTS = ['Gus', 'Gina', 'Gil'].slice(0, Number(process.env.BENCH_PODCAST_GUESTS ?? 3));
const TARGETS = { heapGrowthMb: 64, shareAtStop: 0.95, stopToReceivedS: 5 };
/** 'each': a browser per participant, through the signaling server; 'one': windows of one browser. */
const BROWSERS = process.env.BENCH_PODCAST_BROWSERS === 'one' ? 'one' : 'each';

/**
 * The room's own settings as a participant would set them: 1080p quality (each own track is then the
 * camera's capture size, within 1920×1080), microphones unprocessed as in the room's tests (every fake
 * microphone plays one tone, which an echo canceller may take for an echo), no ICE servers (this
 * machine has no network), and the signaling: the server the build is served by, or with one browser
 * the in-browser signaling.
 */
const PREPARE_STORAGE = `(() => {
  localStorage.setItem('framecast-settings', JSON.stringify({ video: { quality: '1080p' }, audio: { echoCancellation: false, noiseSuppression: false } }));
  localStorage.setItem('framecast-ice-servers', 'none');
  ${BROWSERS === 'one' ? "localStorage.setItem('framecast-signaling-url', 'local');" : "localStorage.removeItem('framecast-signaling-url');"}
})()`;

const join = (name) => `(() => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Your Name');
  const input = document.getElementById(label.htmlFor);
  // React keeps its own copy of an input's value; the native setter and an input event update it.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(name)});
  input.dispatchEvent(new Event('input', { bubbles: true }));
  [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Join Room').click();
})()`;

/** Page-side code: the app's database as `db`, and `request` to await one IDB request. */
const OPEN_DB = `const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('framecast');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(new Error('cannot open the database'));
  });
  const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });`;

/** The host's recordings and, per row, how many bytes of file chunks it holds (in one transaction). */
const READ_LIBRARY = `(async () => {
  ${OPEN_DB}
  const tx = db.transaction(['recordings', 'chunks']);
  const rows = await request(tx.objectStore('recordings').getAll());
  const out = [];
  for (const row of rows) {
    const keys = await request(tx.objectStore('chunks').getAllKeys(IDBKeyRange.bound([row.fileKey ?? row.id, 0], [row.fileKey ?? row.id, Infinity])));
    out.push({ id: row.id, name: row.name, mode: row.mode, state: row.state, size: row.size, width: row.width, height: row.height, startedAt: row.startedAt ?? null, roomId: row.roomSession?.roomId ?? null, chunks: keys.length });
  }
  db.close();
  return out;
})()`;

/**
 * Clicks Stop on the host and, at the same moment, has the counter (WATCH_RECEIVED) count the blocks
 * held: its read-only transaction sees the blocks written before it and none after, so "at the host
 * at Stop" is exact to within the few milliseconds its message takes to reach the counter. Only the
 * number of 64 KB blocks held is counted (keys, not bytes), so the reading adds no memory to the host.
 */
const STOP_AND_COUNT = `(async () => {
  // When each row of the card first says "received ✓", by the page's own clock as the card changes:
  // the figure timed does not wait for the next time the bench asks a busy page.
  const shown = {};
  window.__benchReceivedShown = shown;
  const card = document.querySelector('[data-testid="podcast-tracks"]');
  const look = () => card.querySelectorAll('li').forEach((li) => {
    const text = li.textContent;
    const name = text.split(':')[0];
    if (text.includes('received ✓') && shown[name] === undefined) shown[name] = Date.now();
  });
  if (card) new MutationObserver(look).observe(card, { subtree: true, childList: true, characterData: true });
  const counter = window.__benchCounter;
  const held = new Promise((resolve) => {
    counter.addEventListener('message', ({ data }) => {
      if (data.kind === 'held') resolve(data.held);
    });
  });
  counter.postMessage('stop');
  const stopAt = Date.now();
  document.querySelector('button[aria-label="Stop recording"]').click();
  return { stopAt, held: await held };
})()`;

/**
 * Counts, in a worker of the host page, the 64 KB blocks received: every second while recording (the
 * transfer's course), then once at Stop, and no more. A worker, not the page: each count is a
 * read-only transaction, which the host's writes of the same store queue behind until its answers
 * have been taken, and the page's main thread, busy with the call, took its time over them
 * (a count at Stop held the host's writes back 0.4 s in a 90 s run). Key counts, not bytes.
 */
const COUNTER = `
  let ids = [];
  const count = (db, then) => {
    const store = db.transaction('chunks').objectStore('chunks');
    const found = {};
    let left = ids.length;
    if (left === 0) then(found);
    for (const id of ids) {
      const request = store.count(IDBKeyRange.bound([id, 0], [id, Infinity]));
      request.onsuccess = () => {
        found[id] = request.result;
        left -= 1;
        if (left === 0) then(found);
      };
    }
  };
  const open = indexedDB.open('framecast');
  open.onsuccess = () => {
    const db = open.result;
    const timer = setInterval(() => {
      // The tracks' rows are looked for until there is one per guest.
      if (ids.length < ${GUESTS.length}) {
        const rows = db.transaction('recordings').objectStore('recordings').getAllKeys();
        rows.onsuccess = () => {
          ids = rows.result.filter((id) => id.startsWith('received-'));
        };
      }
      count(db, (found) => postMessage({ kind: 'sample', at: Date.now(), blocks: Object.values(found).reduce((a, b) => a + b, 0) }));
    }, 1000);
    onmessage = () => {
      clearInterval(timer);
      count(db, (held) => {
        postMessage({ kind: 'held', held });
        db.close();
      });
    };
  };
`;

const WATCH_RECEIVED = `(() => {
  const samples = [];
  window.__benchReceived = samples;
  const from = Date.now();
  const counter = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(COUNTER)}], { type: 'text/javascript' })));
  window.__benchCounter = counter;
  counter.addEventListener('message', ({ data }) => {
    if (data.kind === 'sample') samples.push([data.at - from, data.blocks * 65536]);
  });
})()`;

/**
 * How long an empty read-write transaction on the chunk store waits to complete, in ms: every tab of
 * this one profile shares the store, so this is the queue each stored chunk and block waits in.
 */
const IDB_WAIT = `(async () => {
  ${OPEN_DB}
  const wait = async (store, mode) => {
    const started = performance.now();
    await new Promise((resolve) => { const tx = db.transaction(store, mode); if (mode === 'readonly') tx.objectStore(store).get('none'); tx.oncomplete = resolve; tx.onabort = resolve; });
    return Math.round(performance.now() - started);
  };
  // Read-only on the rows waits for no write of the chunks: it measures the page and the browser, the
  // other the queue of writes to the chunks.
  // The same read from a worker of the page: its answer does not queue behind the page's own tasks.
  const inWorker = async () => {
    const source = 'onmessage = async () => { ' + ${JSON.stringify("const db = await new Promise((resolve) => { const open = indexedDB.open('framecast'); open.onsuccess = () => resolve(open.result); }); const started = performance.now(); await new Promise((resolve) => { const tx = db.transaction('recordings', 'readonly'); tx.objectStore('recordings').get('none'); tx.oncomplete = resolve; tx.onabort = resolve; }); postMessage(Math.round(performance.now() - started)); db.close();")} + ' };';
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const ms = await new Promise((resolve) => { worker.onmessage = (event) => resolve(event.data); worker.postMessage(null); });
    worker.terminate();
    return ms;
  };
  const [writeChunks, readRows, readInWorker] = await Promise.all([wait('chunks', 'readwrite'), wait('recordings', 'readonly'), inWorker()]);
  db.close();
  return writeChunks + ' ms (a read of the rows ' + readRows + ' ms; from a worker ' + readInWorker + ' ms)';
})()`;

/**
 * With BENCH_DIAG, on a guest: how long one 64 KB read of its own stored track takes, and one of
 * 1 MB (the sender reads the file in pieces, each a round trip to the browser).
 */
const GUEST_READ_WAIT = `(async () => {
  ${OPEN_DB}
  const rows = await request(db.transaction('recordings').objectStore('recordings').getAll());
  const own = rows.find((row) => row.mode === 'room-separate' && !row.id.startsWith('received-'));
  if (!own) { db.close(); return 'no own track'; }
  const chunks = await request(db.transaction('chunks').objectStore('chunks').getAll(IDBKeyRange.bound([own.id, 0], [own.id, Infinity])));
  db.close();
  const file = new Blob(chunks.map((chunk) => chunk.bytes));
  const time = async (bytes) => { const started = performance.now(); await file.slice(0, bytes).arrayBuffer(); return Math.round(performance.now() - started); };
  const small = await time(65536);
  const large = await time(1048576);
  return small + ' ms for 64 KB, ' + large + ' ms for 1 MB';
})()`;

const OWN_TRACK_LINE = `document.querySelector('[data-testid="own-track-status"]')?.textContent ?? 'none'`;
const TRACK_LINES = `[...(document.querySelector('[data-testid="podcast-tracks"]')?.querySelectorAll('li') ?? [])].map((li) => li.textContent.trim())`;

/**
 * The JS heap of one tab and its dedicated workers (the host's recorder worker starts with the
 * recording and ends after it), each after a garbage collection: what the page keeps alive.
 */
async function heapMeter(cdp, tab) {
  const workers = new Set();
  cdp.on((msg) => {
    if (msg.method === 'Target.attachedToTarget' && msg.sessionId === tab.sessionId && msg.params.targetInfo.type === 'worker') workers.add(msg.params.sessionId);
    if (msg.method === 'Target.detachedFromTarget' && msg.sessionId === tab.sessionId) workers.delete(msg.params.sessionId);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, tab.sessionId);
  return async () => {
    let page = 0;
    let total = 0;
    for (const sessionId of [tab.sessionId, ...workers]) {
      try {
        await cdp.send('HeapProfiler.enable', {}, sessionId);
        await cdp.send('HeapProfiler.collectGarbage', {}, sessionId);
        const { usedSize } = await cdp.send('Runtime.getHeapUsage', {}, sessionId);
        total += usedSize;
        if (sessionId === tab.sessionId) page = usedSize;
      } catch {
        // A worker that ended between the listing and the reading.
        workers.delete(sessionId);
      }
    }
    return { total, page, workers: workers.size };
  };
}

/**
 * With BENCH_DIAG, counts the host page's React commits (every time the page is drawn again), through
 * the hook React's developer tools use, which React calls in a production build too.
 */
const COUNT_COMMITS = `window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true, isDisabled: false, renderers: new Map(), commits: 0,
  inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
  onCommitFiberRoot() { this.commits += 1; },
};`;

async function joinRoom(cdp, roomId, name, { countCommits = false } = {}) {
  const tab = await openTab(cdp, `${BASE}/room/${roomId}`, { newWindow: true });
  if (countCommits) {
    await cdp.send('Page.enable', {}, tab.sessionId);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: COUNT_COMMITS }, tab.sessionId);
    await tab.evaluate('location.reload()');
    await sleep(500);
  }
  await tab.waitFor(`[...document.querySelectorAll('label')].some((l) => l.textContent.trim() === 'Your Name')`);
  await tab.evaluate(join(name), { gesture: true });
  return tab;
}

const fmtMb = (bytes) => (bytes / MB).toFixed(1);
const mark = (ok) => (ok ? '' : '  ✗ MISS');

/**
 * The page's main thread over `ms`: the task time by kind (Performance metrics) and the functions with
 * the most self time (a CPU profile), as lines to print.
 */
async function profileMainThread(cdp, tab, ms, name = 'host') {
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics', {}, tab.sessionId)).metrics.map(({ name, value }) => [name, value]));
  await cdp.send('Performance.enable', {}, tab.sessionId);
  await cdp.send('Profiler.enable', {}, tab.sessionId);
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 }, tab.sessionId);
  const before = await metrics();
  await cdp.send('Profiler.start', {}, tab.sessionId);
  await sleep(ms);
  const { profile } = await cdp.send('Profiler.stop', {}, tab.sessionId);
  const after = await metrics();
  const per = (name) => `${(((after[name] ?? 0) - (before[name] ?? 0)) * 1000 / (ms / 1000)).toFixed(0)}`;
  const lines = [`${name} main thread, ms per s: tasks ${per('TaskDuration')}, script ${per('ScriptDuration')}, layout ${per('LayoutDuration')}, style ${per('RecalcStyleDuration')}`];
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${String(lineNumber + 1)}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  for (const [key, selfMs] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`  ${(selfMs / (ms / 1000)).toFixed(1).padStart(6)} ms/s  ${key}`);
  return lines;
}

/** A Chromium with its own profile, set up as a participant would have it. */
async function launchParticipantBrowser(tmp, label, camera) {
  // Each participant stands for a computer of their own with the room in front: none of the
  // windows (stacked, when they share a browser, so occluded) may be backgrounded or throttled.
  const chrome = await launchChromium(path.join(tmp, `profile-podcast-${label}`), tmp, {
    camera,
    extraArgs: ['--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding', '--disable-background-timer-throttling'],
  });
  const cdp = await connectCdp(chrome.wsEndpoint);
  await cdp.send('Browser.grantPermissions', { origin: BASE, permissions: ['videoCapture', 'audioCapture'] }).catch(() => undefined);
  const setup = await openTab(cdp, `${BASE}/about`);
  await setup.waitFor(`location.origin === ${JSON.stringify(BASE)}`);
  await setup.evaluate(PREPARE_STORAGE);
  await cdp.send('Target.closeTarget', { targetId: setup.targetId });
  return { chrome, cdp };
}

export async function runPodcast(tmp, seconds, { camera = process.env.BENCH_PODCAST_CAMERA ?? 'busy-camera.y4m' } = {}) {
  const browsers = [];
  try {
    for (const label of BROWSERS === 'each' ? [HOST, ...GUESTS] : ['shared']) browsers.push(await launchParticipantBrowser(tmp, label, camera));
    const hostBrowser = browsers[0];
    const cdpOf = (index) => (BROWSERS === 'each' ? browsers[index] : hostBrowser).cdp;
    const cdp = hostBrowser.cdp;

    const roomId = `bench-${Math.random().toString(36).slice(2, 8)}`;
    // With BENCH_DIAG, what each participant's page warns of (refused messages, failed writes).
    const consoleLines = [];
    const names = new Map();
    if (process.env.BENCH_DIAG) {
      for (const { cdp: connection } of browsers) {
        connection.on((msg) => {
          if (msg.method !== 'Runtime.consoleAPICalled' || !['warning', 'error'].includes(msg.params.type)) return;
          const text = msg.params.args.map((a) => a.value ?? a.description ?? '').join(' ').slice(0, 300);
          consoleLines.push(`${names.get(msg.sessionId) ?? '?'}: ${text}`);
        });
      }
    }
    const watchConsole = async (connection, tab, name) => {
      if (!process.env.BENCH_DIAG) return;
      names.set(tab.sessionId, name);
      await connection.send('Runtime.enable', {}, tab.sessionId);
      // Its workers' too (the recorder's), under the same name.
      connection.on((msg) => {
        if (msg.method !== 'Target.attachedToTarget' || msg.sessionId !== tab.sessionId || msg.params.targetInfo.type !== 'worker') return;
        names.set(msg.params.sessionId, `${name}'s worker`);
        connection.send('Runtime.enable', {}, msg.params.sessionId).catch(() => undefined);
      });
      await connection.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, tab.sessionId);
    };
    const host = await joinRoom(cdp, roomId, HOST, { countCommits: Boolean(process.env.BENCH_DIAG) });
    await watchConsole(cdp, host, HOST);
    await host.waitFor(`document.querySelector('h1')?.textContent === ${JSON.stringify(`${HOST}'s room`)}`);
    // Guests the host does not answer are let in after 5 s (the room's default).
    const guests = [];
    for (const [index, name] of GUESTS.entries()) {
      const guest = await joinRoom(cdpOf(index + 1), roomId, name);
      await watchConsole(cdpOf(index + 1), guest, name);
      guests.push(guest);
    }
    // Every library: with a browser each, the guests' own files are in theirs.
    const libraryTabs = BROWSERS === 'each' ? [host, ...guests] : [host];
    const readLibraries = async () => (await Promise.all(libraryTabs.map((tab) => tab.evaluate(READ_LIBRARY)))).flat();
    const hostPid = hostBrowser.chrome.child.pid;
    // Every guest in and playing at the host (the host's own tile is one of them) before Start: a
    // guest still waiting would come in mid-recording, by the room's 5 s admission, and begin late.
    await host.waitFor(`document.querySelectorAll('[data-testid="participant-tile"][data-state="playing"]').length >= ${1 + GUESTS.length}`, 90_000);
    const visibility = await Promise.all([host, ...guests].map((tab) => tab.evaluate('document.visibilityState')));
    await host.evaluate(`document.querySelector('input[type=radio][value=separate]').click()`, { gesture: true });
    await host.waitFor(`document.querySelector('input[type=radio][value=separate]').checked`);

    const heap = await heapMeter(cdp, host);
    await host.click('Start recording');
    await host.waitFor(`document.querySelector('[data-testid="room-recording-badge"]')?.textContent === 'REC'`, 20_000);
    const recordingFrom = Date.now();
    await host.evaluate(WATCH_RECEIVED);
    // The heap is first read once every recorder has come up and the first blocks are arriving.
    const settle = Math.min(10, seconds / 6) * 1000;
    await sleep(settle);
    const heapStart = await heap();
    const pssStart = treePss(hostPid);
    // Every participant shares this machine's cores: how busy the browser is says whether the figures
    // are the transfer's or the machine's.
    const cpu = await cpuShareOf(browsers.map((b) => b.chrome.child.pid), Math.min(10_000, seconds * 1000 / 6));
    // With BENCH_DIAG, where the host page's main thread goes for 10 s mid-recording: what delays its storage.
    const commitsBefore = process.env.BENCH_DIAG ? await host.evaluate('window.__REACT_DEVTOOLS_GLOBAL_HOOK__.commits') : 0;
    const hostProfile = process.env.BENCH_DIAG ? await profileMainThread(cdp, host, 10_000) : [];
    if (process.env.BENCH_DIAG) hostProfile.push(`host page drawn ${((await host.evaluate('window.__REACT_DEVTOOLS_GLOBAL_HOOK__.commits')) - commitsBefore) / 10} times a second (React commits)`);
    let heapPeak = heapStart;
    let pssPeak = pssStart;
    const trace = [];
    const sample = async () => {
      const idbWait = process.env.BENCH_DIAG ? ` (a write transaction waited ${String(await host.evaluate(IDB_WAIT))})` : '';
      const guestRead = process.env.BENCH_DIAG ? ` (${GUESTS[0]} read its own file: ${String(await guests[0].evaluate(GUEST_READ_WAIT))})` : '';
      trace.push(`${((Date.now() - recordingFrom) / 1000).toFixed(0)} s: ${(await host.evaluate(TRACK_LINES)).join(' | ')}${idbWait}${guestRead}`);
      const now = await heap();
      if (now.total > heapPeak.total) heapPeak = now;
      pssPeak = Math.max(pssPeak, treePss(hostPid));
    };
    while (Date.now() - recordingFrom < seconds * 1000 - 500) {
      await sleep(Math.min(process.env.BENCH_DIAG ? 5000 : 15_000, seconds * 1000 - (Date.now() - recordingFrom)));
      if (seconds * 1000 - (Date.now() - recordingFrom) > 3000) await sample();
    }
    while (Date.now() - recordingFrom < seconds * 1000) await sleep(50);

    // With BENCH_DIAG=profile, where the host's and the first guest's main threads go in the 6 s after
    // Stop (the sampling slows both: the figures timed are not the bench's).
    const profileStop = process.env.BENCH_DIAG === 'profile';
    const stopProfiles = profileStop ? Promise.all([profileMainThread(cdp, host, 6000, HOST), profileMainThread(cdpOf(1), guests[0], 6000, GUESTS[0])]) : Promise.resolve([]);
    if (profileStop) await sleep(300);
    const { stopAt, held } = await host.evaluate(STOP_AND_COUNT, { gesture: true });
    const course = await host.evaluate('window.__benchReceived');
    const recordedS = (stopAt - recordingFrom) / 1000;
    // Until the card says every guest's track is received, polled often: this is the figure timed.
    const waitMs = Number(process.env.BENCH_PODCAST_WAIT_S ?? Math.max(300, seconds)) * 1000;
    const deadline = Date.now() + waitMs;
    let receivedAt = null;
    let lines = [];
    // With BENCH_DIAG, each change of the host's card after Stop (numbers aside), timed: where the wait goes.
    const afterStop = [];
    while (Date.now() < deadline) {
      lines = await host.evaluate(TRACK_LINES);
      // The guests' own cards too: when each one's file is finished and when it is being sent.
      const guestLines = process.env.BENCH_DIAG ? await Promise.all(guests.map((guest) => guest.evaluate(OWN_TRACK_LINE))) : [];
      const all = [...lines, ...guestLines.map((line, i) => `${GUESTS[i]}'s own: ${String(line)}`)];
      const shape = all.join(' | ').replace(/[\d.,]+/g, '#');
      if (process.env.BENCH_DIAG && afterStop.at(-1)?.shape !== shape) afterStop.push({ shape, line: `${((Date.now() - stopAt) / 1000).toFixed(2)} s after Stop: ${all.join(' | ')}` });
      if (lines.filter((line) => line.includes('received ✓')).length >= GUESTS.length) {
        const shown = Object.values(await host.evaluate('window.__benchReceivedShown ?? {}'));
        receivedAt = shown.length >= GUESTS.length ? Math.max(...shown) : Date.now();
        break;
      }
      await sleep(50);
    }
    const afterStopProfiles = (await stopProfiles).flat();
    await sample();
    // The guests' own rows become 'done' as their recorders finish; wait for that before comparing.
    let library = [];
    const rowsDeadline = Date.now() + 60_000;
    while (Date.now() < rowsDeadline) {
      library = await readLibraries();
      const mine = library.filter((row) => row.roomId === roomId);
      // And each guest has heard that its track was received: the host says so once a start lined up
      // again at the end is written, and the clock error is read from that.
      const told = await Promise.all(guests.map((guest) => guest.evaluate(OWN_TRACK_LINE)));
      if (mine.length >= 1 + 2 * GUESTS.length && mine.every((row) => row.state === 'done') && told.every((line) => String(line).includes('reached the host'))) break;
      await sleep(500);
    }
    await sleep(2000);
    const heapEnd = await heap();
    const pssEnd = treePss(hostPid);
    if (heapEnd.total > heapPeak.total) heapPeak = heapEnd;
    pssPeak = Math.max(pssPeak, pssEnd);

    const rows = library.filter((row) => row.roomId === roomId);
    const received = rows.filter((row) => row.id.startsWith('received-'));
    const own = rows.filter((row) => !row.id.startsWith('received-'));
    // The libraries hold every participant's own file: the host's is the one no received copy names
    // (unknown when a guest's copy never began, as two files are then left).
    const guestIds = new Set(received.map((row) => row.id.slice('received-'.length)));
    const unmatched = own.filter((row) => !guestIds.has(row.id));
    const hostRow = unmatched.length === 1 ? unmatched[0] : undefined;
    const tracks = received.map((row) => {
      const guestRow = own.find((r) => `received-${r.id}` === row.id);
      const atStop = Math.min((held[row.id] ?? 0) * 64 * 1024, guestRow?.size ?? Infinity);
      const name = row.name.replace(/^Room recording: /, '');
      return { name, row, guestRow, atStop, share: guestRow?.size ? atStop / guestRow.size : NaN };
    });
    return {
      seconds,
      recordedS,
      camera,
      visibility,
      hostRow,
      tracks,
      lines,
      trace,
      hostProfile,
      afterStop: [...afterStop.map((entry) => entry.line), ...afterStopProfiles],
      consoleLines,
      course,
      cpu,
      waitS: waitMs / 1000,
      stopToReceivedS: receivedAt === null ? null : (receivedAt - stopAt) / 1000,
      heap: { start: heapStart, peak: heapPeak, end: heapEnd },
      pss: { start: pssStart, peak: pssPeak, end: pssEnd },
    };
  } finally {
    for (const { chrome, cdp } of browsers) {
      cdp.close();
      const exited = new Promise((resolve) => chrome.child.once('exit', resolve));
      chrome.child.kill('SIGKILL');
      await exited;
    }
  }
}

export function printPodcast(r) {
  const size = r.hostRow ? `${r.hostRow.width}×${r.hostRow.height}` : '?';
  const how = BROWSERS === 'each' ? 'a Chromium each, through the signaling server' : 'windows of one Chromium, in-browser signaling';
  console.log(`\nPodcast room, Separate, ${r.recordedS.toFixed(1)} s: host + ${String(GUESTS.length)} guest${GUESTS.length === 1 ? '' : 's'}, ${how}, camera ${r.camera} (own tracks ${size}); tabs ${r.visibility.join('/')}`);
  console.log('Track   own file   at host at Stop   share at Stop      received copy   start on host clock   clock error');
  const starts = [r.hostRow?.startedAt, ...r.tracks.map((t) => t.row.startedAt)].filter((s) => typeof s === 'number');
  const first = starts.length > 0 ? Math.min(...starts) : 0;
  const since = (s) => (typeof s === 'number' ? `+${String(Math.round(s - first)).padStart(5)} ms` : '      —');
  if (r.hostRow) console.log(`${HOST.padEnd(6)}  ${fmtMb(r.hostRow.size).padStart(6)} MB   (records itself)                                    ${since(r.hostRow.startedAt)}`);
  for (const t of r.tracks) {
    const error = typeof t.row.startedAt === 'number' && typeof t.guestRow?.startedAt === 'number' ? `${Math.abs(t.row.startedAt - t.guestRow.startedAt).toFixed(1).padStart(6)} ms` : '   —';
    console.log(
      `${t.name.padEnd(6)}  ${fmtMb(t.guestRow?.size ?? 0).padStart(6)} MB   ${fmtMb(t.atStop).padStart(8)} MB      ${(t.share * 100).toFixed(1).padStart(5)} %${mark(t.share >= TARGETS.shareAtStop).padEnd(9)}   ${fmtMb(t.row.size).padStart(6)} MB ${t.row.state.padEnd(5)} (own ${t.guestRow?.state ?? '?'})   ${since(t.row.startedAt)}            ${error}`,
    );
  }
  const atStop = r.tracks.reduce((sum, t) => sum + t.atStop, 0);
  const finalBytes = r.tracks.reduce((sum, t) => sum + (t.guestRow?.size ?? 0), 0);
  const minShare = r.tracks.length === GUESTS.length ? Math.min(...r.tracks.map((t) => t.share)) : 0;
  const errors = r.tracks.filter((t) => typeof t.row.startedAt === 'number' && typeof t.guestRow?.startedAt === 'number').map((t) => Math.abs(t.row.startedAt - t.guestRow.startedAt));
  const growth = (r.heap.peak.total - r.heap.start.total) / MB;
  const endGrowth = (r.heap.end.total - r.heap.start.total) / MB;
  const tail = r.stopToReceivedS;
  console.log(`transfer while recording   ${(atStop / MB / r.recordedS).toFixed(2)} MB/s at the host (${fmtMb(atStop)} MB in ${r.recordedS.toFixed(0)} s; the guests recorded ${(finalBytes / MB / r.recordedS).toFixed(2)} MB/s)`);
  console.log(`transfer after Stop        ${tail ? `${((finalBytes - atStop) / MB / tail).toFixed(2)} MB/s (${fmtMb(finalBytes - atStop)} MB in ${tail.toFixed(1)} s)` : 'not finished'}`);
  // The course in tenths of the recording: whether the transfer kept pace or fell behind.
  const marks = [];
  for (let tenth = 1; tenth <= 10; tenth++) {
    const at = (r.recordedS * 1000 * tenth) / 10;
    const sampleAt = [...r.course].reverse().find(([ms]) => ms <= at);
    if (sampleAt) marks.push(`${(at / 1000).toFixed(0)} s ${fmtMb(sampleAt[1])}`);
  }
  console.log(`received at the host       ${marks.join(', ')} MB`);
  console.log(`share at Stop (lowest)     ${(minShare * 100).toFixed(1)} %   target ≥ ${TARGETS.shareAtStop * 100} %${mark(minShare >= TARGETS.shareAtStop)}`);
  console.log(`Stop → all received ✓      ${tail === null ? `more than ${String(r.waitS)} s` : `${tail.toFixed(1)} s`}   target ≤ ${TARGETS.stopToReceivedS} s${mark(tail !== null && tail <= TARGETS.stopToReceivedS)}`);
  console.log(
    `host JS heap               ${fmtMb(r.heap.start.total)} → peak ${fmtMb(r.heap.peak.total)} → end ${fmtMb(r.heap.end.total)} MB (page ${fmtMb(r.heap.start.page)} → ${fmtMb(r.heap.peak.page)} → ${fmtMb(r.heap.end.page)}), growth ${growth.toFixed(1)} MB at the peak, ${endGrowth.toFixed(1)} MB at the end   target ≤ ${TARGETS.heapGrowthMb} MB${mark(growth <= TARGETS.heapGrowthMb)}`,
  );
  console.log(`${BROWSERS === 'each' ? 'browsers\'' : 'browser'} CPU while recording ${r.cpu.total.toFixed(2)} cores (renderers ${(r.cpu.byKind.renderer ?? 0).toFixed(2)}) of ${String(availableParallelism())}`);
  console.log(`${BROWSERS === 'each' ? 'host browser PSS          ' : `browser PSS (all ${String(1 + GUESTS.length)} tabs)  `} ${fmtMb(r.pss.start)} → peak ${fmtMb(r.pss.peak)} → end ${fmtMb(r.pss.end)} MB`);
  console.log(`track starts               ${starts.length > 1 ? `${String(Math.round(Math.max(...starts) - first))} ms from first to last (${starts.length} tracks)` : 'unknown'}`);
  console.log(`clock estimate error       ${errors.length > 0 ? `max ${Math.max(...errors).toFixed(1)} ms` : 'unknown'} (received row's startedAt vs the guest's own; one machine, one clock)`);
  if (process.env.BENCH_DIAG) for (const line of [...r.hostProfile, ...r.trace, ...r.afterStop]) console.log(`  ${line}`);
  const warned = [...new Set(r.consoleLines)];
  if (warned.length > 0) console.log(`pages warned (${String(r.consoleLines.length)} lines, ${String(warned.length)} distinct):\n${warned.slice(0, 40).map((l) => `  ${l}`).join('\n')}`);
  if (r.tracks.length < GUESTS.length || r.tracks.some((t) => t.row.state !== 'done')) console.log(`host's card: ${r.lines.join(' | ')}`);
  console.log('(heap: the host tab and its workers after a garbage collection, from 10 s into the recording; share at Stop: the');
  console.log(' 64 KB blocks the host had stored when Stop was clicked ÷ the guest\'s finished file; Stop → received: until the');
  console.log(' host\'s card shows "received ✓" for every guest, the SHA-256 check included, timed in the page as the card changes)');
}
