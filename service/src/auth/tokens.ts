import { QuireError } from '@quire/core';
import jwt from 'jsonwebtoken';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const AUDIENCE = 'quire';

export interface AccessClaims {
  sub: string;
  email: string;
  /** The refresh-token family this access token belongs to: logging out ends it. */
  sid: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): { token: string; expiresAt: number };
  /** Throws invalid_jwt for anything but a live token of ours. */
  verify(token: string): AccessClaims;
}

/** HS256 access tokens: issuer and audience pinned, and only HS256 accepted so `alg: none` or RS/HS confusion fail. */
export function accessTokens(secret: string, issuer: string, now: () => Date): AccessTokens {
  return {
    sign(claims) {
      const iat = Math.floor(now().getTime() / 1000);
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
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
        typeof payload.sid !== 'string'
      ) {
        throw new QuireError('invalid_jwt');
      }
      return { sub: payload.sub, email: payload.email, sid: payload.sid };
    },
  };
}
