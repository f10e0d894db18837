#!/usr/bin/env node
// The one gate: typecheck, lint, unit tests, production build and fixtures, then the Firefox and
// WebKit suite and the end-to-end tests. A failing test step does not stop the gate (every test it
// can run is reported); a step that is not tests (types, lint, build) does, since nothing after it
// can run. Always ends with "N passed, N failed" and each step's time.
//
// The order is set by the work each step does on two cores (docs/architecture.md, Tests and the
// gate): the first steps run as two chains side by side, since lint holds one core while the rest
// (typecheck, the unit tests waiting on sockets, Redis and timers, the build and the fixtures) fit beside it.
// Steps whose tests time the encoder (a frame rate, a crash's lost second, sound within a frame) get
// the machine to themselves; the others share it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { E2E_RUNS } from './e2e.mjs';

const outDir = '.gate';
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const typecheck = { name: 'typecheck', cmd: 'npm run -s typecheck' };
const lint = { name: 'lint', cmd: 'npm run -s lint' };
const unit = { name: 'unit tests', cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${outDir}/vitest.json`, counts: () => vitestCounts(`${outDir}/vitest.json`) };
const build = { name: 'build', cmd: 'npm run -s build' };
const fixtures = { name: 'fixtures', cmd: 'bash scripts/make-fixtures.sh' };

/** A run of the Firefox and WebKit suite (tests/browsers), over the files given, `workers` at a time. */
const browsers = (name, report, files, workers = 2) => ({
  name,
  cmd: `npx vitest run --config tests/browsers/vitest.config.ts --maxWorkers=${String(workers)} ${files} --reporter=default --reporter=json --outputFile.json=${outDir}/${report}.json`,
  counts: () => vitestCounts(`${outDir}/${report}.json`),
});

/**
 * A run of Playwright projects (scripts/e2e.mjs): one for the projects that share the machine, so
 * their tests fill both workers to the end instead of each project waiting out its own last test; one
 * for the `-timing` projects, one test at a time. Neither depends on the other's success.
 */
const playwright = (name, report, run) => ({
  name,
  cmd: `npx playwright test ${run.join(' ')}`,
  env: { PW_JSON_OUTPUT: `${outDir}/${report}.json` },
  counts: () => playwrightCounts(`${outDir}/${report}.json`),
});

/** Each stage is a list of chains run side by side; a chain's steps run one after another. */
const stages = [
  [[typecheck, unit, build, fixtures], [lint]],
  // Firefox's room times nothing, so it runs here. The three files wait on page loads and WebRTC more
  // than they work, so all three run at once (docs/architecture.md, Tests and the gate).
  [[browsers('Firefox pages and room, and WebKit', 'browsers-pages', 'firefox-pages firefox-room webkit', 3)]],
  // Firefox's recordings hold a frame-rate floor and a second lost at most to a crash, which Firefox
  // on two loaded cores missed beside WebKit's recoveries (12.4 fps, and 1.12 s lost).
  [[browsers('Firefox recording', 'browsers-recording', 'firefox-recording')]],
  [[playwright('end-to-end tests (pages, recording, room)', 'playwright', E2E_RUNS.shared)]],
  [[playwright('end-to-end timing tests (recording-timing, room-timing)', 'playwright-timing', E2E_RUNS.timing)]],
];

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected + (stats.interrupted ?? 0) };
}

/**
 * Runs one step. Alone in its stage its output streams as it comes; beside another chain it is kept
 * and printed whole when the step ends, so two steps' lines never interleave.
 */
function runStep(step, streamed) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${step.name}: ${step.cmd}`);
    const child = spawn(step.cmd, { shell: true, stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'], env: { ...process.env, ...step.env } });
    const output = [];
    child.stdout?.on('data', (data) => output.push(data));
    child.stderr?.on('data', (data) => output.push(data));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!streamed) {
        console.log(`\n--- ${step.name} (exit ${String(code)}, ${seconds}s)`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ step, code, seconds });
    });
  });
}

let passed = 0;
let failed = 0;
const timings = [];
/** Counts a finished step; false if it was not tests and failed, so nothing after it can run. */
function account({ step, code, seconds }) {
  timings.push(`${step.name} ${seconds}s`);
  const counts = step.counts?.();
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (code === 0) return true;
  if (!counts || counts.failed === 0) failed += 1; // the step itself failed (type error, lint, build, crash)
  console.log(`\n=== ${step.name} FAILED after ${seconds}s`);
  return Boolean(counts);
}

for (const chains of stages) {
  const started = Date.now();
  const streamed = chains.length === 1;
  const results = await Promise.all(
    chains.map(async (chain) => {
      for (const step of chain) if (!account(await runStep(step, streamed))) return false;
      return true;
    }),
  );
  if (!streamed) timings.push(`(those side by side: ${((Date.now() - started) / 1000).toFixed(1)}s)`);
  if (results.includes(false)) break;
}
console.log(`\n=== timings: ${timings.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
