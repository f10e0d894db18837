#!/usr/bin/env node
// Signaling benchmark (not a test): two signaling nodes sharing one Redis, each its own process, with
// load from processes of their own. Prints memory per idle connection and per idle room, join latency
// for 500 rooms of 4, relay capacity (the highest offered rate whose delivery lag stays under 1 s), and
// a legitimate join's latency on a node while one attacker floods it.
//
//   npm run bench:signaling          (ROOMS=500 and SECONDS=5 change the sizes)
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { connect as connectFrom, join, percentile, userAddress } from './bench/signaling-client.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROOMS = Number(process.env.ROOMS ?? 500);
const PER_ROOM = 4;
const STEP_SECONDS = Number(process.env.SECONDS ?? 5);
const IDLE_CONNECTIONS = 1000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function waitForLine(child, pattern, stream = child.stdout) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}: ${output}`)), 15_000);
    stream.on('data', (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

const rssBytes = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/**
 * A node's memory after a full garbage collection, read through its inspector: what the rooms really
 * keep, where RSS also counts garbage not yet collected and heap space V8 has not handed back.
 */
async function retainedBytes(inspectorUrl) {
  const ws = new WebSocket(inspectorUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let nextId = 0;
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++nextId;
      const onMessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id !== id) return;
        ws.removeEventListener('message', onMessage);
        resolve(message.result);
      };
      ws.addEventListener('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const result = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  ws.close();
  const usage = JSON.parse(result.result.value);
  return usage.heapUsed + usage.external;
}

function redisUsedMemory(port) {
  const info = spawnSync('redis-cli', ['-p', String(port), 'INFO', 'memory'], { encoding: 'utf8' }).stdout;
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
}

let users = 0;
/** Each new connection from the next of 50 user addresses, as many people would come. */
const connect = (url) => connectFrom(url, userAddress(users++));

/** A child process's JSON lines, once it exits. */
function jsonLines(child) {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${child.spawnargs.join(' ')} exited ${code}`));
      else resolve(output.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)));
    });
  });
}

/** `count` joins one after another on `url`, each a new user in a new room: their latencies, sorted. */
async function joinLatencies(url, count, label) {
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const socket = await connect(url);
    const started = performance.now();
    const ack = await join(socket, `${label}-${i}`, 'Legit');
    latencies.push(performance.now() - started);
    if (!ack.success) throw new Error(`legitimate join refused: ${ack.error}`);
    socket.emit('leave-room', { roomId: `${label}-${i}` });
    socket.close();
    await sleep(50);
  }
  return latencies.sort((a, b) => a - b);
}

/** A room of PER_ROOM participants alternating between the nodes (so it spans both), all admitted by the host. */
async function fillRoom(nodes, roomId, joinWith = join) {
  const sockets = await Promise.all(Array.from({ length: PER_ROOM }, (_, i) => connect(nodes[i % 2].url)));
  const hostAck = await joinWith(sockets[0], roomId, 'Host');
  if (!hostAck.success) throw new Error(`join refused: ${hostAck.error}`);
  const members = [{ socket: sockets[0], id: hostAck.selfId }];
  for (let i = 1; i < PER_ROOM; i++) {
    const ack = await joinWith(sockets[i], roomId, `Guest ${i}`);
    if (!ack.success) throw new Error(`join refused: ${ack.error}`);
    await sockets[0].timeout(10_000).emitWithAck('approve-guest', { roomId, guestId: ack.selfId });
    members.push({ socket: sockets[i], id: ack.selfId });
  }
  return { roomId, members };
}

