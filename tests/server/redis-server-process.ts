/** A real redis-server (Debian's package) on a free loopback port, started and stopped by the test. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RedisProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** SIGKILL: what a crash or an out-of-memory kill does. */
  kill(): Promise<void>;
}

export interface RedisOptions {
  /** Listen here (a restart on the same port, for the clients to reconnect to). */
  port?: number;
  /** Keep data in this folder with an append-only file written at every change (the README's advice). */
  dataDir?: string;
}

export const hasRedisServer = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startRedis(options: RedisOptions = {}): Promise<RedisProcess> {
  const port = options.port ?? (await freePort());
  const persistence = options.dataDir ? ['--dir', options.dataDir, '--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}: ${output}`));
    });
  });
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url: `redis://127.0.0.1:${String(port)}`, port, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
