import { isIP } from 'node:net';
import { QuireError } from '@quire/core';
import ipaddr from 'ipaddr.js';
import { isBlockedAddress } from '../outbound/addresses';
import { type OutboundPolicy, resolveAllowed } from '../outbound/guard';

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/**
 * An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) has no business in a data source: the allow-list names
 * addresses as operators write them, so the mapped form of a blocked address is refused even when its IPv4 form
 * is allowed on that port.
 */
function assertNotMapped(host: string, param: string): void {
  const address = bare(host);
  if (isIP(address) !== 6) return;
  const parsed = ipaddr.parse(address) as ipaddr.IPv6;
  if (parsed.isIPv4MappedAddress() && isBlockedAddress(address)) {
    throw new QuireError('outbound_blocked', {
      param,
      message: `Quire does not connect to ${address}: it is an IPv4-mapped form of a loopback, private, link-local or cloud metadata address.`,
    });
  }
}

/**
 * When a data source is saved: a literal address (`127.0.0.1`, `[::1]`, `169.254.169.254`) is checked at once,
 * so an obvious mistake is refused early. Host names are not resolved here (DNS answers change, and may be
 * unavailable when saving): they are resolved and checked on every connection.
 */
export async function assertLiteralAllowed(
  host: string,
  port: number,
  policy: OutboundPolicy,
  param: string,
): Promise<void> {
  assertNotMapped(host, param);
  if (isIP(bare(host))) await resolveAllowed(host, port, policy, param);
}

/**
 * Before each connection: resolves the host and checks every address (resolveAllowed); the driver then
 * connects to the returned address, never resolving the name again (no DNS rebinding between check and use).
 */
export async function allowedTarget(
  host: string,
  port: number,
  policy: OutboundPolicy,
  param: string,
): Promise<{ address: string; family: 4 | 6 }> {
  assertNotMapped(host, param);
  return resolveAllowed(host, port, policy, param);
}
