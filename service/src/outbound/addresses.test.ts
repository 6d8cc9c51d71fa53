import { describe, expect, it } from 'vitest';
import { addressAllowed, hostAllowed, isBlockedAddress, parseAllowList } from './addresses';

describe('isBlockedAddress', () => {
  it('blocks loopback, private, link-local, metadata, shared, unspecified, multicast and reserved ranges', () => {
    const blocked = [
      '127.0.0.1',
      '127.255.255.254',
      '::1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      'not an address',
      '',
    ];
    for (const address of blocked) expect(isBlockedAddress(address), address).toBe(true);
  });

  it('lets public addresses through, IPv4 and IPv6, mapped or not', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });
});

describe('parseAllowList', () => {
  it('reads host names, addresses and CIDR ranges, each with an optional port', () => {
    const rules = parseAllowList(' db.Internal:5432, 10.0.0.0/8 ,127.0.0.1:8080,[::1]:9000,fd00::/8,api.local,,');
    expect(rules).toHaveLength(6);
    expect(rules[0]).toEqual({ host: 'db.internal', port: 5432 });
    expect(rules[1]?.range?.[1]).toBe(8);
    expect(rules[1]?.port).toBeUndefined();
    expect(rules[2]).toMatchObject({ port: 8080 });
    expect(rules[2]?.range?.[1]).toBe(32);
    expect(rules[3]).toMatchObject({ port: 9000 });
    expect(rules[3]?.range?.[1]).toBe(128);
    expect(rules[4]?.range?.[1]).toBe(8);
    expect(rules[5]).toEqual({ host: 'api.local' });
    expect(parseAllowList(undefined)).toEqual([]);
    expect(parseAllowList('')).toEqual([]);
  });

  it('throws on a malformed range (the config check reports it at boot)', () => {
    expect(() => parseAllowList('10.0.0.0/99')).toThrow();
  });
});

describe('allow-list matching', () => {
  const rules = parseAllowList('db.internal:5432,10.0.0.0/8,127.0.0.1:8080,[::1]:9000,cache.local');

  it('matches addresses in a range, on the rule’s port only when it has one', () => {
    expect(addressAllowed(rules, '10.1.2.3', 1)).toBe(true);
    expect(addressAllowed(rules, '11.1.2.3', 1)).toBe(false);
    expect(addressAllowed(rules, '127.0.0.1', 8080)).toBe(true);
    expect(addressAllowed(rules, '127.0.0.1', 8081)).toBe(false);
    expect(addressAllowed(rules, '127.0.0.2', 8080)).toBe(false);
    expect(addressAllowed(rules, '::1', 9000)).toBe(true);
    expect(addressAllowed(rules, '::1', 8080)).toBe(false);
    // An IPv4 address written as IPv6 is the IPv4 address for the allow-list.
    expect(addressAllowed(rules, '::ffff:10.0.0.1', 1)).toBe(true);
    expect(addressAllowed(rules, 'nope', 1)).toBe(false);
  });

  it('matches host names case-insensitively, by port when given', () => {
    expect(hostAllowed(rules, 'DB.internal', 5432)).toBe(true);
    expect(hostAllowed(rules, 'db.internal', 5433)).toBe(false);
    expect(hostAllowed(rules, 'cache.local', 6379)).toBe(true);
    expect(hostAllowed(rules, 'other.local', 6379)).toBe(false);
  });
});
