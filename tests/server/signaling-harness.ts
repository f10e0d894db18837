/** A real signaling server on a free loopback port, and real socket.io clients talking to it. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { createSignalingServer, type SignalingServer } from '../../server/create-server';
import type { TurnConfig } from '../../server/turn-credentials';

export interface Harness {
  url: string;
  server: SignalingServer;
  clients: Socket[];
  /** A connected client; `auth` goes in its handshake (a resume attempt). */
  client(auth?: Record<string, unknown>, beforeConnect?: (socket: Socket) => void): Promise<Socket>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  turn?: TurnConfig;
  resumeGraceMs?: number;
  redisUrl?: string;
  /** Listen on this port (0: a free one). */
  port?: number;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const http = createServer();
  const server = await createSignalingServer(
    http,
    { allowedOrigins: null, turn: options.turn ?? null, redisUrl: options.redisUrl ?? null },
    { ...(options.resumeGraceMs ? { resumeGraceMs: options.resumeGraceMs } : {}) },
  );
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((http.address() as AddressInfo).port)}`;
  const clients: Socket[] = [];
  return {
    url,
    server,
    clients,
    async client(auth?: Record<string, unknown>, beforeConnect?: (socket: Socket) => void) {
      const socket = connect(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, ...(auth ? { auth } : {}) });
      beforeConnect?.(socket);
      clients.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async close() {
      for (const socket of clients) socket.disconnect();
      await server.close();
    },
  };
}

/** Every event a client receives, in order, to assert what did and did not reach it. */
export function record(socket: Socket): { event: string; payload: unknown }[] {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

/** Resolves with the next `event` the client receives. */
export function next<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${String(ms)} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

export const ask = <T = Record<string, unknown>>(socket: Socket, event: string, payload: unknown): Promise<T> =>
  socket.timeout(3000).emitWithAck(event, payload) as Promise<T>;

export const settle = (ms = 150): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
