import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { Store } from '../store/port';
import { profileRouter } from './profile';
import { refreshTokens } from './refresh-tokens';
import { authRouter, userAuthenticator } from './routes';
import { loginThrottle } from './throttle';
import { accessTokens } from './tokens';
import { totpFactors } from './totp';
import { users } from './users';

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
}

/** Accounts, sessions, two-factor and profiles. Opens its collections, so it is awaited once at start-up. */
export async function createAuth(deps: AuthDeps): Promise<Auth> {
  const { store, now, config } = deps;
  const parts = {
    ...deps,
    users: await users(store, now),
    access: accessTokens(config.secret, config.publicUrl, now),
    refresh: await refreshTokens(store, now),
    throttle: await loginThrottle(store, now),
    totp: await totpFactors(store, now),
  };
  const requireUser = userAuthenticator(parts);
  return {
    router: authRouter(parts, requireUser),
    profileRouter: await profileRouter(store, parts.users, requireUser, now),
    requireUser,
  };
}
