/**
 * Webhook signatures: `Quire-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 *
 * The timestamp is signed with the body so that a captured request cannot be replayed later (the receiver refuses
 * one outside its tolerance), and the header may carry several `v1=` values: while a secret is being rotated, Quire
 * signs with the new and the old one, and a receiver holding either verifies. Web Crypto only (`crypto.subtle`,
 * in Node >= 20 and every browser), so that this runs wherever @quire/core runs.
 */

export const WEBHOOK_SIGNATURE_HEADER = 'Quire-Signature';
/** The event's id: the same on every retry and for every target of one event, for de-duplication. */
export const WEBHOOK_EVENT_ID_HEADER = 'Quire-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'Quire-Event-Type';
/** How far (seconds) a signature's timestamp may be from the receiver's clock, either way, by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A signing secret (`whsec_…`), or several: the whole string, prefix included, is the HMAC key. */
export type WebhookSecret = string | readonly string[];
/** The raw request body, exactly as received: re-serialised JSON would not verify. */
export type WebhookBody = string | Uint8Array;

export type VerifyWebhookResult =
  | { ok: true; timestamp: number }
  | {
      ok: false;
      reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch';
    };

export interface SignWebhookOptions {
  secret: WebhookSecret;
  /** Unix time in whole seconds. */
  timestamp: number;
  body: WebhookBody;
}

export interface VerifyWebhookOptions {
  secret: WebhookSecret;
  /** The Quire-Signature header as received (Node gives a string; missing is undefined). */
  header: string | readonly string[] | null | undefined;
  body: WebhookBody;
  /** Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The receiver's clock; default: the current time. */
  now?: Date;
}

// core compiles against ES2023 only (no DOM, no Node types), so the few Web APIs used are described here.
interface HmacSubtle {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}
interface WebGlobals {
  crypto?: { subtle?: HmacSubtle };
  TextEncoder?: new () => { encode(input: string): Uint8Array };
}

function webApis(): { subtle: HmacSubtle; encode: (input: string) => Uint8Array } {
  const g = globalThis as unknown as WebGlobals;
  const subtle = g.crypto?.subtle;
  if (!subtle || !g.TextEncoder) {
    throw new Error('Webhook signatures need Web Crypto (crypto.subtle): Node >= 20 or a browser in a secure context');
  }
  const encoder = new g.TextEncoder();
  return { subtle, encode: (input) => encoder.encode(input) };
}

const HEX = /^[0-9a-f]{64}$/;
const DIGITS = /^\d{1,12}$/;

function secretsOf(secret: WebhookSecret): string[] {
  const list = typeof secret === 'string' ? [secret] : [...secret];
  if (list.length === 0 || list.some((s) => typeof s !== 'string' || s.length === 0)) {
    throw new TypeError('A webhook secret must be a non-empty string');
  }
  return list;
}

/** The hex HMAC-SHA256 of `<timestamp>.<body>` with each secret. */
async function digests(secrets: string[], timestamp: number, body: WebhookBody): Promise<Uint8Array[]> {
  const { subtle, encode } = webApis();
  const prefix = encode(`${timestamp}.`);
  const payload = typeof body === 'string' ? encode(body) : body;
  const message = new Uint8Array(prefix.length + payload.length);
  message.set(prefix, 0);
  message.set(payload, prefix.length);
  return Promise.all(
    secrets.map(async (secret) => {
      const key = await subtle.importKey('raw', encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      return new Uint8Array(await subtle.sign('HMAC', key, message));
    }),
  );
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Compares every byte whatever the first difference, so timing says nothing about how close a guess was. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

/** The Quire-Signature header value for a body: `t=<timestamp>,v1=<hex>` with one `v1=` per secret. */
export async function signWebhook({ secret, timestamp, body }: SignWebhookOptions): Promise<string> {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError('The timestamp must be whole Unix seconds');
  }
  const signatures = await digests(secretsOf(secret), timestamp, body);
  return [`t=${timestamp}`, ...signatures.map((s) => `v1=${toHex(s)}`)].join(',');
}

/** `t` and the well-formed `v1` values of a header; other schemes (`v0=`, future ones) are ignored. */
function parseHeader(header: string): { timestamp: number; signatures: Uint8Array[] } | undefined {
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return undefined;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !DIGITS.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1' && HEX.test(value)) {
      signatures.push(fromHex(value));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/**
 * Checks a Quire-Signature header against the raw body: the signature first (with every secret given, against
 * every `v1=` value), then the timestamp, so that `timestamp_out_of_tolerance` means "authentic but too old (or
 * from the future)", which points at a replay or a wrong clock rather than a wrong secret.
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<VerifyWebhookResult> {
  const { secret, body, toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS } = options;
  const header = typeof options.header === 'string' ? options.header : options.header?.join(',');
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing_header' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  const expected = await digests(secretsOf(secret), parsed.timestamp, body);
  let matched = false;
  // Every pair is compared (no early exit), so the time taken does not say which secret or value matched.
  for (const mine of expected) {
    for (const theirs of parsed.signatures) matched = constantTimeEqual(mine, theirs) || matched;
  }
  if (!matched) return { ok: false, reason: 'signature_mismatch' };
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) return { ok: false, reason: 'timestamp_out_of_tolerance' };
  return { ok: true, timestamp: parsed.timestamp };
}