const children = [];
try {
  const build = spawnSync('npm', ['run', '-s', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build:server failed');
  const redisPort = await freePort();
  const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(redis);
  await waitForLine(redis, /Ready to accept connections/);

  const nodes = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', path.join(ROOT, 'dist-server/index.js')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: `redis://127.0.0.1:${redisPort}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const [, inspector] = await waitForLine(child, /Debugger listening on (ws:\S+)/, child.stderr);
    await waitForLine(child, /signaling on/);
    nodes.push({ url: `http://127.0.0.1:${port}`, pid: child.pid, inspector });
  }
  // Warm-up: a few rooms join and leave first, so the code paths are compiled before the baseline and
  // the figure below is what idle rooms keep, not the one-time cost of the JIT's first pass.
  for (let w = 0; w < 25; w++) {
    const { roomId, members } = await fillRoom(nodes, `warm-${w}`);
    for (const { socket } of members.reverse()) {
      socket.emit('leave-room', { roomId });
      socket.disconnect();
    }
  }
  await sleep(1000);

  // Idle connections, in no room: what a node keeps per open socket.
  const beforeIdle = await Promise.all(nodes.map((n) => retainedBytes(n.inspector)));
  const idle = [];
  for (let i = 0; i < IDLE_CONNECTIONS; i += 50) idle.push(...(await Promise.all(Array.from({ length: 50 }, (_, k) => connect(nodes[(i + k) % 2].url)))));
  await sleep(1000);
  const afterIdle = await Promise.all(nodes.map((n) => retainedBytes(n.inspector)));
  const perConnection = afterIdle.reduce((s, v, i) => s + v - beforeIdle[i], 0) / IDLE_CONNECTIONS;
  for (const socket of idle) socket.close();
  await sleep(1000);

  const before = { rss: nodes.map((n) => rssBytes(n.pid)), retained: await Promise.all(nodes.map((n) => retainedBytes(n.inspector))), redis: redisUsedMemory(redisPort) };

  // 500 rooms of 4: participants alternate between the nodes, so every room spans both.
  console.log(`joining ${ROOMS} rooms of ${PER_ROOM} across 2 nodes…`);
  const latencies = [];
  const rooms = [];
  const timedJoin = async (socket, roomId, name) => {
    const started = performance.now();
    const ack = await join(socket, roomId, name);
    latencies.push(performance.now() - started);
    return ack;
  };
  const BATCH = 25;
  for (let start = 0; start < ROOMS; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, ROOMS - start) }, (_, offset) => fillRoom(nodes, `bench-${start + offset}`, timedJoin));
    rooms.push(...(await Promise.all(batch)));
  }
  latencies.sort((a, b) => a - b);
  // Idle: nothing sent for a few seconds, long enough for a node to drop its short-lived cache of the room.
  await sleep(6000);
  const after = { rss: nodes.map((n) => rssBytes(n.pid)), retained: await Promise.all(nodes.map((n) => retainedBytes(n.inspector))), redis: redisUsedMemory(redisPort) };

  // Relay capacity: load from a process of its own, stepping up until delivery lags.
  console.log(`relaying negotiation messages (${STEP_SECONDS} s per step)…`);
  const relaySteps = await jsonLines(
    spawn(process.execPath, [path.join(ROOT, 'scripts/bench/signaling-relay-load.mjs'), nodes[0].url, nodes[1].url, '200', String(STEP_SECONDS)], { stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const keptUp = relaySteps.filter((step) => step.lagP99 !== null && step.lagP99 < 1000 && step.delivered > 0.95);
  const capacity = keptUp.at(-1);

  // A flood: one attacker (another process, another address) floods node 1 while someone joins there.
  console.log('joining while one attacker floods the node…');
  const calm = await joinLatencies(nodes[0].url, 60, 'calm');
  const flooder = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/signaling-flood.mjs'), nodes[0].url, '12', '20'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const flood = jsonLines(flooder);
  await sleep(1000);
  const flooded = await joinLatencies(nodes[0].url, 100, 'flooded');
  const [attack] = await flood;

  const idleGrowth = after.rss.reduce((s, v, i) => s + v - before.rss[i], 0);
  const retainedGrowth = after.retained.reduce((s, v, i) => s + v - before.retained[i], 0);
  const redisGrowth = after.redis - before.redis;
  console.log('\nSignaling, 2 nodes + Redis, all on this machine');
  console.log(`join latency (${latencies.length} joins, ${ROOMS} rooms of ${PER_ROOM}): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`);
  console.log('relayed negotiation (200 rooms of 4 across both nodes; load from its own process):');
  for (const step of relaySteps) {
    console.log(
      `  offered ${step.offeredPerSecond}/s: sent ${step.sentPerSecond}/s, delivered ${step.deliveredPerSecond}/s (${(step.delivered * 100).toFixed(1)}%), lag p50 ${step.lagP50} ms, p99 ${step.lagP99} ms; load process used ${(step.loadProcessCpu * 100).toFixed(0)}% of a core`,
    );
  }
  console.log(`relay capacity (delivery lag p99 under 1 s): ${capacity ? `${capacity.deliveredPerSecond} messages/s` : 'below the first step'}`);
  console.log(`memory per idle connection (in no room): ${(perConnection / 1024).toFixed(1)} KB kept after garbage collection, both nodes' heap and buffers`);
  const ms = (list, p) => percentile(list, p).toFixed(1);
  console.log(`legitimate join on node 1, calm (${calm.length} joins): p50 ${ms(calm, 50)} ms, p99 ${ms(calm, 99)} ms`);
  console.log(
    `legitimate join on node 1 while one attacker floods it (${flooded.length} joins): p50 ${ms(flooded, 50)} ms, p99 ${ms(flooded, 99)} ms, max ${flooded.at(-1).toFixed(1)} ms (target p99 ≤ 200 ms)`,
  );
  console.log(
    `  the attacker sent ${attack.sent} messages (${attack.perSecond}/s offered) from 20 connections; the node closed ${attack.closed} of them after their warning and refused ${attack.refusedConnections} reconnections`,
  );
  const kb = (bytes) => (bytes / ROOMS / 1024).toFixed(1);
  console.log(`memory per idle room (4 connected participants): ${kb(retainedGrowth + redisGrowth)} KB kept after garbage collection (node heap and buffers ${kb(retainedGrowth)} KB, Redis ${kb(redisGrowth)} KB); node RSS grew ${kb(idleGrowth)} KB per room`);
  for (const room of rooms) for (const member of room.members) member.socket.disconnect();
  if (percentile(flooded, 99) > 200) process.exitCode = 1;
} finally {
  // Nodes first, then Redis.
  for (const child of children.reverse()) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(3000)]);
  }
}
process.exit(process.exitCode ?? 0);
