// Export as MP4 and trim (docs/decisions/0009-mp4-export-and-trim.md), measured on a recording just
// made in a studio tab: how fast the export runs against the recording's length, how much the whole
// browser's memory grows while it runs, and how long saving a 10 s trimmed copy takes, cut at a key
// frame (packets copied) and half a second after one (the start re-encoded).
import { pssByProcess, sh, sleep } from './browser.mjs';

const MB = 1024 * 1024;

/** DOM helpers evaluated in the page: the open dialog (the last one opened), a button in it by its text. */
const DIALOG = `[...document.querySelectorAll('[role=dialog]')].at(-1)`;
const dialogButton = (text) => `[...${DIALOG}.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(text)})`;
const statusText = `(${DIALOG}?.querySelector('[role=status]')?.textContent ?? '')`;

const total = (byProcess) => [...byProcess.values()].reduce((sum, { pss }) => sum + pss, 0);

/**
 * Samples the browser's PSS every 250 ms until `done` settles. Returns the growth at the peak over
 * `baseline` (a pssByProcess map), in bytes, and which kinds of process it was in; the median
 * growth too, since the peak also catches garbage the worker's collector has not yet freed.
 */
async function peakGrowthWhile(pid, baseline, done) {
  let peak = baseline;
  const samples = [];
  let finished = false;
  const settled = done.finally(() => {
    finished = true;
  });
  while (!finished) {
    const now = pssByProcess(pid);
    samples.push(total(now) - total(baseline));
    if (total(now) > total(peak)) peak = now;
    await Promise.race([settled.catch(() => undefined), sleep(250)]);
  }
  await settled;
  const byKind = new Map();
  for (const [processId, { kind, pss }] of peak) byKind.set(kind, (byKind.get(kind) ?? 0) + pss - (baseline.get(processId)?.pss ?? 0));
  samples.sort((a, b) => a - b);
  return { growth: total(peak) - total(baseline), median: samples[Math.floor(samples.length / 2)] ?? 0, byKind };
}

/** Waits until the dialog's status contains `text`; throws with the status when it shows an error. */
async function waitForStatus(tab, text, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const status = await tab.evaluate(statusText);
    if (status.includes(text)) return;
    if (/failed|cannot|cancelled|not enough/i.test(status)) throw new Error(`dialog says: ${status}`);
    await sleep(100);
  }
  throw new Error(`timed out waiting for "${text}"`);
}

async function closeDialog(tab) {
  await tab.evaluate(`${dialogButton('Close')}.click()`, { gesture: true });
  await tab.waitFor(`!${DIALOG}`);
}

/**
 * Exports the recording shown in the studio's download card as MP4. Returns seconds taken, the
 * speed as a multiple of the recording's length, and the browser's peak PSS growth in MB.
 */
export async function benchExport(tab, browserPid, durationS) {
  await tab.evaluate(`[...document.querySelectorAll('section button')].find((b) => b.textContent.trim() === 'Export as MP4').click()`, { gesture: true });
  await tab.waitFor(`!!(${dialogButton('Export')})`);
  await sleep(1000);
  const baseline = pssByProcess(browserPid);
  const started = Date.now();
  await tab.evaluate(`${dialogButton('Export')}.click()`, { gesture: true });
  const { growth, median, byKind } = await peakGrowthWhile(browserPid, baseline, waitForStatus(tab, '(MP4)', durationS * 20_000 + 60_000));
  const seconds = (Date.now() - started) / 1000;
  await closeDialog(tab);
  const where = [...byKind].filter(([, bytes]) => Math.abs(bytes) >= MB).map(([kind, bytes]) => `${kind} ${(bytes / MB).toFixed(0)}`).join(', ');
  return { seconds, speed: durationS / seconds, pssGrowthMb: growth / MB, pssMedianGrowthMb: median / MB, where };
}

/** The first key frame at or after `time` in a recorded file, in seconds. */
function keyFrameFrom(file, time) {
  const rows = sh('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `${time}%+5`, '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file])
    .trim()
    .split('\n')
    .map((line) => line.split(','))
    .filter(([pts, flags]) => Number(pts) >= time && flags?.startsWith('K'));
  if (rows.length === 0) throw new Error(`no key frame after ${time} s`);
  return Number(rows[0][0]);
}

/** Types `value` into a labelled field of the open dialog, replacing what it holds, as a user would. */
async function typeInto(cdp, tab, label, value) {
  await tab.evaluate(`(() => {
    const labelElement = [...${DIALOG}.querySelectorAll('label')].find((l) => l.textContent.startsWith(${JSON.stringify(label)}));
    const input = document.getElementById(labelElement.htmlFor);
    input.focus();
    input.select();
  })()`);
  await cdp.send('Input.insertText', { text: value }, tab.sessionId);
}

/** Saves a trimmed copy of `start`..`start + length` s of the WebM original; returns seconds taken. */
async function trimOnce(cdp, tab, start, length) {
  await tab.evaluate(
    `[...document.querySelectorAll('[data-testid=library-item]')].find((item) => item.querySelector('[data-testid=library-format]')?.textContent === 'WebM' && !item.textContent.includes('(trimmed)')).querySelector('button[aria-label="Trim recording"]').click()`,
    { gesture: true },
  );
  await tab.waitFor(`!!(${dialogButton('Save trimmed copy')})`);
  // The end first: a start typed beyond the current end would not be a valid range.
  await typeInto(cdp, tab, 'Trim end', (start + length).toFixed(2));
  await typeInto(cdp, tab, 'Trim start', start.toFixed(2));
  const selection = `${DIALOG}.querySelector('[data-testid=trim-selection]').textContent`;
  await tab.waitFor(`${selection}.startsWith('Keeps 00:${String(length).padStart(2, '0')}')`, 10_000).catch(async (error) => {
    throw new Error(`${error.message}; the dialog says "${await tab.evaluate(selection)}", fields ${await tab.evaluate(`[...${DIALOG}.querySelectorAll('input')].map((i) => i.value).join(' / ')`)}`);
  });
  const started = Date.now();
  await tab.evaluate(`${dialogButton('Save trimmed copy')}.click()`, { gesture: true });
  await waitForStatus(tab, '(trimmed)', 600_000);
  const seconds = (Date.now() - started) / 1000;
  await closeDialog(tab);
  return seconds;
}

/** Trims 10 s from the middle of the recording saved as `file`: at a key frame, and just after one. */
export async function benchTrim(cdp, tab, file, durationS) {
  const keyFrame = keyFrameFrom(file, durationS / 2);
  const atKeyFrame = await trimOnce(cdp, tab, keyFrame, 10);
  const offKeyFrame = await trimOnce(cdp, tab, keyFrame + 0.5, 10);
  return { keyFrame, atKeyFrame, offKeyFrame };
}
