import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACK_TIMEOUT_MS, SignalingClient } from '../../src/features/room/signaling/signaling-transport';
import type { OutgoingEvent } from '../../src/protocol/protocol';
import { acceptsEvent, answersRequest, MAX_FRAME_CHARS, parseWireFrame, type WireFrame } from '../../src/features/room/signaling/local-wire';

/** A transport whose wire is an array: enough to test queueing, acknowledgements and timeouts. */
class WireSignaling extends SignalingClient {
  readonly sent: { event: OutgoingEvent; payload: unknown; ackId: string | null }[] = [];
  constructor() {
    super('me');
  }
  connect(): Promise<void> {
    this.setConnected(true);
    return Promise.resolve();
  }
  drop(): void {
    this.setConnected(false);
  }
  protected send(event: OutgoingEvent, payload: unknown, ackId: string | null): void {
    this.sent.push({ event, payload, ackId });
  }
  ack(ackId: string | null, ack: unknown): void {
    if (ackId) this.resolveAck(ackId, ack);
  }
  receive(message: string): void {
    this.dispatch('error', { message });
  }
}

describe('signaling transport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('queues what is sent while disconnected and flushes it in order on connect', async () => {
    const transport = new WireSignaling();
    void transport.emit('leave-room', { roomId: 'r' });
    const joined = transport.emit('join-room', { roomId: 'r', participantName: 'Ada' });
    expect(transport.sent).toEqual([]);
    expect(transport.queuedCount).toBe(2);
    const connected = vi.fn();
    transport.on('connect', connected);
    await transport.connect();
    expect(connected).toHaveBeenCalledOnce();
    expect(transport.sent.map((m) => m.event)).toEqual(['leave-room', 'join-room']);
    transport.ack(transport.sent[1]?.ackId ?? null, { success: true, pending: true });
    await expect(joined).resolves.toEqual({ success: true, pending: true });
  });

  it('resolves fire-and-forget events at once and gives acknowledged ones unique ids', async () => {
    const transport = new WireSignaling();
    await transport.connect();
    await expect(transport.emit('leave-room', { roomId: 'r' })).resolves.toBeUndefined();
    void transport.emit('start-recording', { roomId: 'r', mode: 'mixed' });
    void transport.emit('stop-recording', { roomId: 'r' });
    const ids = transport.sent.map((m) => m.ackId);
    expect(ids[0]).toBeNull();
    expect(new Set(ids.slice(1)).size).toBe(2);
  });

  it('fails an unanswered request after 10 s and drops it from the queue', async () => {
    const transport = new WireSignaling();
    const pending = transport.emit('approve-guest', { roomId: 'r', guestId: 'g' });
    const outcome = expect(pending).rejects.toThrow('Signaling request timed out');
    vi.advanceTimersByTime(ACK_TIMEOUT_MS - 1);
    expect(transport.queuedCount).toBe(1);
    vi.advanceTimersByTime(1);
    await outcome;
    expect(transport.queuedCount).toBe(0);
    await transport.connect();
    expect(transport.sent).toEqual([]);
  });

  it('ignores a late or unknown acknowledgement', async () => {
    const transport = new WireSignaling();
    await transport.connect();
    const pending = transport.emit('kick-participant', { roomId: 'r', participantId: 'x' });
    const id = transport.sent[0]?.ackId ?? null;
    transport.ack('someone-else', { success: false });
    transport.ack(id, { success: true });
    transport.ack(id, { success: false });
    await expect(pending).resolves.toEqual({ success: true });
  });

  it('rejects what is pending when it disconnects, and delivers events to every handler until unsubscribed', async () => {
    const transport = new WireSignaling();
    await transport.connect();
    const pending = transport.emit('start-recording', { roomId: 'r', mode: 'mixed' });
    const first = vi.fn();
    const second = vi.fn();
    const off = transport.on('error', first);
    transport.on('error', second);
    transport.receive('one');
    off();
    transport.receive('two');
    expect(first.mock.calls).toEqual([[{ message: 'one' }]]);
    expect(second).toHaveBeenCalledTimes(2);
    transport.disconnect();
    await expect(pending).rejects.toThrow('Not connected to signaling server');
  });
});

