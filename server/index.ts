/**
 * `npm run signaling`: one signaling node on its own (socket.io at /socket.io, health at /healthz).
 *
 *   PORT            default 3001
 *   HOST            default 127.0.0.1 (0.0.0.0 opens it to the network)
 *   ALLOWED_ORIGINS comma-separated origins allowed to connect; unset allows any (no cookies or
 *                   credentials are used, so another site gains nothing it could not do itself)
 *   TURN_URLS       comma-separated turn: URLs, with TURN_SECRET (coturn's static-auth-secret): each
 *                   participant let into a room gets credentials for TURN_TTL_SECONDS (default 600),
 *                   renewed while it stays
 *   REDIS_URL       redis://host:port: every node given the same Redis serves the same rooms
 *   MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS
 *                   caps on this node's connections (default 20000, and 200 from one address)
 *   TRUST_PROXY     how many reverse proxies stand in front (1 behind one): the client's address is
 *                   the entry the outermost appended to X-Forwarded-For
 *   RESUME_GRACE_SECONDS
 *                   how long a dropped connection keeps its place (default 30)
 *   JANUS_URL, JANUS_ADMIN_URL, JANUS_SECRET, JANUS_PUBLIC_URL
 *                   a Janus media server (docs/sfu.md): its HTTP and Admin API, the secret set as its
 *                   api_secret, admin_secret and VideoRoom admin_key, and the WebSocket URL browsers
 *                   use. Members may then ask for access to their room's media there. Several
 *                   servers: comma-separated lists in the same order (docs/scaling.md).
 */
import { createServer } from 'node:http';
import { answerHealth, createSignalingServer, keepProcessAlive, readSignalingEnv, type SignalingServer } from './create-server';

// A mistake in the settings ends the process at start, with its message; nothing after that does.
const env = readSignalingEnv(process.env);
keepProcessAlive();
let signaling: SignalingServer | null = null;
const httpServer = createServer((request, response) => {
  if (signaling && answerHealth(signaling, request.url, response)) return;
  response.writeHead(404, { 'content-type': 'text/plain' }).end('Framecast signaling server: connect with socket.io at /socket.io\n');
});
const graceSeconds = Number(process.env.RESUME_GRACE_SECONDS);
signaling = await createSignalingServer(httpServer, env, graceSeconds > 0 ? { resumeGraceMs: graceSeconds * 1000 } : {});
httpServer.listen(env.port, env.host, () => {
  console.log(`signaling on http://${env.host}:${String(env.port)}/socket.io${env.redisUrl ? ' (rooms shared through Redis)' : ''}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void signaling.close().then(() => process.exit(0));
  });
}
