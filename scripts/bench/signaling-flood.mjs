#!/usr/bin/env node
// One attacker's process for the signaling benchmark: SOCKETS connections from one address, each in a
// room of its own, sending negotiation messages as fast as socket.io takes them and reconnecting
// whenever the node closes it, for SECONDS. Prints what it managed as one JSON line.
import { connect, join, sleep } from './signaling-client.mjs';

const [url, seconds = '10', sockets = '20'] = process.argv.slice(2);
const ADDRESS = '127.0.0.2';
const until = Date.now() + Number(seconds) * 1000;
const totals = { sent: 0, closed: 0, refusedConnections: 0, warned: 0 };

async function attacker(n) {
  while (Date.now() < until) {
    let socket;
    try {
      socket = await connect(url, ADDRESS);
    } catch {
      totals.refusedConnections += 1;
      await sleep(50);
      continue;
    }
    const roomId = `flood-${n}-${Date.now()}`;
    const ack = await join(socket, roomId, 'Flood').catch(() => null);
    const selfId = ack?.selfId ?? 'x';
    socket.on('error', () => (totals.warned += 1));
    const message = { type: 'ice-candidate', data: { connectionId: 'flood', candidate: null }, from: selfId, to: 'nobody', roomId };
    while (socket.connected && Date.now() < until) {
      for (let i = 0; i < 200; i++) socket.emit('signaling-message', message);
      totals.sent += 200;
      await new Promise((r) => setImmediate(r));
    }
    if (!socket.connected) totals.closed += 1;
    socket.close();
  }
}

await Promise.all(Array.from({ length: Number(sockets) }, (_, n) => attacker(n)));
console.log(JSON.stringify({ ...totals, perSecond: Math.round(totals.sent / Number(seconds)) }));
process.exit(0);
