import { isIP } from 'node:net';
import { QuireError } from '@quire/core';
import { assertUrlShape, type OutboundPolicy, resolveAllowed } from '../outbound/guard';

/** How long saving a URL waits for DNS before leaving the check to delivery time. */
const SAVE_TIME_DNS_MS = 2_000;

/**
 * Checks a webhook URL before it is saved (an endpoint, or a report request's webhook_url): http(s), no
 * credentials, and not a blocked address (400 outbound_blocked), unless the operator allowed it with
 * QUIRE_OUTBOUND_ALLOW. A literal address is judged at once; a name is resolved briefly, so that
 * `http://localhost:3000/` is refused now rather than at the first delivery, but a name that does not resolve
 * yet (or not from here, or not quickly) is accepted: every delivery resolves and checks it again anyway, which
 * is the check that counts (DNS may change after saving). Returns the normalised URL.
 */
export async function assertWebhookUrl(value: string, policy: OutboundPolicy, param = 'url'): Promise<string> {
  const url = assertUrlShape(value, param);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    await resolveAllowed(host, port, policy, param);
    return url.href;
  }
  let timer: NodeJS.Timeout | undefined;
  // Only a refusal matters here; a resolution failure (OutboundError) is left to delivery time.
  const verdict = await Promise.race([
    resolveAllowed(host, port, policy, param).then(
      () => undefined,
      (error: unknown) => (QuireError.isInstance(error) ? error : undefined),
    ),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), SAVE_TIME_DNS_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  if (verdict) throw verdict;
  return url.href;
}
