/** A real signaling server on a free loopback port, and real socket.io clients talking to it. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { AddressCaps } from '../../server/connection-limits';
import { createSignalingServer, type SignalingServer } from '../../server/create-server';
import type { SignalingOptions } from '../../server/signaling-server';
import type { MediaServerConfig } from '../../server/sfu/media-server';
import type { TurnConfig } from '../../server/turn-credentials';

/** A join's acknowledgement, as the tests read it. */
export interface JoinAck {
  success: boolean;
  error?: string;
  selfId?: string;
  hostId?: string;
  isHost?: boolean;
  pending?: boolean;
  participants?: { id: string; name: string }[];
  resumeToken?: string;
  iceServers?: { urls: string[]; username: string; credential: string }[];
  mediaServer?: boolean;
}

export interface Harness {
  url: string;
  server: SignalingServer;
  clients: Socket[];
  /** What the server logged (failures, with their context). */
  logged: string[];
  /** A connected client; `auth` goes in its handshake (a resume attempt). */
  client(auth?: Record<string, unknown>, beforeConnect?: (socket: Socket) => void): Promise<Socket>;
  close(): Promise<void>;
}

export interface HarnessOptions extends Omit<SignalingOptions, 'store' | 'turn' | 'caps' | 'log' | 'mediaServers'> {
  turn?: TurnConfig;
  /** One media server, or several that rooms are spread over. */
  mediaServer?: MediaServerConfig | MediaServerConfig[];
  redisUrl?: string;
  caps?: AddressCaps;
  /** Listen on this port (0: a free one). */
  port?: number;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const http = createServer();
  const { turn, redisUrl, caps, port, mediaServer, trustProxy, ...nodeOptions } = options;
  const logged: string[] = [];
  const server = await createSignalingServer(
    http,
    { allowedOrigins: null, turn: turn ?? null, redisUrl: redisUrl ?? null, ...(caps ? { caps } : {}), ...(trustProxy ? { trustProxy } : {}), ...(mediaServer ? { mediaServers: Array.isArray(mediaServer) ? mediaServer : [mediaServer] } : {}) },
    { sweepMs: 50, ...nodeOptions, log: (context, error) => logged.push(`${context}: ${error instanceof Error ? error.message : String(error)}`) },
  );
  await new Promise<void>((resolve) => http.listen(port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((http.address() as AddressInfo).port)}`;
  const clients: Socket[] = [];
  return {
    url,
    server,
    clients,
    logged,
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
      await new Promise((resolve) => http.close(resolve));
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
