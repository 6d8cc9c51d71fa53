import { QuireClientError, usageError } from './core/errors';
import type { WebhookEvent } from './types';

/**
 * Webhook signatures, as @quire/core makes them: `Quire-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`, with one `v1=` per secret while a secret is being rotated. Web Crypto only, so that it runs in
 * Node >= 20, browsers and edge runtimes.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'Quire-Signature';
/** How far (seconds) a signature's timestamp may be from the receiver's clock, either way, by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type VerifyWebhookResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

export interface VerifyWebhookOptions {
  /** The signing secret (`whsec_…`), or several (the old and the new one during a rotation). */
  secret: string | readonly string[];
  /** The Quire-Signature header as received. */
  header: string | readonly string[] | null | undefined;
  /** The raw body, exactly as received: re-serialised JSON would not verify. */
  body: string | Uint8Array;
  /** Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The receiver's clock; default: now. */
  now?: Date;
}

/** A webhook request that does not verify; `code` says why (`signature_mismatch`…). */
export class WebhookVerificationError extends QuireClientError {
  static override readonly tag: string = 'WebhookVerificationError';
}

const MALFORMED = { ok: false, reason: 'malformed_header' } as const;

/**
 * Checks a Quire-Signature header against the raw body: the signature first (every secret against every `v1=`
 * value, each compared in constant time by Web Crypto), then the timestamp, so that `timestamp_out_of_tolerance`
 * means "authentic but too old (or from the future)": a replay or a wrong clock rather than a wrong secret.
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<VerifyWebhookResult> {
  const secrets = typeof options.secret === 'string' ? [options.secret] : [...options.secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || !s)) {
    throw usageError('A webhook secret must be a non-empty string');
  }
  const header = typeof options.header === 'string' ? options.header : options.header?.join(',');
  if (!header?.trim()) return { ok: false, reason: 'missing_header' };
  let timestamp: number | undefined;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return MALFORMED;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return MALFORMED;
      timestamp = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(new Uint8Array(value.match(/../g)?.map((byte) => Number.parseInt(byte, 16)) ?? []));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return MALFORMED;

  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw usageError('Webhook verification needs Web Crypto (crypto.subtle)');
  const encoder = new TextEncoder();
  const prefix = encoder.encode(`${timestamp}.`);
  const body = typeof options.body === 'string' ? encoder.encode(options.body) : options.body;
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  let matched = false;
  for (const secret of secrets) {
    const algorithm = { name: 'HMAC', hash: 'SHA-256' };
    const key = await subtle.importKey('raw', encoder.encode(secret), algorithm, false, ['verify']);
    for (const signature of signatures) matched = (await subtle.verify('HMAC', key, signature, message)) || matched;
  }
  if (!matched) return { ok: false, reason: 'signature_mismatch' };
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  }
  return { ok: true, timestamp };
}

/** Headers as a web `Headers`, or as Node's `req.headers`. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

/**
 * Verifies a webhook request and answers its event, parsed; throws WebhookVerificationError when it does not
 * verify. Pass the raw body (`express.raw()`, `await request.text()`), not parsed JSON.
 */
export async function unwrapWebhook(
  body: string | Uint8Array,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: Pick<VerifyWebhookOptions, 'toleranceSeconds' | 'now'> = {},
): Promise<WebhookEvent> {
  const header =
    typeof headers.get === 'function'
      ? (headers as Headers).get(WEBHOOK_SIGNATURE_HEADER)
      : Object.entries(headers).find(([name]) => name.toLowerCase() === 'quire-signature')?.[1];
  const result = await verifyWebhook({ ...options, secret, header: header as string | string[] | undefined, body });
  if (!result.ok) throw new WebhookVerificationError(`The webhook does not verify: ${result.reason}`, result.reason);
  return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) as WebhookEvent;
}
