// The benchmark's page-load condition: cold loads of content pages, each in a fresh browser context,
// read over the DevTools protocol: first paint, the `load` event, when the app has adopted the page
// (its heading hydrated), the script fetched before `load`, and the page's main-thread time until the
// app is up. Content pages start the app once they are up (docs/decisions/0016-first-load.md).
import { BASE, sleep } from './browser.mjs';

const ROUTES = ['/', '/vs/loom'];
const LOADS = 5;
/** 150 ms and 1.6 Mbit/s down: a slow mobile connection, in DevTools' terms. */
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const CONDITIONS = [
  { name: 'plain', cpu: 1, network: null },
  { name: '4x CPU', cpu: 4, network: null },
  { name: '4x CPU, slow network', cpu: 4, network: SLOW_NETWORK },
];

const APP_UP_PROBE = `(() => {
  const tick = () => {
    const heading = document.querySelector('h1');
    if (heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'))) window.__benchAppUpAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const READ_TIMES = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'));
  return {
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    load: nav.loadEventEnd,
    appUp: window.__benchAppUpAt,
    scriptBeforeLoadKb: scripts.filter((e) => e.responseEnd <= nav.loadEventStart).reduce((sum, e) => sum + e.decodedBodySize, 0) / 1024,
  };
})()`;

async function coldLoad(cdp, url, condition) {
  const { browserContextId } = await cdp.send('Target.createBrowserContext');
  try {
    const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params = {}) => cdp.send(method, params, sessionId);
    await send('Page.enable');
    await send('Performance.enable');
    if (condition.cpu !== 1) await send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
    if (condition.network) {
      await send('Network.enable');
      await send('Network.emulateNetworkConditions', condition.network);
    }
    await send('Page.addScriptToEvaluateOnNewDocument', { source: APP_UP_PROBE });
    await send('Page.navigate', { url });
    const evaluate = async (expression) => (await send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
    const end = Date.now() + 30_000;
    while (!(await evaluate('window.__benchAppUpAt !== undefined').catch(() => false))) {
      if (Date.now() > end) throw new Error(`${url}: the app did not adopt the page within 30 s`);
      await sleep(50);
    }
    const { metrics } = await send('Performance.getMetrics');
    const taskMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
    await sleep(500);
    return { ...(await evaluate(READ_TIMES)), taskMs };
  } finally {
    await cdp.send('Target.disposeBrowserContext', { browserContextId });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runPageLoad(cdp) {
  const rows = [];
  for (const condition of CONDITIONS) {
    for (const route of ROUTES) {
      const loads = [];
      for (let i = 0; i < LOADS; i += 1) loads.push(await coldLoad(cdp, `${BASE}${route}`, condition));
      const pick = (key) => median(loads.map((l) => l[key]));
      rows.push({ route, condition: condition.name, paint: pick('paint'), load: pick('load'), appUp: pick('appUp'), scriptKb: pick('scriptBeforeLoadKb'), taskMs: pick('taskMs') });
    }
  }
  return rows;
}

export function printPageLoad(rows) {
  console.log(`\nContent pages, cold loads (medians of ${String(LOADS)}): first paint, load event, app up (heading hydrated), script before load, main thread until up`);
  for (const r of rows) {
    console.log(
      `${r.route.padEnd(9)} ${r.condition.padEnd(21)} ${r.paint.toFixed(0).padStart(5)} ms  ${r.load.toFixed(0).padStart(5)} ms  ${r.appUp.toFixed(0).padStart(5)} ms  ${r.scriptKb.toFixed(0).padStart(4)} KB  ${r.taskMs.toFixed(0).padStart(5)} ms`,
    );
  }
  console.log('(slow network: 150 ms latency, 1.6 Mbit/s, the preview server\'s uncompressed files; script: decoded size)');
}
