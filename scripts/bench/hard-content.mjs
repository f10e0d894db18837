// The benchmark's "hard content" conditions (docs/decisions/0007-encoder-backpressure.md): content no
// encoder on this machine keeps up with at 1080p. The recording must step down instead of queueing
// frames: flat memory, an instant Stop, at least 15 fps. Each condition gets a browser of its own, so
// its memory is its alone.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  BASE, connectCdp, fileFigures, launchChromium, openStudio, openTab, sleep, startRecording, stopAndSave, treePss,
} from './browser.mjs';

const MB = 1024 * 1024;

/** What the studio's stats card says: frame rate, resolution and the keep-up notice. */
const READ_STATS = `['stat-fps', 'stat-resolution', 'keep-up-notice']
  .map((id) => document.querySelector('[data-testid="' + id + '"]')?.textContent ?? '')`;

/**
 * A page that paints full-frame noise (960×540 scaled to the 1080p window), new 30 times a second, for
 * the screen to capture: what a game or a playing video looks like to an encoder. Its tab is chosen by
 * title in the screen picker. Painting it costs the machine too, as a real game would.
 */
export const NOISE_PAGE_TITLE = 'Framecast bench noise';
const NOISE_PAGE = `data:text/html,<title>${NOISE_PAGE_TITLE}</title><body style="margin:0;background:%23000">
<canvas id="c" width="960" height="540" style="width:100vw;height:100vh"></canvas>
<script>const c=document.getElementById('c').getContext('2d');const img=c.createImageData(960,540);
const d=new Uint32Array(img.data.buffer);let s=2463534242;
let n=0;(function f(){requestAnimationFrame(f);if(n++%2)return;for(let i=0;i<d.length;i++){s^=s<<13;s^=s>>>17;s^=s<<5;const v=s&255;d[i]=0xff000000|v<<16|v<<8|v;}
c.putImageData(img,0,0);})();</script></body>`;

async function runHard(name, { seconds, camera, mode, screenTab, quality }, profileDir, downloads) {
  const chrome = await launchChromium(profileDir, downloads, {
    camera,
    extraArgs: screenTab ? [`--auto-select-tab-capture-source-by-title=${NOISE_PAGE_TITLE}`, '--window-size=1920,1080'] : [],
    fakeScreenPicker: !screenTab,
  });
  const cdp = await connectCdp(chrome.wsEndpoint);
  try {
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true });
    await cdp.send('Browser.grantPermissions', { origin: BASE, permissions: ['videoCapture', 'audioCapture'] }).catch(() => undefined);
    if (screenTab) await openTab(cdp, NOISE_PAGE);
    if (quality) {
      // Settings as the Settings page saves them (localStorage), before the studio reads them.
      const home = await openTab(cdp, `${BASE}/`);
      await home.waitFor(`location.origin === ${JSON.stringify(new URL(BASE).origin)} && document.readyState !== 'loading'`);
      await home.evaluate(`localStorage.setItem('framecast-settings', ${JSON.stringify(JSON.stringify({ video: { quality } }))})`);
    }
    const tab = await openStudio(cdp, mode);
    await startRecording(tab);
    const started = Date.now();
    await sleep(10_000);
    const pssAt10 = treePss(chrome.child.pid);
    const steps = new Set();
    let peak = pssAt10;
    while (Date.now() - started < seconds * 1000) {
      await sleep(Math.min(5000, seconds * 1000 - (Date.now() - started)));
      const [fps, resolution, notice] = await tab.evaluate(READ_STATS);
      steps.add(notice || `${resolution} at ${fps} (no step-down)`);
      peak = Math.max(peak, treePss(chrome.child.pid));
    }
    const pssEnd = treePss(chrome.child.pid);
    const { readyMs, file } = await stopAndSave(cdp, tab, downloads);
    if (process.env.BENCH_KEEP) copyFileSync(file, path.join(process.env.BENCH_KEEP, `${name.replace(' ', '-')}.webm`));
    const minutes = (seconds - 10) / 60;
    return {
      name,
      seconds,
      ...fileFigures(file),
      readyMs,
      pssStartMb: pssAt10 / MB,
      pssEndMb: pssEnd / MB,
      peakMb: peak / MB,
      growthPerMinuteMb: (pssEnd - pssAt10) / MB / minutes,
      steps: [...steps],
    };
  } finally {
    cdp.close();
    const exited = new Promise((resolve) => chrome.child.once('exit', resolve));
    chrome.child.kill('SIGKILL');
    await exited;
  }
}

export async function runHardContent(tmp, seconds) {
  const downloads = path.join(tmp, 'hard-downloads');
  mkdirSync(downloads, { recursive: true });
  const conditions = [
    ['noise camera', { seconds, camera: 'noise-camera.y4m', mode: 'Webcam Only', screenTab: false }],
    ['noise screen', { seconds, camera: 'camera.y4m', mode: 'Screen Only', screenTab: true }],
    // The same camera with Settings at 4K: a 3840×2160 picture to draw and encode before the ladder steps in.
    ['noise 4K', { seconds, camera: 'noise-camera.y4m', mode: 'Webcam Only', screenTab: false, quality: '4k' }],
  ];
  const rows = [];
  // BENCH_HARD_ONLY=4K (a part of a condition's name) runs the matching conditions alone.
  const wanted = process.env.BENCH_HARD_ONLY;
  for (const [name, options] of conditions.filter(([n]) => !wanted || n.includes(wanted))) {
    console.log(`recording ${seconds} s of hard content: ${name}…`);
    rows.push(await runHard(name, options, path.join(tmp, `profile-${name.replace(' ', '-')}`), downloads));
  }
  console.log('\nHard content  fps    largest gap  memory (PSS) 10 s → end   growth/min  stop→ready  duration');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(12)}  ${r.fps.toFixed(1).padStart(4)}   ${r.largestGapMs.toFixed(0).padStart(5)} ms     ${r.pssStartMb.toFixed(0).padStart(5)} → ${r.pssEndMb.toFixed(0).padStart(5)} MB (peak ${r.peakMb.toFixed(0)})   ${r.growthPerMinuteMb.toFixed(1).padStart(6)} MB   ${String(r.readyMs).padStart(5)} ms   ${r.duration.toFixed(1)} s`,
    );
    console.log(`              steps seen: ${r.steps.join('; ')}`);
  }
  console.log('(memory: proportional set size of the whole browser, every process, from 10 s in to the end;');
  console.log(' steps seen: what the stats card said every 5 s)');
}
