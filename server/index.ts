/**
 * `npm run signaling`: one signaling node on its own (socket.io at /socket.io).
 *
 *   PORT            default 3001
 *   HOST            default 127.0.0.1 (0.0.0.0 opens it to the network)
 *   ALLOWED_ORIGINS comma-separated origins allowed to connect; unset allows any (no cookies or
 *                   credentials are used, so another site gains nothing it could not do itself)
 *   TURN_URLS       comma-separated turn: URLs, with TURN_SECRET (coturn's static-auth-secret):
 *                   each participant gets time-limited credentials when it joins
 *   REDIS_URL       redis://host:port: every node given the same Redis serves the same rooms
 */
import { createServer } from 'node:http';
import { createSignalingServer, readSignalingEnv } from './create-server';

const env = readSignalingEnv(process.env);
const httpServer = createServer((_request, response) => {
  response.writeHead(404, { 'content-type': 'text/plain' }).end('Framecast signaling server: connect with socket.io at /socket.io\n');
});
const signaling = await createSignalingServer(httpServer, env);
httpServer.listen(env.port, env.host, () => {
  console.log(`signaling on http://${env.host}:${String(env.port)}/socket.io${env.redisUrl ? ' (rooms shared through Redis)' : ''}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void signaling.close().then(() => process.exit(0));
  });
}
