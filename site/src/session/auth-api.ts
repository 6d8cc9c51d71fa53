import { type Fetch, Quire } from '@quire/client';

/** The signed-in person, as GET /v1/auth/user and every session answer carry them. */
export interface SessionUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  user_metadata: { full_name: string | null };
  factors: { id: string; factor_type: 'totp'; status: 'verified' | 'unverified' }[];
  created_at: string;
}

/** A session in cookie mode: the refresh token is in the httpOnly cookie, never here. */
export interface CookieSession {
  access_token: string;
  expires_in: number;
  /** Seconds since the epoch. */
  expires_at: number;
  token_type: 'bearer';
  user: SessionUser;
}

/** The password was right, and the account has a verified two-factor method: answer this challenge first. */
export interface MfaChallenge {
  mfa_required: true;
  factor_id: string;
  challenge_id: string;
  expires_at: number;
}

/** The token routes the session needs, in the service's cookie mode. */
export interface AuthApi {
  /** `altcha`: a solved challenge, once the service asked for one (captcha_required after failed attempts). */
  signIn(email: string, password: string, altcha?: string): Promise<CookieSession | MfaChallenge>;
  verifyFactor(factorId: string, challengeId: string, code: string, altcha?: string): Promise<CookieSession>;
  refresh(): Promise<CookieSession>;
  /** POST /v1/auth/logout?scope=global (the seed's sign-out): ends every session of the person. */
  signOut(accessToken: string | null): Promise<void>;
}

/** Asks the token routes for cookie mode (see the service's auth/session-cookie.ts). */
export const SESSION_MODE_HEADERS = { 'Quire-Session': 'cookie' } as const;

/**
 * The token routes through @quire/client. A client of its own, apart from the site's: it carries no token source
 * (the session is what the token source asks, so asking it here would go round in circles), sends the cookie
 * mode header, and never retries by itself, since the session's refresh schedule does its own retrying.
 */
export function createAuthApi(options: { baseUrl: string; fetch?: Fetch }): AuthApi {
  const quire = new Quire({
    apiKey: null,
    baseUrl: options.baseUrl,
    headers: { ...SESSION_MODE_HEADERS },
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    signIn: (email, password, altcha) =>
      quire.request({
        method: 'POST',
        path: '/v1/auth/token',
        query: { grant_type: 'password' },
        body: { email, password, ...(altcha ? { altcha } : {}) },
      }),
    verifyFactor: (factorId, challengeId, code, altcha) =>
      quire.request({
        method: 'POST',
        path: `/v1/auth/factors/${encodeURIComponent(factorId)}/verify`,
        body: { challenge_id: challengeId, code, ...(altcha ? { altcha } : {}) },
      }),
    refresh: () => quire.request({ method: 'POST', path: '/v1/auth/token', query: { grant_type: 'refresh_token' } }),
    async signOut(accessToken) {
      await quire.request(
        { method: 'POST', path: '/v1/auth/logout', query: { scope: 'global' } },
        accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {},
      );
    },
  };
}

export function isMfaChallenge(answer: CookieSession | MfaChallenge): answer is MfaChallenge {
  return 'mfa_required' in answer && answer.mfa_required === true;
}
