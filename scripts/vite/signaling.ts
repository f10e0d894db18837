import { existsSync } from 'node:fs';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { connect, type Socket } from 'node:net';
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
      forwardMediaServer(server.httpServer as HttpServer, factory.readMediaServerForwards(process.env));
    },
  };
}

/**
 * With a JANUS_PUBLIC_URL that is a path (such as /janus-ws), browsers reach that Janus on the app's own
 * origin, which the Content-Security-Policy already allows: WebSocket upgrades on the path are passed
 * through to its JANUS_WS_URL (readMediaServerForwards; docs/sfu.md). An absolute JANUS_PUBLIC_URL is
 * reached directly and needs nothing here.
 */
function forwardMediaServer(httpServer: HttpServer, routes: ReadonlyMap<string, URL>): void {
  if (routes.size === 0) return;
  httpServer.on('upgrade', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const to = routes.get(request.url?.split('?')[0] ?? '');
    if (!to) return;
    const upstream = connect(Number(to.port || 80), to.hostname, () => {
      const headers = Object.entries(request.headers)
        .filter(([name]) => name !== 'host')
        .flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => `${name}: ${v}`) : value === undefined ? [] : [`${name}: ${value}`]));
      upstream.write([`GET ${to.pathname || '/'} HTTP/1.1`, `host: ${to.host}`, ...headers, '', ''].join('\r\n'));
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', close);
    client.on('error', close);
    upstream.on('close', close);
    client.on('close', close);
  });
}
