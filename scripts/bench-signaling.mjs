#!/usr/bin/env node
// Signaling benchmark (not a test): two signaling nodes sharing one Redis, each its own process, and
// simulated participants (socket.io-client) split across them. Prints join latency for 500 rooms of
// 4, relayed negotiation messages per second, and server memory per idle room.
//
//   npm run bench:signaling          (ROOMS=500 and SECONDS=5 change the sizes)
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { io } from 'socket.io-client';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROOMS = Number(process.env.ROOMS ?? 500);
const PER_ROOM = 4;
const BLAST_SECONDS = Number(process.env.SECONDS ?? 5);

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

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function connect(url) {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const join = (socket, roomId, name) => socket.timeout(10_000).emitWithAck('join-room', { roomId, participantName: name });

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

  // Negotiation traffic: in the first SENDING_ROOMS rooms, each member sends to the next one (across
  // nodes), 40 a second each (under the 60/s per-connection limit): 8,000 messages a second offered
  // from 200 connections, for a few seconds.
  const SENDING_ROOMS = Math.min(rooms.length, 50);
  let received = 0;
  for (const room of rooms) for (const member of room.members) member.socket.on('signaling-message', () => (received += 1));
  console.log(`relaying negotiation messages for ${BLAST_SECONDS} s…`);
  const blastStart = performance.now();
  let sent = 0;
  const timers = [];
  for (const room of rooms.slice(0, SENDING_ROOMS)) {
    room.members.forEach((member, i) => {
      const to = room.members[(i + 1) % room.members.length].id;
      const message = { type: 'ice-candidate', data: { connectionId: 'bench', candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 } }, from: member.id, to, roomId: room.roomId };
      timers.push(setInterval(() => {
        member.socket.emit('signaling-message', message);
        sent += 1;
      }, 25));
    });
  }
  await sleep(BLAST_SECONDS * 1000);
  timers.forEach(clearInterval);
  const blastSeconds = (performance.now() - blastStart) / 1000;
  await sleep(1000);
  const perSecond = received / blastSeconds;

  const idleGrowth = after.rss.reduce((s, v, i) => s + v - before.rss[i], 0);
  const retainedGrowth = after.retained.reduce((s, v, i) => s + v - before.retained[i], 0);
  const redisGrowth = after.redis - before.redis;
  console.log('\nSignaling, 2 nodes + Redis, all on this machine');
  console.log(`join latency (${latencies.length} joins, ${ROOMS} rooms of ${PER_ROOM}): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`);
  console.log(`relayed negotiation: ${perSecond.toFixed(0)} messages/s received (${sent} sent, ${received} received in ${blastSeconds.toFixed(1)} s)`);
  const kb = (bytes) => (bytes / ROOMS / 1024).toFixed(1);
  console.log(`memory per idle room (4 connected participants): ${kb(retainedGrowth + redisGrowth)} KB kept after garbage collection (node heap and buffers ${kb(retainedGrowth)} KB, Redis ${kb(redisGrowth)} KB); node RSS grew ${kb(idleGrowth)} KB per room`);
  for (const room of rooms) for (const member of room.members) member.socket.disconnect();
} finally {
  // Nodes first, then Redis.
  for (const child of children.reverse()) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(3000)]);
  }
}
process.exit(0);
