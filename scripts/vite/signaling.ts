import { existsSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as SignalingFactory from '../../server/create-server';

/**
 * Serves the signaling server beside the app in `vite preview` (so `npm run serve`), on the same
 * origin at /socket.io (and its health at /healthz): rooms between computers work out of the box, with nothing else to run. It
 * loads the server's own build (dist-server, made by `npm run build`), so the app's Vite config never
 * bundles server code.
 */
export function signaling(): Plugin {
  return {
    name: 'framecast-signaling',
    async configurePreviewServer(server) {
      const entry = path.resolve(server.config.root, 'dist-server/create-server.js');
      if (!existsSync(entry)) {
        server.config.logger.warn('No dist-server build: serving the app without the signaling server (run npm run build).');
        return;
      }
      const factory = (await import(pathToFileURL(entry).href)) as typeof SignalingFactory;
      factory.keepProcessAlive();
      const signaling = await factory.createSignalingServer(server.httpServer as HttpServer, factory.readSignalingEnv(process.env));
      server.middlewares.use((request, response, next) => {
        if (!factory.answerHealth(signaling, request.url, response)) next();
      });
    },
  };
}
