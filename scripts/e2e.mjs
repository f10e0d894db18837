#!/usr/bin/env node
// The end-to-end tests as the gate runs them: the projects that share the machine in one Playwright
// run, two tests at a time, then the `-timing` projects in a run of their own, one test at a time
// (docs/architecture.md, Tests and the gate). Arguments go to both runs (a file, -g, --trace on). The
// second run happens whatever the first found, and the exit code fails if either failed.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * The two runs, each a list of Playwright arguments; scripts/gate.mjs runs the same. Each writes its
 * failures' context to a folder of its own: Playwright empties its output folder as a run begins, and
 * the second run emptied what the first had left of a failure.
 */
export const E2E_RUNS = {
  shared: ['--project=pages', '--project=recording', '--project=room', '--output=test-results/shared'],
  timing: ['--project=recording-timing', '--project=room-timing', '--workers=1', '--output=test-results/timing'],
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  let failed = false;
  for (const run of Object.values(E2E_RUNS)) {
    // A file or -g given may match tests of one run only: the other then has nothing to do.
    const { status } = spawnSync('npx', ['playwright', 'test', ...run, '--pass-with-no-tests', ...args], { stdio: 'inherit' });
    if (status !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
