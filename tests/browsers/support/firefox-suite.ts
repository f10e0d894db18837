/**
 * One Firefox for a test file: its own display and sound server, its own app server on a free port,
 * and a work folder for the files it checks, so several files run side by side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startDesktop, type Desktop } from './display';
import { launchFirefox, type FirefoxSession } from './firefox';
import { startPreview, type Preview } from './preview';
import { untilServiceWorkerControls } from './shared-checks';

export interface FirefoxSuite {
  readonly desktop: Desktop;
  readonly preview: Preview;
  readonly firefox: FirefoxSession;
  readonly workDir: string;
}

/** Starts the suite before the file's tests and stops it after; read its fields inside tests. */
export function useFirefoxSuite(name: string): FirefoxSuite {
  const workDir = mkdtempSync(join(tmpdir(), `framecast-${name}-`));
  let desktop: Desktop | undefined;
  let preview: Preview | undefined;
  let firefox: FirefoxSession | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The Firefox suite has not started');
    return value;
  };

  beforeAll(async () => {
    desktop = await startDesktop();
    preview = await startPreview();
    firefox = await launchFirefox(desktop.env);
    // As a returning visitor: Firefox reports the lazy chunks a page is loading at the moment the
    // first-installed service worker takes control as failed loads (docs/browsers.md).
    await untilServiceWorkerControls(firefox.page, `${preview.url}/`);
  });

  // Each test answers for the page errors of its own steps only.
  beforeEach(() => {
    firefox?.page.errors.splice(0);
  });

  afterAll(async () => {
    await firefox?.browser.close().catch(() => undefined);
    await preview?.stop();
    await desktop?.stop();
    if (!process.env.KEEP_FILES) rmSync(workDir, { recursive: true, force: true });
  });

  return {
    get desktop() {
      return started(desktop);
    },
    get preview() {
      return started(preview);
    },
    get firefox() {
      return started(firefox);
    },
    workDir,
  };
}
