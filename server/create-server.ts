import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { MemoryRoomStore, type RoomStore } from './room-store';
import { MAX_MESSAGE_BYTES, SignalingNode } from './signaling-server';
import type { TurnConfig } from './turn-credentials';

export interface SignalingEnv {
  port: number;
  host: string;
  allowedOrigins: string[] | null;
  turn: TurnConfig | null;
}

/** Reads the server's settings from environment variables (see server/index.ts). */
export function readSignalingEnv(env: Record<string, string | undefined>): SignalingEnv {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const origins = list(env.ALLOWED_ORIGINS);
  const turnUrls = list(env.TURN_URLS);
  return {
    port: Number(env.PORT ?? 3001),
    host: env.HOST ?? '127.0.0.1',
    allowedOrigins: origins.length > 0 ? origins : null,
    turn: turnUrls.length > 0 && env.TURN_SECRET ? { urls: turnUrls, secret: env.TURN_SECRET, ttlSeconds: 12 * 3600 } : null,
  };
}

export interface SignalingServer {
  io: Server;
  node: SignalingNode;
  store: RoomStore;
  close(): Promise<void>;
}

/** socket.io on `httpServer` at /socket.io, carrying the room protocol. */
export function createSignalingServer(
  httpServer: HttpServer,
  env: Pick<SignalingEnv, 'allowedOrigins' | 'turn'>,
  options: { store?: RoomStore; resumeGraceMs?: number } = {},
): SignalingServer {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, !env.allowedOrigins || (typeof origin === 'string' && env.allowedOrigins.includes(origin)));
    },
  });
  const store = options.store ?? new MemoryRoomStore();
  const node = new SignalingNode(io, { store, turn: env.turn, ...(options.resumeGraceMs ? { resumeGraceMs: options.resumeGraceMs } : {}) });
  return {
    io,
    node,
    store,
    close: async () => {
      node.close();
      await io.close();
      await store.close();
    },
  };
}
