import { describe, expect, it } from 'vitest';
import { AddressLimits, CONNECTION_LIMITS, ConnectionLimits, REFUSALS_BEFORE_CLOSE, TokenBucket } from '../../server/connection-limits';

describe('rate limits per connection', () => {
  it('a token bucket allows its burst at once, then its rate', () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([true, true, true, false]);
    expect(bucket.take(400)).toBe(false);
    expect(bucket.take(1000)).toBe(true);
  });

  it('warns at the first refusal and closes a connection that keeps flooding', () => {
    const limits = new ConnectionLimits();
    const verdicts: string[] = [];
    for (let i = 0; i < CONNECTION_LIMITS.signaling.burst + REFUSALS_BEFORE_CLOSE; i++) verdicts.push(limits.check('signaling', 0));
    expect(verdicts.filter((v) => v === 'allow')).toHaveLength(CONNECTION_LIMITS.signaling.burst);
    expect(verdicts[CONNECTION_LIMITS.signaling.burst]).toBe('warn');
    expect(verdicts.at(-1)).toBe('close');
    expect(verdicts.indexOf('close')).toBe(CONNECTION_LIMITS.signaling.burst + REFUSALS_BEFORE_CLOSE - 1);
  });

  it('a connection that slowed down after a warning is not closed for its past', () => {
    const limits = new ConnectionLimits();
    let now = 0;
    for (let i = 0; i < CONNECTION_LIMITS.host.burst + 10; i++) limits.check('host', now);
    // Ten minutes at a polite pace earn the refusals back.
    for (let i = 0; i < 600; i++) {
      now += 1000;
      expect(limits.check('host', now)).toBe('allow');
    }
    let verdict = limits.check('host', now);
    while (verdict === 'allow') verdict = limits.check('host', now);
    expect(verdict).toBe('warn');
  });
});

describe('connection caps', () => {
  it('caps one address, and the node in all, and frees a place when a connection closes', () => {
    const caps = new AddressLimits({ perAddress: 2, perAddressRate: { burst: 100, perSecond: 10 }, total: 3 });
    expect(caps.admit('a', 0)).toBe('ok');
    expect(caps.admit('a', 0)).toBe('ok');
    expect(caps.admit('a', 0)).toBe('address');
    expect(caps.admit('b', 0)).toBe('ok');
    expect(caps.admit('c', 0)).toBe('total');
    caps.release('a');
    expect(caps.admit('a', 0)).toBe('ok');
    expect(caps.connections).toBe(3);
  });

  it('caps how fast one address opens connections', () => {
    const caps = new AddressLimits({ perAddress: 1000, perAddressRate: { burst: 5, perSecond: 1 }, total: 1000 });
    const verdicts = Array.from({ length: 6 }, () => caps.admit('a', 0));
    expect(verdicts).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'address']);
    expect(caps.admit('a', 1000)).toBe('ok');
  });
});
