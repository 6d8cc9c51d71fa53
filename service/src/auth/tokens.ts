import { QuireError } from '@quire/core';
import jwt from 'jsonwebtoken';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** A recovery session (from a password reset link) lasts 15 minutes: long enough to choose a new password. */
export const RECOVERY_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'quire';

export interface AccessClaims {
  sub: string;
  email: string;
  /** The refresh-token family this access token belongs to: logging out ends it. */
  sid: string;
  /** How the session was authenticated; `['recovery']` for a session opened with a password reset link. */
  amr?: string[];
}

export interface AccessTokens {
  /** Signs an access token valid `ttlSeconds` (default one hour). */
  sign(claims: AccessClaims, ttlSeconds?: number): { token: string; expiresAt: number };
  /** Throws invalid_jwt for anything but a live token of ours. */
  verify(token: string): AccessClaims;
}

/** HS256 access tokens: issuer and audience pinned, and only HS256 accepted so `alg: none` or RS/HS confusion fail. */
export function accessTokens(secret: string, issuer: string, now: () => Date): AccessTokens {
  return {
    sign(claims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
      const iat = Math.floor(now().getTime() / 1000);
      const exp = iat + ttlSeconds;
      // iat and exp come from our clock rather than jsonwebtoken's so that tests and verification agree.
      const token = jwt.sign({ ...claims, iat, exp }, secret, { algorithm: 'HS256', issuer, audience: AUDIENCE });
      return { token, expiresAt: exp };
    },
    verify(token) {
      let payload: string | jwt.JwtPayload;
      try {
        payload = jwt.verify(token, secret, {
          algorithms: ['HS256'],
          issuer,
          audience: AUDIENCE,
          clockTimestamp: Math.floor(now().getTime() / 1000),
        });
      } catch (error) {
        throw new QuireError('invalid_jwt', { cause: error });
      }
      if (
        typeof payload === 'string' ||
        typeof payload.sub !== 'string' ||
        typeof payload.email !== 'string' ||
        typeof payload.sid !== 'string' ||
        (payload.amr !== undefined &&
          !(Array.isArray(payload.amr) && payload.amr.every((method) => typeof method === 'string')))
      ) {
        throw new QuireError('invalid_jwt');
      }
      const claims: AccessClaims = { sub: payload.sub, email: payload.email, sid: payload.sid };
      if (payload.amr) claims.amr = payload.amr as string[];
      return claims;
    },
  };
}
