/**
 * Debian's WebKitGTK (the engine of Safari that runs on Linux) driven by its WebDriver server,
 * WebKitWebDriver, over the classic W3C protocol: a few HTTP calls, so no client library. Its
 * MiniBrowser runs with mock cameras and microphones on the suite's Xvfb screen.
 */
import { spawn } from 'node:child_process';
import type { BrowserPage } from './browser-page';
import { freePort } from './preview';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

interface WebDriverAnswer {
  value: { error?: string; message?: string; sessionId?: string; [key: string]: unknown } | null;
}

export interface WebKitSession {
  page: BrowserPage;
  close(): Promise<void>;
}

export async function launchWebKit(env: NodeJS.ProcessEnv): Promise<WebKitSession> {
  const port = await freePort();
  // BROWSER_LOG=1 shows the browser's own log (GStreamer's among it: GST_DEBUG=2 in the env).
  const driver = spawn('WebKitWebDriver', [`--port=${String(port)}`], { env, stdio: process.env.BROWSER_LOG ? 'inherit' : 'ignore' });
  const base = `http://127.0.0.1:${String(port)}`;
  const send = async (method: string, path: string, body?: unknown): Promise<WebDriverAnswer['value']> => {
    const response = await fetch(`${base}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = (await response.json()) as WebDriverAnswer;
    if (answer.value?.error) throw new Error(`${answer.value.error}: ${answer.value.message ?? ''}`);
    return answer.value;
  };
  let created: WebDriverAnswer['value'] = null;
  for (let i = 0; i < 50 && !created; i += 1) {
    created = await send('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER,
            args: ['--automation', '--enable-mock-capture-devices=true', '--enable-media-stream=true', '--enable-webrtc=true'],
          },
          timeouts: { script: 60_000, pageLoad: 60_000 },
        },
      },
    }).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100)); // the driver is still starting
      return null;
    });
  }
  const id = created?.sessionId;
  if (typeof id !== 'string') throw new Error('WebKitWebDriver gave no session');
  const session = `/session/${id}`;
  const page: BrowserPage = {
    // WebDriver has no error events: see pageErrorsOf.
    errors: [],
    goto: async (url) => {
      await send('POST', `${session}/url`, { url });
      // WebDriver cannot listen before the page runs; errors are collected from here on.
      await send('POST', `${session}/execute/sync`, {
        script: `window.__pageErrors = []; addEventListener('error', (e) => window.__pageErrors.push(String(e.message))); addEventListener('unhandledrejection', (e) => window.__pageErrors.push(String(e.reason)));`,
        args: [],
      });
    },
    run: async (fn, ...args) => {
      const script = `const done = arguments[arguments.length - 1]; Promise.resolve().then(() => (${fn.toString()})(...Array.from(arguments).slice(0, -1))).then((v) => done({ ok: v === undefined ? null : v }), (e) => done({ error: String(e) }));`;
      const result = (await send('POST', `${session}/execute/async`, { script, args })) as { ok?: unknown; error?: string };
      if (result.error !== undefined) throw new Error(result.error);
      return result.ok as never;
    },
    click: async (selector) => {
      const found = await send('POST', `${session}/element`, { using: 'css selector', value: selector });
      const element = found ? Object.values(found)[0] : undefined;
      if (typeof element !== 'string') throw new Error(`No element ${selector}`);
      await send('POST', `${session}/element/${element}/click`, {});
    },
  };
  return {
    page,
    close: async () => {
      await send('DELETE', session).catch(() => undefined);
      driver.kill();
    },
  };
}

/** The errors WebKit's page reported since the last `goto` (WebDriver has no error events). */
export const pageErrorsOf = (page: BrowserPage): Promise<string[]> => page.run(() => (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? []);
