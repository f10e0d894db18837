/**
 * A real Janus (Debian's package) on free loopback ports, with a config written for the test: the
 * VideoRoom plugin only, plain HTTP for the server's calls, the Admin API, and WebSockets for
 * browsers. Core requests need the API secret or a stored token (docs/sfu.md).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server-process';

export interface JanusProcess {
  /** Plain HTTP API, for the signaling server and the tests. */
  url: string;
  adminUrl: string;
  /** What browsers connect to. */
  wsUrl: string;
  /** Janus's api_secret and admin_secret, and the VideoRoom's admin_key. */
  secret: string;
  stop(): Promise<void>;
}

const LIBRARIES = '/usr/lib/x86_64-linux-gnu/janus';

// `janus -V` prints its version and exits with 1.
export const hasJanus = (): boolean => String(spawnSync('janus', ['-V']).stdout).includes('Janus version');

export async function startJanus(secret = 'janus-test-secret'): Promise<JanusProcess> {
  const [httpPort, adminPort, wsPort] = [await freePort(), await freePort(), await freePort()];
  const folder = mkdtempSync(join(tmpdir(), 'janus-'));
  const rtpStart = 40_000 + Math.floor(Math.random() * 20_000);
  writeFileSync(
    join(folder, 'janus.jcfg'),
    `general: {
  configs_folder = "${folder}"
  plugins_folder = "${LIBRARIES}/plugins"
  transports_folder = "${LIBRARIES}/transports"
  events_folder = "${LIBRARIES}/events"
  loggers_folder = "${LIBRARIES}/loggers"
  log_to_stdout = true
  debug_level = 4
  api_secret = "${secret}"
  admin_secret = "${secret}"
  token_auth = true
  session_timeout = 60
}
plugins: { disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so" }
transports: { disable = "libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so" }
events: { broadcast = false }
loggers: { disable = "libjanus_jsonlog.so" }
media: { rtp_port_range = "${String(rtpStart)}-${String(rtpStart + 999)}" }
nat: { ignore_mdns = true }
`,
  );
  writeFileSync(
    join(folder, 'janus.transport.http.jcfg'),
    `general: { base_path = "/janus" http = true port = ${String(httpPort)} ip = "127.0.0.1" https = false }
admin: { admin_base_path = "/admin" admin_http = true admin_port = ${String(adminPort)} admin_ip = "127.0.0.1" admin_https = false }
`,
  );
  writeFileSync(
    join(folder, 'janus.transport.websockets.jcfg'),
    `general: { ws = true ws_port = ${String(wsPort)} ws_ip = "127.0.0.1" wss = false }
admin: { admin_ws = false admin_wss = false }
`,
  );
  writeFileSync(join(folder, 'janus.plugin.videoroom.jcfg'), `general: { string_ids = true admin_key = "${secret}" }\n`);
  const child: ChildProcess = spawn('janus', ['--configs-folder', folder, '--config', join(folder, 'janus.jcfg')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  const url = `http://127.0.0.1:${String(httpPort)}/janus`;
  const adminUrl = `http://127.0.0.1:${String(adminPort)}/admin`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`janus exited with ${String(child.exitCode)}: ${output}`);
    if (['HTTP webserver started', 'Admin/monitor HTTP webserver started', 'Websockets server started'].every((line) => output.includes(line))) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`janus did not start within 20 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    adminUrl,
    wsUrl: `ws://127.0.0.1:${String(wsPort)}`,
    secret,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(folder, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) {
          done();
          return;
        }
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
