import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { handshakeSessionId, probeSignalingServer } from '../../src/features/room/signaling/signaling-probe';
import { startHarness, type Harness } from './signaling-harness';

describe('handshakeSessionId', () => {
  it('reads the session id of an engine.io open packet, also when more packets follow', () => {
    expect(handshakeSessionId('0{"sid":"abc","upgrades":["websocket"],"pingInterval":25000}')).toBe('abc');
    expect(handshakeSessionId('0{"sid":"abc"}\x1e40')).toBe('abc');
  });

  it('finds none in a page, an error or a packet that is not an open', () => {
    expect(handshakeSessionId('<!doctype html><title>Not found</title>')).toBeNull();
    expect(handshakeSessionId('{"code":1,"message":"Session ID unknown"}')).toBeNull();
    expect(handshakeSessionId('0{"sid":""}')).toBeNull();
    expect(handshakeSessionId('0not json')).toBeNull();
    expect(handshakeSessionId('2probe')).toBeNull();
  });
});

describe('probeSignalingServer', () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('says yes for a signaling server, and leaves no session open on it', async () => {
    harness = await startHarness();
    await expect(probeSignalingServer(harness.url, 2000)).resolves.toBe(true);
    expect(harness.server.io.engine.clientsCount).toBe(0);
  });

  it('says no for a static host that answers /socket.io with a page, and for a port nobody listens on', async () => {
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Framecast</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const port = (site.address() as AddressInfo).port;
    try {
      await expect(probeSignalingServer(`http://127.0.0.1:${String(port)}`, 2000)).resolves.toBe(false);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
    await expect(probeSignalingServer(`http://127.0.0.1:${String(port)}`, 2000)).resolves.toBe(false);
  });

  it('says no when the server does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      await expect(probeSignalingServer(`http://127.0.0.1:${String((silent.address() as AddressInfo).port)}`, 300)).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
