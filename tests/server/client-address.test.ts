import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from '../../server/client-address';

describe('clientAddress', () => {
  it('behind one proxy takes the entry that proxy appended, not what the client wrote before it', () => {
    // What nginx's $proxy_add_x_forwarded_for sends: the client's own header, then the real peer.
    expect(clientAddress('10.0.0.2', '203.0.113.7, 198.51.100.9', 1)).toBe('198.51.100.9');
    expect(clientAddress('10.0.0.2', '198.51.100.9', 1)).toBe('198.51.100.9');
  });

  it('behind two proxies takes the second entry from the end', () => {
    expect(clientAddress('10.0.0.3', '1.1.1.1, 198.51.100.9, 10.0.0.2', 2)).toBe('198.51.100.9');
  });

  it('trusts no header when no proxy is configured, and falls back to the socket with no header', () => {
    expect(clientAddress('198.51.100.9', '203.0.113.7', 0)).toBe('198.51.100.9');
    expect(clientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', ' , ', 1)).toBe('10.0.0.2');
  });
});

describe('addressKey', () => {
  it('counts an IPv4 address, also written as IPv4-mapped IPv6, as itself', () => {
    expect(addressKey('198.51.100.9')).toBe('198.51.100.9');
    expect(addressKey('::ffff:198.51.100.9')).toBe('198.51.100.9');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(addressKey('2001:db8:0:1::1')).toBe(key);
    expect(addressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe(key);
    expect(addressKey('2001:DB8:0:1:a::b%eth0')).toBe(key);
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::198.51.100.9')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(addressKey('1::2::3')).toBe('1::2::3');
    expect(addressKey('1:2:3')).toBe('1:2:3');
  });
});