describe('BroadcastChannel frames', () => {
  it('accepts well-formed frames only', () => {
    expect(parseWireFrame({ kind: 'request', ackId: null, from: 'a', event: 'approve-guest', payload: { guestId: 'g', roomId: 'r' } })).toMatchObject({ kind: 'request', event: 'approve-guest' });
    expect(parseWireFrame({ kind: 'ack', ackId: 'a:1', to: 'a', ack: { success: true } })).toMatchObject({ kind: 'ack' });
    expect(parseWireFrame({ kind: 'event', from: 'h', to: '*', except: 'g', event: 'participant-left', payload: { participantId: 'p', reason: 'left' } })).toMatchObject({ except: 'g' });
    expect(parseWireFrame({ kind: 'request', ackId: null, from: 'a', event: 'format-disk', payload: {} })).toBeNull();
    expect(parseWireFrame({ kind: 'request', ackId: 5, from: 'a', event: 'leave-room', payload: {} })).toBeNull();
    expect(parseWireFrame({ kind: 'event', from: '', to: '*', event: 'error', payload: {} })).toBeNull();
    expect(parseWireFrame({ kind: 'event', from: 'h', to: '*', event: 'error', payload: [] })).toBeNull();
    expect(parseWireFrame('hello')).toBeNull();
    expect(parseWireFrame(null)).toBeNull();
  });

  it('drops frames whose payload does not match its event, and frames over the size cap', () => {
    // A request or event whose payload is not what its event carries never reaches the room.
    expect(parseWireFrame({ kind: 'request', ackId: null, from: 'a', event: 'approve-guest', payload: { guestId: 'g' } })).toBeNull();
    expect(parseWireFrame({ kind: 'request', ackId: null, from: 'a', event: 'start-recording', payload: { roomId: 'r', mode: 'all' } })).toBeNull();
    expect(parseWireFrame({ kind: 'event', from: 'h', to: '*', event: 'participant-left', payload: {} })).toBeNull();
    expect(parseWireFrame({ kind: 'ack', ackId: 'a:1', to: 'a', ack: { success: 'yes' } })).toBeNull();
    const sdp = 'a'.repeat(MAX_FRAME_CHARS);
    const offer = { type: 'offer', data: { connectionId: 'c', description: { type: 'offer', sdp } }, from: 'a', to: 'b', roomId: 'r' };
    expect(parseWireFrame({ kind: 'event', from: 'a', to: 'b', event: 'signaling-message', payload: offer })).toBeNull();
    const small = { ...offer, data: { connectionId: 'c', description: { type: 'offer', sdp: 'v=0' } } };
    expect(parseWireFrame({ kind: 'event', from: 'a', to: 'b', event: 'signaling-message', payload: small })).toMatchObject({ event: 'signaling-message' });
    // Unknown keys are dropped on the way in.
    const parsed = parseWireFrame({ kind: 'request', ackId: null, from: 'a', event: 'leave-room', payload: { roomId: 'r', extra: 'x'.repeat(10) } });
    expect(parsed?.kind === 'request' ? parsed.payload : null).toEqual({ roomId: 'r' });
  });
});

