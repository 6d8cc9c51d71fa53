import ipaddr from 'ipaddr.js';

/**
 * ipaddr.js ranges that are never the public internet: loopback, private (RFC 1918, unique local), link-local
 * (which holds the cloud metadata address 169.254.169.254), carrier-grade NAT, unspecified, multicast, broadcast
 * and reserved. Everything but `unicast` (and IPv6's `global` ranges) is refused.
 */
const PUBLIC_RANGES = new Set(['unicast']);

/** Cloud metadata endpoints that are not link-local (AWS's IPv6 one, Alibaba's). */
const METADATA = ['fd00:ec2::254', '100.100.100.200'];

/** Whether an IP address is one Quire must not connect to on a user's behalf. */
export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA.some((m) => ipaddr.parse(m).toString() === parsed.toString())) return true;
  return !PUBLIC_RANGES.has(parsed.range());
}

export interface AllowRule {
  /** A lower-case host name, or undefined for an address range. */
  host?: string;
  /** An address range (a single address is a /32 or /128). */
  range?: [ipaddr.IPv4 | ipaddr.IPv6, number];
  /** Only this port, when given. */
  port?: number;
}

/**
 * The operator's allow-list (QUIRE_OUTBOUND_ALLOW): comma-separated host names, addresses or CIDR ranges, each
 * with an optional `:port`, e.g. `db.internal:5432,10.0.0.0/8,127.0.0.1:8080,[::1]:9000`.
 */
export function parseAllowList(value: string | undefined): AllowRule[] {
  if (!value) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let target = entry;
      let port: number | undefined;
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
      if (bracketed) {
        target = bracketed[1] as string;
        port = bracketed[2] ? Number(bracketed[2]) : undefined;
      } else {
        const withPort = /^([^:]+):(\d+)$/.exec(entry);
        if (withPort) {
          target = withPort[1] as string;
          port = Number(withPort[2]);
        }
      }
      if (target.includes('/')) {
        return { range: ipaddr.parseCIDR(target), ...(port ? { port } : {}) };
      }
      if (ipaddr.isValid(target)) {
        const address = ipaddr.parse(target);
        return { range: [address, address.kind() === 'ipv4' ? 32 : 128], ...(port ? { port } : {}) } as AllowRule;
      }
      return { host: target.toLowerCase(), ...(port ? { port } : {}) };
    });
}

function portMatches(rule: AllowRule, port: number): boolean {
  return rule.port === undefined || rule.port === port;
}

/** Whether the allow-list names this host (by name) on this port. */
export function hostAllowed(rules: AllowRule[], host: string, port: number): boolean {
  const name = host.toLowerCase();
  return rules.some((rule) => rule.host === name && portMatches(rule, port));
}

/** Whether the allow-list covers this address on this port. */
export function addressAllowed(rules: AllowRule[], address: string, port: number): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return rules.some(
    (rule) =>
      rule.range !== undefined &&
      rule.range[0].kind() === parsed.kind() &&
      parsed.match(rule.range as [ipaddr.IPv4, number]) &&
      portMatches(rule, port),
  );
}
