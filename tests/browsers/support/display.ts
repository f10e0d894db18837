/**
 * What a desktop browser needs here and the test machine lacks: a screen (Xvfb, which Firefox also
 * shares as its "screen" for getDisplayMedia) and a sound server (a PulseAudio null sink: without
 * one, an AudioContext never leaves "suspended" and a recording has no sound). Both are started
 * for the suite, on a free display number and a private runtime directory, and stopped after it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Desktop {
  /** Environment for a browser process: DISPLAY and XDG_RUNTIME_DIR. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      reject(new Error(`${what} did not start: ${seen}`));
    }, 15_000);
    const onData = (data: Buffer) => {
      seen += data.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${String(code)}): ${seen}`));
    });
  });
}

export async function startDesktop(): Promise<Desktop> {
  // -displayfd writes the display number it chose to the given descriptor (stdout here).
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const display = await waitForLine(xvfb, /^(\d+)\n/m, 'Xvfb');
  const runtimeDir = mkdtempSync(join(tmpdir(), 'framecast-pulse-'));
  const pulseEnv = { ...process.env, XDG_RUNTIME_DIR: runtimeDir, HOME: runtimeDir };
  const pulse = spawn('pulseaudio', ['-n', '--daemonize=no', '--exit-idle-time=-1', '--load=module-null-sink sink_name=null', '--load=module-native-protocol-unix', '--log-target=stderr'], {
    env: pulseEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pulse.stderr.resume();
  // The socket appears once the server accepts clients.
  const socket = join(runtimeDir, 'pulse', 'native');
  const { existsSync } = await import('node:fs');
  for (let i = 0; i < 100 && !existsSync(socket); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    env: { ...process.env, DISPLAY: `:${display}`, XDG_RUNTIME_DIR: runtimeDir },
    stop: async () => {
      for (const child of [pulse, xvfb]) {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
      }
      rmSync(runtimeDir, { recursive: true, force: true });
    },
  };
}