describe('requests off the wire', () => {
  it('are parsed with the schema of their event, then become typed authority requests', async () => {
    const { toAuthorityRequest } = await import('../../src/protocol/wire-requests');
    const { parseOutgoingMessage } = await import('../../src/protocol/protocol');
    const request = (event: string, payload: unknown) => {
      const message = parseOutgoingMessage(event, payload);
      return message && toAuthorityRequest('g', message, 1);
    };
    expect(request('approve-guest', { guestId: 'x', roomId: 'r' })).toEqual({ type: 'approve', by: 'g', guestId: 'x', now: 1 });
    expect(request('join-room', { participantName: 'Ada', roomId: 'r' })).toEqual({ type: 'join', from: 'g', name: 'Ada', now: 1 });
    expect(request('start-recording', { mode: 'mixed', roomId: 'r' })).toEqual({ type: 'start-recording', by: 'g', mode: 'mixed', now: 1 });
    expect(request('set-auto-admit', { enabled: false, roomId: 'r' })).toEqual({ type: 'set-auto-admit', by: 'g', enabled: false });
    expect(request('leave-room', { roomId: 'r' })).toEqual({ type: 'leave', from: 'g', reason: 'left' });
    // What the schema refuses never reaches the authority.
    expect(request('start-recording', { mode: 'everything', roomId: 'r' })).toBeNull();
    expect(request('set-auto-admit', { enabled: 'yes', roomId: 'r' })).toBeNull();
    expect(request('approve-guest', { guestId: 42, roomId: 'r' })).toBeNull();
    expect(request('format-disk', {})).toBeNull();
    // Requests the authority does not decide.
    expect(request('signaling-message', { type: 'offer', data: { connectionId: 'c' }, from: 'a', to: 'b', roomId: 'r' })).toBeNull();
  });
});

describe('who trusts what on the room channel', () => {
  type EventFrame = Extract<WireFrame, { kind: 'event' }>;
  // The trust rules read only who sent a frame to whom and its event: the payloads here are not checked.
  const event = (frame: Partial<EventFrame>): EventFrame => ({ kind: 'event', from: 'host', to: 'gus', event: 'room-joined', payload: {}, ...frame }) as EventFrame;
  const guest = { selfId: 'gus', admitted: true, isHost: false, hostId: 'host' };
  const host = { selfId: 'host', admitted: true, isHost: true, hostId: 'host' };

  it('a guest takes room events from its host only, never from another tab claiming to be host', () => {
    expect(acceptsEvent(event({}), guest)).toBe(true);
    expect(acceptsEvent(event({ from: 'forger' }), guest)).toBe(false);
    expect(acceptsEvent(event({ from: 'forger', event: 'participant-left' }), guest)).toBe(false);
    expect(acceptsEvent(event({ from: 'forger', event: 'error' }), guest)).toBe(false);
    // Before the host is known (no acknowledgement yet), no room event is trusted at all.
    expect(acceptsEvent(event({}), { ...guest, hostId: '' })).toBe(false);
  });

  it('the host takes no room events from the channel, whoever claims to send them', () => {
    expect(acceptsEvent(event({ to: 'host', from: 'host', event: 'recording-stopped' }), host)).toBe(false);
    expect(acceptsEvent(event({ to: '*', from: 'gus', event: 'room-ended' }), host)).toBe(false);
  });

  it('events to everyone reach admitted members only, except the one left out', () => {
    const all = event({ to: '*', event: 'participant-joined' });
    expect(acceptsEvent(all, guest)).toBe(true);
    expect(acceptsEvent(all, { ...guest, admitted: false })).toBe(false);
    expect(acceptsEvent({ ...all, except: 'gus' }, guest)).toBe(false);
    expect(acceptsEvent(event({ to: 'ida' }), guest)).toBe(false);
  });

  it('a negotiation message must name its real sender', () => {
    const payload = { type: 'offer' as const, data: { connectionId: 'c' }, from: 'ida', to: 'gus', roomId: 'r' };
    const signal = event({ from: 'ida', event: 'signaling-message', payload });
    expect(acceptsEvent(signal, guest)).toBe(true);
    expect(acceptsEvent(event({ from: 'ida', event: 'signaling-message', payload: { ...payload, from: 'host' } }), guest)).toBe(false);
  });

  it('only the host answers requests, and never one posing as the host', () => {
    const request = { kind: 'request' as const, ackId: null, from: 'gus', event: 'approve-guest' as const, payload: { guestId: 'ida', roomId: 'r' } };
    expect(answersRequest(request, host)).toBe(true);
    expect(answersRequest({ ...request, from: 'host' }, host)).toBe(false);
    expect(answersRequest(request, guest)).toBe(false);
  });
});
