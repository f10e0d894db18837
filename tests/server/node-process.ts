/**
 * Signaling nodes as processes of their own (the server's real build, `node index.js`), for what only a
 * process can show: a node killed with SIGKILL, mid-room.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './redis-server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Inside node_modules, so the build finds the project's dependencies as the real one does.
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/framecast-signaling-test');

/** Builds the server once per test file (a few seconds). */
export function buildServer(): void {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'server/vite.config.ts', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}${build.stdout}`);
}

export interface NodeProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  kill(): Promise<void>;
}

export async function startNodeProcess(env: Record<string, string>): Promise<NodeProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(OUT_DIR, 'index.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node did not start: ${output}`)), 15_000);
    const check = () => {
      if (output.includes('signaling on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node exited ${String(code)}: ${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${String(port)}`,
    child,
    output: () => output,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
