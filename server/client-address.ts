/**
 * Which address a connection counts against for the per-address caps (docs/signaling.md, rule 7).
 *
 * Behind reverse proxies, each proxy appends the address it was reached from to X-Forwarded-For, after
 * whatever the request already carried: the client's own address is the one the outermost of our
 * proxies wrote, `proxies` entries from the end. Everything before it the client may have written
 * itself, so taking the first entry would let one client claim any address: fill a victim's cap, or
 * escape its own.
 *
 * An IPv6 client counts by its /64: one host is given a whole /64 to choose addresses from.
 */

/** The address of the client behind `proxies` proxies, or the socket's own when none are trusted. */
export function clientAddress(socketAddress: string, forwardedFor: string | string[] | undefined, proxies: number): string {
  if (proxies <= 0 || typeof forwardedFor !== 'string') return socketAddress;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: a proxy was bypassed or does not append; the first is all there is.
  return entries[entries.length - proxies] ?? entries[0] ?? socketAddress;
}

/** What an address counts as: an IPv4 address itself, an IPv6 address its /64 (`2001:db8:0:1::/64`). */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address.split('%')[0] ?? address);
  return groups ? `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64` : address;
}

/** The eight groups of an IPv6 address written in any of its short forms, or null if it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  // An IPv4 tail (::ffff:1.2.3.4 is handled above; 64:ff9b::1.2.3.4 here) is two groups.
  const last = tail.length > 0 ? tail : head;
  const dotted = last.at(-1);
  if (dotted?.includes('.')) {
    const bytes = dotted.split('.').map(Number);
    if (bytes.length !== 4 || bytes.some((byte) => !Number.isInteger(byte) || byte < 0 || byte > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups : null;
}
