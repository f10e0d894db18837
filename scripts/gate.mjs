#!/usr/bin/env node
// The one gate: typecheck and lint (side by side: each keeps one core busy), unit tests, production
// build, the Firefox and WebKit suite, end-to-end tests, in order. A failing test step does not
// stop the gate (every test it can run is reported); a step that is not tests (types, lint, build)
// does, since nothing after it can run. Always ends with "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const outDir = '.gate';
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const steps = [
  { name: 'typecheck and lint', parallel: ['npm run -s typecheck', 'npm run -s lint'] },
  { name: 'unit tests', cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${outDir}/vitest.json`, counts: () => vitestCounts(`${outDir}/vitest.json`) },
  { name: 'build', cmd: 'npm run -s build' },
  { name: 'fixtures', cmd: 'bash scripts/make-fixtures.sh' },
  {
    name: 'Firefox and WebKit',
    cmd: `npx vitest run --config tests/browsers/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${outDir}/browsers.json`,
    counts: () => vitestCounts(`${outDir}/browsers.json`),
  },
  // One step per Playwright project, run one after another as the projects' dependencies would, but
  // without them: a failure in one project would otherwise skip every test of the projects after it.
  ...['pages', 'recording', 'recording-timing', 'room', 'room-timing'].map((project) => ({
    name: `end-to-end tests (${project})`,
    cmd: `npx playwright test --project=${project} --no-deps`,
    env: { PW_JSON_OUTPUT: `${outDir}/playwright-${project}.json` },
    counts: () => playwrightCounts(`${outDir}/playwright-${project}.json`),
  })),
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

/** Runs commands at once, printing each one's output whole when it ends; fails if any fails. */
async function runSideBySide(cmds) {
  const statuses = await Promise.all(
    cmds.map(
      (cmd) =>
        new Promise((resolve) => {
          const child = spawn(cmd, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (data) => output.push(data));
          child.stderr.on('data', (data) => output.push(data));
          child.on('close', (code) => {
            console.log(`--- ${cmd} (exit ${String(code)})`);
            process.stdout.write(Buffer.concat(output));
            resolve(code);
          });
        }),
    ),
  );
  return { status: statuses.every((code) => code === 0) ? 0 : 1 };
}

let passed = 0;
let failed = 0;
const timings = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.cmd ?? step.parallel.join(' & ')}`);
  const result = step.parallel ? await runSideBySide(step.parallel) : spawnSync(step.cmd, { shell: true, stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${step.name} ${seconds}s`);
  const counts = step.counts?.();
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (result.status !== 0) {
    if (!counts || counts.failed === 0) failed += 1; // the step itself failed (type error, lint, build, crash)
    console.log(`\n=== ${step.name} FAILED after ${seconds}s`);
    if (!counts) break;
  }
}
console.log(`\n=== timings: ${timings.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
