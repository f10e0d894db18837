#!/usr/bin/env node
// The relay load for the signaling benchmark, in a process of its own: ROOMS rooms of 4 spanning the
// two nodes; then, step by step, more rooms' members each send 40 negotiation messages a second to the
// next member (always on the other node). Each message carries its send time, so the receiver measures
// delivery lag. Prints one JSON line per step.
import { connect, join, percentile, sleep, userAddress } from './signaling-client.mjs';

const [urlOne, urlTwo, roomsArg = '200', stepSeconds = '4'] = process.argv.slice(2);
const nodes = [urlOne, urlTwo];
const ROOMS = Number(roomsArg);
const PER_ROOM = 4;
const PER_MEMBER_PER_SECOND = 40;

let lags = [];
let received = 0;
let counter = 0;

async function fillRoom(r) {
  const members = [];
  for (let i = 0; i < PER_ROOM; i++) {
    const socket = await connect(nodes[i % 2], userAddress(counter++));
    const ack = await join(socket, `relay-${r}`, i === 0 ? 'Host' : `Guest ${i}`);
    if (!ack.success) throw new Error(`join refused: ${ack.error}`);
    if (i > 0) await members[0].socket.timeout(10_000).emitWithAck('approve-guest', { roomId: `relay-${r}`, guestId: ack.selfId });
    socket.on('signaling-message', (signal) => {
      received += 1;
      lags.push(Date.now() - Number(signal.data.connectionId));
    });
    members.push({ socket, id: ack.selfId });
  }
  return { roomId: `relay-${r}`, members };
}

const rooms = [];
for (let start = 0; start < ROOMS; start += 20) rooms.push(...(await Promise.all(Array.from({ length: Math.min(20, ROOMS - start) }, (_, k) => fillRoom(start + k)))));
await sleep(1000);

for (const sending of [10, 25, 50, 100, 200].filter((n) => n <= ROOMS)) {
  lags = [];
  received = 0;
  let sent = 0;
  const cpuBefore = process.cpuUsage();
  const timers = [];
  for (const room of rooms.slice(0, sending)) {
    room.members.forEach((member, i) => {
      const to = room.members[(i + 1) % room.members.length].id;
      timers.push(
        setInterval(() => {
          member.socket.emit('signaling-message', { type: 'ice-candidate', data: { connectionId: String(Date.now()), candidate: null }, from: member.id, to, roomId: room.roomId });
          sent += 1;
        }, 1000 / PER_MEMBER_PER_SECOND),
      );
    });
  }
  const started = Date.now();
  await sleep(Number(stepSeconds) * 1000);
  timers.forEach(clearInterval);
  const elapsed = (Date.now() - started) / 1000;
  // Whatever is still on its way counts too, with its lag.
  await sleep(3000);
  const cpu = process.cpuUsage(cpuBefore);
  lags.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      offeredPerSecond: Math.round((sending * PER_ROOM * PER_MEMBER_PER_SECOND)),
      sentPerSecond: Math.round(sent / elapsed),
      deliveredPerSecond: Math.round(received / elapsed),
      delivered: received / Math.max(1, sent),
      lagP50: lags.length ? percentile(lags, 50) : null,
      lagP99: lags.length ? percentile(lags, 99) : null,
      loadProcessCpu: (cpu.user + cpu.system) / 1e6 / (elapsed + 3),
    }),
  );
}
for (const room of rooms) for (const member of room.members) member.socket.close();
process.exit(0);
