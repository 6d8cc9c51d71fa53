import { QuireError } from '@quire/core';
import type { Request, Response } from 'express';

/**
 * The browser's way of holding a session: the refresh token in a cookie that scripts cannot read, the access token
 * in the page's memory. A request asks for it with `Quire-Session: cookie`; without that header the token routes
 * speak JSON (the refresh token in the body, both ways) and never read or set the cookie.
 *
 * Why a header: a form or an image on another site cannot send a custom header, and a script on another origin
 * can send one only after a CORS preflight, which the service grants to its own origins alone. So a request that
 * carries the cookie and acts on it was made by a page the service trusts. The `Origin` is checked as well (the
 * browser always sends it with a POST from a script), and the cookie is SameSite=Strict: three locks, any of which
 * stops a forged request.
 */
export const SESSION_MODE_HEADER = 'Quire-Session';
export const SESSION_MODE_COOKIE = 'cookie';
export const REFRESH_COOKIE = 'quire_refresh';
/** The cookie goes back to the auth routes only: never to the rest of the API, never to the site's pages. */
export const REFRESH_COOKIE_PATH = '/v1/auth';
/** As long as the refresh token it holds: each rotation sets it again with a new 30 days. */
const REFRESH_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionCookies {
  /**
   * True when the request asks for cookie mode. Such a request must come from a trusted origin: throws
   * cross_site_request otherwise, before anything reads the cookie.
   */
  requested(req: Request): boolean;
  /** The refresh token the cookie holds, if any. */
  read(req: Request): string | undefined;
  /** Sets (or replaces) the cookie. */
  set(req: Request, res: Response, refreshToken: string): void;
  /** Tells the browser to drop the cookie. */
  clear(req: Request, res: Response): void;
}

/** `trustedOrigins`: the origins besides the service's own that may use the cookie (CORS_ORIGINS). */
export function sessionCookies(trustedOrigins: readonly string[]): SessionCookies {
  const trusted = new Set(trustedOrigins);

  function assertTrustedOrigin(req: Request): void {
    const origin = req.get('origin');
    // The service's own origin as the browser saw it (req.protocol follows X-Forwarded-Proto from a trusted proxy).
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin === undefined || (origin !== own && !trusted.has(origin))) {
      throw new QuireError('cross_site_request', {
        details: { origin: origin ?? null },
      });
    }
  }

  const attributes = (req: Request) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    // Secure whenever the browser reached us over HTTPS, directly or through the trusted proxy; a plain-HTTP
    // localhost service still works in a browser, which would not send a Secure cookie back over HTTP.
    secure: req.secure,
    path: REFRESH_COOKIE_PATH,
  });

  return {
    requested(req) {
      if (req.get(SESSION_MODE_HEADER)?.trim().toLowerCase() !== SESSION_MODE_COOKIE) return false;
      assertTrustedOrigin(req);
      return true;
    },

    read(req) {
      for (const pair of (req.get('cookie') ?? '').split(';')) {
        const at = pair.indexOf('=');
        if (at < 0 || pair.slice(0, at).trim() !== REFRESH_COOKIE) continue;
        const value = pair.slice(at + 1).trim();
        return value === '' ? undefined : value;
      }
      return undefined;
    },

    set(req, res, refreshToken) {
      res.cookie(REFRESH_COOKIE, refreshToken, { ...attributes(req), maxAge: REFRESH_COOKIE_MAX_AGE_MS });
    },

    clear(req, res) {
      res.clearCookie(REFRESH_COOKIE, attributes(req));
    },
  };
}
