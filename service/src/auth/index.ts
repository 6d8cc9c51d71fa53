import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { secretBox } from '../crypto/secret-box';
import { createCaptcha } from '../http/captcha';
import { formLimiter } from '../http/rate-limits';
import type { Mailer } from '../mail/mailer';
import type { Store } from '../store/port';
import { profileRouter } from './profile';
import { recentAuthentication } from './recent-auth';
import { refreshTokens } from './refresh-tokens';
import { authRouter, userAuthenticator } from './routes';
import { sessionCookies } from './session-cookie';
import { loginThrottle } from './throttle';
import { accessTokens } from './tokens';
import { totpFactors } from './totp';
import { users } from './users';

export { RECENT_AUTH_MS } from './recent-auth';

export interface AuthDeps {
  store: Store;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  now: () => Date;
}

export interface Auth {
  /** Mount at /v1/auth. */
  router: Router;
  /** Mount at /v1/profile. */
  profileRouter: Router;
  /** Verifies the Bearer access token; sets res.locals.user = { id, email } or throws session_missing / invalid_jwt. */
  requireUser: RequestHandler;
  /**
   * After requireUser: 403 reauthentication_required unless the session signed in or re-authenticated (POST
   * /v1/auth/reauthenticate) in the last 10 minutes. For what would hand the account or the team to a thief.
   */
  requireRecentAuth: RequestHandler;
  /**
   * The user id of an access token whose signature and claims check out, else undefined. Cheap (no store): the
   * app's rate limit counts a request against its user with it before the route authenticates it fully.
   */
  subjectOf(token: string): string | undefined;
}

/** One hour: the window of the sign-up, recover and resend limits. */
const HOUR_MS = 60 * 60 * 1000;

/** Accounts, sessions, two-factor and profiles. Opens its collections, so it is awaited once at start-up. */
export async function createAuth(deps: AuthDeps): Promise<Auth> {
  const { store, now, config } = deps;
  const captcha = await createCaptcha({ secret: config.secret, store, now });
  const form = (name: 'signup' | 'recover' | 'resend') =>
    formLimiter({ store, now }, name, config.formLimits[name], { addressWindowMs: HOUR_MS, emailWindowMs: HOUR_MS });
  const parts = {
    ...deps,
    users: await users(store, now),
    access: accessTokens(config.secret, config.publicUrl, now),
    refresh: await refreshTokens(store, now, secretBox(config.secret, 'refresh-token-successor')),
    throttle: await loginThrottle(store, now, captcha),
    totp: await totpFactors(store, now, secretBox(config.secret, 'totp')),
    recentAuth: await recentAuthentication(store, now),
    cookies: sessionCookies(config.corsOrigins),
    formLimits: { signup: form('signup'), recover: form('recover'), resend: form('resend') },
  };
  const requireUser = userAuthenticator(parts);
  return {
    router: authRouter(parts, requireUser),
    profileRouter: await profileRouter(store, parts.users, requireUser, now),
    requireUser,
    requireRecentAuth: parts.recentAuth.require,
    subjectOf(token) {
      try {
        return parts.access.verify(token).sub;
      } catch {
        return undefined;
      }
    },
  };
}
