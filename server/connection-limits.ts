/**
 * What one connection may send, and how many connections one address and the whole node may hold.
 * Every check is O(1): a flood must cost the node no more than counting it, and a connection that keeps
 * flooding after its warning is closed, so everyone else's requests stay fast.
 */

export interface Bucket {
  /** Requests allowed at once. */
  readonly burst: number;
  /** Requests allowed per second after that. */
  readonly perSecond: number;
}

/** What one connection may send, per kind of request. */
export const CONNECTION_LIMITS = {
  /** Create and join requests. */
  join: { burst: 10, perSecond: 10 / 60 },
  /** WebRTC negotiation: offers, answers and ICE candidates to every peer of a room of 8, with restarts. */
  signaling: { burst: 600, perSecond: 60 },
  /** Approve, reject, kick, recording and settings changes. */
  host: { burst: 60, perSecond: 6 },
  /** Leaving. */
  leave: { burst: 10, perSecond: 1 },
} as const satisfies Record<string, Bucket>;

export type LimitKind = keyof typeof CONNECTION_LIMITS;

/** Refused requests after which a connection that was warned is closed. */
export const REFUSALS_BEFORE_CLOSE = 100;

/** A token bucket: `burst` at once, then `perSecond`; one number and one time, whatever the traffic. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rule: Bucket,
    now: number,
  ) {
    this.tokens = rule.burst;
    this.at = now;
  }

  take(now: number): boolean {
    const elapsed = Math.max(0, now - this.at) / 1000;
    this.tokens = Math.min(this.rule.burst, this.tokens + elapsed * this.rule.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export type Verdict = 'allow' | 'refuse' | 'warn' | 'close';

/** One connection's limits: the first refusal warns, and a connection that keeps going is closed. */
export class ConnectionLimits {
  /** Filled as kinds are used: most connections only ever join (part of what an idle room costs). */
  private readonly buckets: Partial<Record<LimitKind, TokenBucket>> = {};
  private refusals = 0;

  check(kind: LimitKind, now: number): Verdict {
    const bucket = (this.buckets[kind] ??= new TokenBucket(CONNECTION_LIMITS[kind], now));
    if (bucket.take(now)) {
      // A connection that slowed down is forgiven bit by bit, not at once.
      if (this.refusals > 0) this.refusals -= 1;
      return 'allow';
    }
    this.refusals += 1;
    if (this.refusals === 1) return 'warn';
    return this.refusals >= REFUSALS_BEFORE_CLOSE ? 'close' : 'refuse';
  }
}

export interface AddressCaps {
  /** Connections one address may hold at once (a school or office behind one address shares it). */
  perAddress: number;
  /** New connections one address may open: a burst, then so many per second. */
  perAddressRate: Bucket;
  /** Connections the node holds at once. */
  total: number;
}

export const DEFAULT_ADDRESS_CAPS: AddressCaps = { perAddress: 200, perAddressRate: { burst: 100, perSecond: 10 }, total: 20_000 };

/** Counts connections per address and in all; says why a new one is refused. */
export class AddressLimits {
  private readonly open = new Map<string, number>();
  private readonly rates = new Map<string, TokenBucket>();
  private total = 0;

  constructor(private readonly caps: AddressCaps) {}

  /** Takes a place for a new connection from `address`, or says which limit refuses it. */
  admit(address: string, now: number): 'ok' | 'address' | 'total' {
    if (this.total >= this.caps.total) return 'total';
    const open = this.open.get(address) ?? 0;
    if (open >= this.caps.perAddress) return 'address';
    let rate = this.rates.get(address);
    if (!rate) {
      rate = new TokenBucket(this.caps.perAddressRate, now);
      this.rates.set(address, rate);
    }
    if (!rate.take(now)) return 'address';
    this.open.set(address, open + 1);
    this.total += 1;
    return 'ok';
  }

  release(address: string): void {
    const open = this.open.get(address) ?? 0;
    if (open <= 1) this.open.delete(address);
    else this.open.set(address, open - 1);
    this.total = Math.max(0, this.total - 1);
  }

  /** Forgets the rate of addresses with nothing open (their buckets are full again by now anyway). */
  sweep(): void {
    for (const address of this.rates.keys()) if (!this.open.has(address)) this.rates.delete(address);
  }

  get connections(): number {
    return this.total;
  }
}
