/** The built app served by `vite preview` (its headers, CSP included), on a free loopback port. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export interface Preview {
  url: string;
  stop(): Promise<void>;
}

export async function startPreview(): Promise<Preview> {
  const port = await freePort();
  const child = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.resume();
  child.stderr.resume();
  const url = `http://127.0.0.1:${String(port)}`;
  for (let i = 0; i < 300; i += 1) {
    const up = await fetch(`${url}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
