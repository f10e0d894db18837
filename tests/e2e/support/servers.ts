/**
 * Real servers an end-to-end test starts on free loopback ports and stops afterwards: app nodes (as
 * `npm run serve` runs them: the app and its signaling server on one origin) and coturn (Debian's
 * `turnserver`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../server/redis-server-process';

export { freePort };
export { startRedis } from '../../server/redis-server-process';
export { startJanus } from '../../server/janus-process';

export interface ServerProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Starts `command` and resolves once a line of its output matches `ready`. */
function startProcess(command: string, args: string[], env: Record<string, string>, ready: RegExp, name: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within 15 s:\n${output}`));
    }, 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${String(code)}:\n${output}`));
    });
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * One app node on `port` (a free one unless given), as `npm run serve` runs it: the built app and
 * its signaling server on one origin, configured by `env` (REDIS_URL, TURN_URLS…). Pages loaded from
 * it reach its signaling server as their own origin, which the app's Content-Security-Policy allows.
 */
export async function startAppNode(env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = await startProcess(
    'node',
    ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(chosen), '--strictPort'],
    env,
    /Local[^\n]*http:\/\/127\.0\.0\.1/,
    'app node',
  );
  return { url: `http://127.0.0.1:${String(chosen)}`, port: chosen, stop: stopper(child) };
}

export interface TurnProcess extends ServerProcess {
  secret: string;
}

/** coturn with the REST-API shared secret (`use-auth-secret`), relaying on loopback only. */
export async function startTurn(): Promise<TurnProcess> {
  const port = await freePort();
  const relayFrom = 49_152 + Math.floor(Math.random() * 10_000);
  const secret = `test-${Math.random().toString(36).slice(2)}`;
  const child = await startProcess(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      `--listening-port=${String(port)}`,
      '--relay-ip=127.0.0.1',
      `--min-port=${String(relayFrom)}`,
      `--max-port=${String(relayFrom + 200)}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=framecast.test',
      '--allow-loopback-peers',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--log-file=stdout',
      '--simple-log',
      `--pidfile=/tmp/framecast-turn-${String(port)}.pid`,
    ],
    {},
    /Total General servers/,
    'turnserver',
  );
  return { url: `turn:127.0.0.1:${String(port)}?transport=udp`, port, secret, stop: stopper(child) };
}
