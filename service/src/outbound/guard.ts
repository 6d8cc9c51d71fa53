import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { QuireError } from '@quire/core';
import { type AllowRule, addressAllowed, hostAllowed, isBlockedAddress } from './addresses';

export { type AllowRule, isBlockedAddress, parseAllowList } from './addresses';

/** The operator's choices for connections Quire makes on a user's behalf (data sources, webhooks). */
export interface OutboundPolicy {
  allow: AllowRule[];
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Whole exchange, redirects included. Default 10 s. */
  timeoutMs?: number;
  /** Largest response body read; more is an error. Default 10 MB. */
  maxBytes?: number;
  /** Redirects followed (each one checked like the first request); 0 refuses them. Default 5. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
}

export type OutboundFailure = 'timeout' | 'too_large' | 'network' | 'too_many_redirects' | 'invalid_url';

/** A request that could not complete (the address was fine): callers turn it into their own error. */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

const blocked = (target: string, param?: string) =>
  new QuireError('outbound_blocked', {
    message: `Quire does not connect to ${target}: it is a loopback, private, link-local or cloud metadata address. An operator can allow it with QUIRE_OUTBOUND_ALLOW.`,
    ...(param ? { param } : {}),
  });

/**
 * Resolves a host and checks every address it resolves to; returns the one to connect to. Refuses (400
 * outbound_blocked) when any address is blocked and not on the allow-list: a name with one public and one private
 * address could otherwise be steered to the private one. Callers connect to the returned address, never
 * resolve again, so a second DNS answer (rebinding) cannot change where the connection goes.
 */
export async function resolveAllowed(
  host: string,
  port: number,
  policy: OutboundPolicy,
  param?: string,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    if (isBlockedAddress(bare) && !addressAllowed(policy.allow, bare, port)) throw blocked(bare, param);
    return { address: bare, family: isIP(bare) as 4 | 6 };
  }
  const byName = hostAllowed(policy.allow, bare, port);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await dnsLookup(bare, { all: true, verbatim: true });
  } catch (error) {
    throw new OutboundError('network', `The host ${bare} could not be resolved.`, { cause: error });
  }
  if (addresses.length === 0) throw new OutboundError('network', `The host ${bare} has no address.`);
  if (!byName) {
    for (const { address } of addresses) {
      if (isBlockedAddress(address) && !addressAllowed(policy.allow, address, port)) {
        throw blocked(`${bare} (${address})`, param);
      }
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Checks a URL before it is saved (a data source, a webhook endpoint): scheme and literal addresses. */
export function assertUrlShape(value: string, param: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new QuireError('validation_failed', { param, message: `${param}: must be an absolute http(s) URL` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new QuireError('validation_failed', { param, message: `${param}: must use http or https` });
  }
  if (url.username || url.password) {
    throw new QuireError('validation_failed', {
      param,
      message: `${param}: put credentials in headers, not in the URL`,
    });
  }
  return url;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * An HTTP(S) request on a user's behalf, guarded against server-side request forgery: every hop (the first URL
 * and each redirect) is resolved and checked, and the connection goes to the checked address.
 */
export async function guardedRequest(
  rawUrl: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const deadline = Date.now() + (request.timeoutMs ?? 10_000);
  const maxBytes = request.maxBytes ?? 10 * 1024 * 1024;
  let redirectsLeft = request.maxRedirects ?? 5;
  let url = rawUrl;
  let method = (request.method ?? 'GET').toUpperCase();
  let body = request.body;
  let headers = request.headers ?? {};
  for (;;) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new OutboundError('invalid_url', `Not a valid URL: ${url}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new OutboundError('invalid_url', `Only http and https are allowed, not ${parsed.protocol}`);
    }
    const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
    const target = await resolveAllowed(parsed.hostname, port, policy);
    const response = await once(parsed, target, method, headers, body, deadline, maxBytes);
    const location = response.headers.location;
    if (REDIRECTS.has(response.status) && location) {
      if (redirectsLeft-- <= 0) {
        throw new OutboundError('too_many_redirects', `Too many redirects (the last to ${location}).`);
      }
      const next = new URL(location, parsed);
      // As fetch does: credentials the caller set for one origin never travel to another.
      if (next.origin !== parsed.origin) headers = withoutCredentials(headers);
      url = next.toString();
      // As browsers do: 303 always, and 301/302 after a POST, continue as a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    return { ...response, url: parsed.toString() };
  }
}

function once(
  url: URL,
  target: { address: string; family: 4 | 6 },
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
  deadline: number,
  maxBytes: number,
): Promise<Omit<OutboundResponse, 'url'>> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new OutboundError('timeout', 'The request timed out.'));
  // The connection goes to the address that was checked, whatever DNS would say now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        headers: { 'user-agent': 'Quire/0.1 (+https://quire.dev)', ...headers },
        lookup: pinned,
        agent: false,
        timeout: remaining,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            const error = new OutboundError('too_large', `The response is larger than ${maxBytes} bytes.`);
            // Rejected first: when this was the last chunk, 'end' could otherwise resolve with a cut body.
            reject(error);
            req.destroy(error);
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', (error) => reject(wrap(error)));
      },
    );
    const timer = setTimeout(() => req.destroy(new OutboundError('timeout', 'The request timed out.')), remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new OutboundError('timeout', 'The request timed out.')));
    req.on('error', (error) => reject(wrap(error)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())));
}

function wrap(error: Error): Error {
  if (error instanceof OutboundError) return error;
  return new OutboundError('network', error.message, { cause: error });
}
