import { describe, expect, it } from 'vitest';
import { Lifetime } from '../../src/shared/lifetime';

describe('Lifetime', () => {
  it('ends its span for good', () => {
    const lifetime = new Lifetime();
    const { signal } = lifetime;
    expect(lifetime.isOver()).toBe(false);
    lifetime.end();
    expect(signal.aborted).toBe(true);
    expect(lifetime.isOver()).toBe(true);
  });

  it('renewing aborts the work begun before and leaves the next span open', () => {
    const lifetime = new Lifetime();
    const before = lifetime.signal;
    let heard = 0;
    before.addEventListener('abort', () => (heard += 1));
    lifetime.renew();
    expect(before.aborted).toBe(true);
    expect(heard).toBe(1);
    expect(lifetime.signal.aborted).toBe(false);
    expect(lifetime.isOver()).toBe(false);
  });

  it('stops the listeners it was handed', () => {
    const lifetime = new Lifetime();
    const target = new EventTarget();
    let calls = 0;
    target.addEventListener('ping', () => (calls += 1), { signal: lifetime.signal });
    target.dispatchEvent(new Event('ping'));
    lifetime.end();
    target.dispatchEvent(new Event('ping'));
    expect(calls).toBe(1);
  });
});
