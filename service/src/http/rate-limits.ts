import { QuireError } from '@quire/core';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import type { Store } from '../store/port';
import { StoreRateLimitStore } from './rate-limit-store';

/**
 * The client's address as a limiter key: IPv4 as is, IPv6 by its /56 (one subscriber's whole range), so that
 * walking through the addresses of one's own range does not buy more requests.
 */
export const addressKey = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? '')}`;

/** What every limit answers when it is reached: the standard RateLimit headers, Retry-After and rate_limited. */
const tooMany: Parameters<typeof rateLimit>[0] = {
  standardHeaders: 'draft-8',
  legacyHeaders: false,
  handler: (_req, _res, next) => next(new QuireError('rate_limited')),
};

/**
 * Who a request's credential belongs to, checked: `user:<id>` for a session token whose signature verifies,
 * `key:<id>` for a live API key, undefined for anything else (no credential, or a junk one).
 */
export type IdentifyCredential = (req: Request) => Promise<string | undefined>;

/**
 * The app-wide request limit, counted in the shared store (replicas on one MongoDB share it): `perMinute` requests
 * per minute per credential, checked before the request goes on (a user, whichever session or address they call
 * from, or an API key), and per client address for a request without a valid credential. So a new junk bearer
 * token per request buys nothing, one busy office behind a NAT does not starve, and one key cannot spread its load
 * over many addresses. One counter write per request.
 */
export function requestLimit({
  store,
  now,
  perMinute,
  identify,
}: {
  store: Store;
  now: () => Date;
  perMinute: number;
  identify: IdentifyCredential;
}): RequestHandler {
  return rateLimit({
    ...tooMany,
    windowMs: 60_000,
    limit: perMinute,
    identifier: 'requests',
    store: new StoreRateLimitStore(store, 'rate_limits_requests', now),
    keyGenerator: async (req) => (await identify(req)) ?? addressKey(req),
  });
}

/** How many requests one form (sign-up, password recovery, ...) takes per client address and per target address. */
export interface FormLimit {
  perAddress: number;
  perEmail: number;
}

export interface FormLimiter {
  /** Counts every attempt, failed ones included, against the client address. */
  byAddress: RequestHandler;
  /**
   * Counts requests against the (lower-cased) email address of the body's `email` field: one victim's mailbox
   * gets at most `perEmail` mails from this form per window, whoever asks and from wherever. Requests the route
   * refuses (an error status: a weak password, a missing captcha) send nothing and are given back.
   */
  byEmail: RequestHandler;
}

const Email = z.email();

/** The per-address and per-email limits of a public form that sends mail, counted in the shared store. */
export function formLimiter(
  { store, now }: { store: Store; now: () => Date },
  name: string,
  limit: FormLimit,
  windows: { addressWindowMs: number; emailWindowMs: number },
): FormLimiter {
  const emailOf = (req: Request): string | undefined => {
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return undefined;
    const normalised = email.trim().toLowerCase();
    return Email.safeParse(normalised).success ? normalised : undefined;
  };
  return {
    byAddress: rateLimit({
      ...tooMany,
      windowMs: windows.addressWindowMs,
      limit: limit.perAddress,
      identifier: `${name}-address`,
      store: new StoreRateLimitStore(store, `rate_limits_${name}`, now),
      requestPropertyName: `${name}AddressLimit`,
      keyGenerator: addressKey,
    }),
    byEmail: rateLimit({
      ...tooMany,
      windowMs: windows.emailWindowMs,
      limit: limit.perEmail,
      identifier: `${name}-email`,
      store: new StoreRateLimitStore(store, `rate_limits_${name}_email`, now),
      requestPropertyName: `${name}EmailLimit`,
      skip: (req) => emailOf(req) === undefined,
      skipFailedRequests: true,
      keyGenerator: (req) => `email:${emailOf(req)}`,
    }),
  };
}
