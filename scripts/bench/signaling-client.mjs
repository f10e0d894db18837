// Shared by the signaling benchmark's processes: a socket.io client from a chosen loopback address
// (so one process can stand for many users, or for one attacker, as the server's per-address caps see it).
import { io } from 'socket.io-client';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function connect(url, localAddress = '127.0.0.1') {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, localAddress });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const join = (socket, roomId, name) => socket.timeout(10_000).emitWithAck('join-room', { roomId, participantName: name });

/** Legitimate users come from 127.0.1.1 to 127.0.1.50, a few connections each. */
export const userAddress = (i) => `127.0.1.${(i % 50) + 1}`;

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
