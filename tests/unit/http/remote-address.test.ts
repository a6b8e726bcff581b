import { describe, expect, it } from 'vitest';
import { addressKey, isHostItself, loggedNetwork } from '../../../sync-server/http/remote-address.ts';

describe('who holds a connection, as the cap per address counts it', () => {
  it('an IPv4 caller is its address, however the socket reports it', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('an IPv6 caller is its /64: the addresses one subscriber may take at will count together', () => {
    const key = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:0db8:0001:0002:0:0:0:ffff')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('the host itself is 127.0.0.1 and ::1; other loopback addresses are callers like any other', () => {
    expect(isHostItself('127.0.0.1')).toBe(true);
    expect(isHostItself('::ffff:127.0.0.1')).toBe(true);
    expect(isHostItself('::1')).toBe(true);
    expect(isHostItself('127.0.0.3')).toBe(false);
    expect(isHostItself('203.0.113.7')).toBe(false);
  });

  it('a log line names the network, never the host', () => {
    expect(loggedNetwork(addressKey('203.0.113.7'))).toBe('203.0.113.0/24');
    expect(loggedNetwork(addressKey('2001:db8:1:2::1'))).toBe('2001:db8:1::/48');
    expect(loggedNetwork('not an address')).toBe('an unknown network');
  });
});
