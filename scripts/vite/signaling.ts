import type { Server as HttpServer } from 'node:http';
import type { Plugin } from 'vite';
import { createSignalingServer, readSignalingEnv } from '../../server/create-server.ts';

/**
 * Serves the signaling server beside the app in `vite preview` (so `npm run serve`), on the same
 * origin at /socket.io: rooms between computers work out of the box, with nothing else to run.
 */
export function signaling(): Plugin {
  return {
    name: 'framecast-signaling',
    configurePreviewServer(server) {
      const env = readSignalingEnv(process.env);
      createSignalingServer(server.httpServer as HttpServer, env);
    },
  };
}
