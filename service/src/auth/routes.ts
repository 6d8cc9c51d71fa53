import { ERROR_CATALOGUE, QuireError } from '@quire/core';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Config } from '../config';
import { parse } from '../http/validate';
import type { Mailer } from '../mail/mailer';
import { resetPasswordMail, verifyEmailMail } from './mails';
import { assertStrongPassword, burnVerify, hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from './passwords';
import type { RefreshTokens } from './refresh-tokens';
import { accountKey, ipKey, type Throttle } from './throttle';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens, RECOVERY_TOKEN_TTL_SECONDS } from './tokens';
import { factorJson, type Totp } from './totp';
import { type UserRecord, type Users, userJson } from './users';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthParts {
  config: Config;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  users: Users;
  access: AccessTokens;
  refresh: RefreshTokens;
  throttle: Throttle;
  totp: Totp;
}

export interface AuthedLocals {
  user: { id: string; email: string };
  sessionId: string;
  /** The session was opened with a password reset link (POST /verify, type recovery). */
  recovery: boolean;
}

/** The `amr` claim of a recovery session's access token. */
export const RECOVERY_AMR = 'recovery';

const Email = z.email();
const optionalText = z.string().optional();
const FullName = z.string().trim().max(200);

/** POST /signup body. */
export const SignupBody = z.object({
  email: optionalText,
  password: optionalText,
  data: z.object({ full_name: FullName.optional() }).optional(),
});
/** GET /verify query. */
export const VerifyEmailQuery = z.object({ token: z.string().min(1) });
/** POST /token?grant_type=password body. */
export const PasswordGrantBody = z.object({ email: optionalText, password: optionalText });
/** POST /token?grant_type=refresh_token body. */
export const RefreshTokenGrantBody = z.object({ refresh_token: z.string().min(1) });
/** POST /logout query. */
export const LogoutQuery = z.object({ scope: z.enum(['global', 'local']).default('global') });
/** POST /logout body (read with scope=local). */
export const LogoutBody = z.object({ refresh_token: z.string().min(1).optional() });
/** PUT /user body. */
export const UpdateUserBody = z.object({
  email: z.string().trim().optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  data: z.object({ full_name: FullName.nullable().optional() }).optional(),
});
/** POST /recover body. */
export const RecoverBody = z.object({ email: optionalText });
/** POST /reset body. */
export const ResetPasswordBody = z.object({ token: z.string().min(1), password: z.string() });
/** POST /verify body: trades a password reset token for a short recovery session. */
export const VerifyOtpBody = z.object({
  type: z.literal('recovery').describe('Only `recovery` (the token of a password reset link) for now'),
  token: z.string().min(1).describe('The `token` parameter of the emailed /reset-password link'),
});
/** POST /factors body. */
export const EnrolFactorBody = z.object({ friendly_name: z.string().trim().max(100).optional() });
/** POST /factors/:id/verify body. */
export const VerifyFactorBody = z.object({ challenge_id: z.string().min(1), code: z.string().optional() });

/** Signed-in user of a request that went through requireUser. */
export function authed(res: Response): AuthedLocals {
  return {
    user: res.locals.user as AuthedLocals['user'],
    sessionId: res.locals.sessionId as string,
    recovery: res.locals.recovery === true,
  };
}

/** Express 5 leaves req.body undefined when a request has no body: treat that as an empty object. */
const bodyOf = (req: Request): unknown => req.body ?? {};

function assertEmail(email: string): string {
  if (!Email.safeParse(email).success) throw new QuireError('invalid_email', { param: 'email' });
  return email.toLowerCase();
}

/**
 * Verifies the Bearer access token and that its session was not ended (logout, password reset). A recovery session
 * (opened with a password reset link) is refused unless `allowRecovery`: it may only read the user, set a new
 * password (PUT /user) and sign out.
 */
export function userAuthenticator(
  parts: Pick<AuthParts, 'access' | 'refresh' | 'users'>,
  options: { allowRecovery?: boolean } = {},
): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new QuireError('session_missing');
    const claims = parts.access.verify(match[1]);
    const recovery = claims.amr?.includes(RECOVERY_AMR) === true;
    if (recovery && !options.allowRecovery) {
      throw new QuireError('session_missing', {
        message: 'A password recovery session can only set a new password. Please sign in.',
      });
    }
    // Access tokens are stateless for an hour; checking the session here makes logout and reset take effect now.
    if (!(await parts.refresh.isFamilyLive(claims.sid))) throw new QuireError('session_missing');
    const user = await parts.users.byId(claims.sub);
    if (!user) throw new QuireError('invalid_jwt');
    res.locals.user = { id: user.id, email: user.email };
    res.locals.sessionId = claims.sid;
    res.locals.recovery = recovery;
    next();
  };
}

export function authRouter(parts: AuthParts, requireUser: RequestHandler): Router {
  const { config, mailer, logger, now, users, access, refresh, throttle, totp } = parts;
  const router = Router();
  /** requireUser that also lets a recovery session through: GET/PUT /user and POST /logout only. */
  const requireUserOrRecovery = userAuthenticator(parts, { allowRecovery: true });

  async function sessionJson(user: UserRecord, refreshToken: string, familyId: string) {
    const { token, expiresAt } = access.sign({ sub: user.id, email: user.email, sid: familyId });
    return {
      access_token: token,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      token_type: 'bearer' as const,
      user: userJson(user, await totp.summaries(user.id)),
    };
  }

  /**
   * A 15-minute session proven by a password reset link. It has a session family (so logout and revocation end
   * it) but no refresh token is given out: it cannot be extended or turned into a normal session.
   */
  async function recoverySession(user: UserRecord) {
    const { familyId } = await refresh.issue(user.id);
    const { token, expiresAt } = access.sign(
      { sub: user.id, email: user.email, sid: familyId, amr: [RECOVERY_AMR] },
      RECOVERY_TOKEN_TTL_SECONDS,
    );
    return {
      access_token: token,
      expires_in: RECOVERY_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      token_type: 'bearer' as const,
      user: userJson(user, await totp.summaries(user.id)),
    };
  }

  async function newSession(user: UserRecord) {
    const { token, familyId } = await refresh.issue(user.id);
    return sessionJson(user, token, familyId);
  }

  async function currentUser(res: Response): Promise<UserRecord> {
    const user = await users.byId(authed(res).user.id);
    if (!user) throw new QuireError('session_missing');
    return user;
  }

  async function sendVerification(kind: 'verify_email' | 'change_email', user: UserRecord, email: string) {
    const token = await users.issueEmailToken(kind, user.id, email, VERIFY_TTL_MS);
    const url = `${config.publicUrl}/v1/auth/verify?token=${token}`;
    // A mail outage must not undo the signup: the user can ask for a new link by changing or re-requesting.
    await mailer.send(verifyEmailMail(email, url)).catch((err: unknown) => {
      logger.error({ err, user_id: user.id }, 'verification email failed');
    });
  }

  /** Throttle check that also sets Retry-After, as the app's own rate limiter does. */
  async function checkThrottle(res: Response, keys: string[]) {
    try {
      await throttle.check(keys);
    } catch (error) {
      if (QuireError.isInstance(error) && typeof error.details.retry_after === 'number') {
        res.set('Retry-After', String(error.details.retry_after));
      }
      throw error;
    }
  }

  router.post('/signup', async (req, res) => {
    const body = parse(SignupBody, bodyOf(req));
    if (!body.email || !body.password) throw new QuireError('missing_credentials');
    const email = assertEmail(body.email.trim());
    assertStrongPassword(body.password, email);
    const user = await users.create({
      email,
      passwordHash: await hashPassword(body.password),
      fullName: body.data?.full_name || null,
    });
    await sendVerification('verify_email', user, user.email);
    res.status(201).json(userJson(user, []));
  });

  router.get('/verify', async (req, res) => {
    const { token } = parse(VerifyEmailQuery, req.query);
    const record = await users.consumeEmailToken(['verify_email', 'change_email'], token);
    if (!record) {
      throw new QuireError('validation_failed', {
        param: 'token',
        message: 'This confirmation link is invalid, was already used or has expired.',
      });
    }
    const user = await users.byId(record.user_id);
    if (!user) throw new QuireError('validation_failed', { param: 'token', message: 'This account no longer exists.' });
    const at = now().toISOString();
    let updated = user;
    if (record.kind === 'change_email') {
      // The uniqueness of the address is enforced here, when it is applied: email_taken if someone took it since.
      updated = await users.update(user.id, { email: record.email, email_confirmed_at: at });
    } else if (record.email === user.email && !user.email_confirmed_at) {
      updated = await users.update(user.id, { email_confirmed_at: at });
    }
    res.json({
      message: 'Email address confirmed.',
      email: updated.email,
      email_confirmed_at: updated.email_confirmed_at,
    });
  });

  router.post('/token', async (req, res) => {
    const grant = req.query.grant_type;
    if (grant === 'password') {
      const body = parse(PasswordGrantBody, bodyOf(req));
      if (!body.email || !body.password) throw new QuireError('missing_credentials');
      const email = body.email.trim().toLowerCase();
      const keys = [accountKey(email), ipKey(req.ip)];
      await checkThrottle(res, keys);
      const user = await users.byEmail(email);
      const ok =
        user &&
        body.password.length <= MAX_PASSWORD_LENGTH &&
        (await verifyPassword(body.password, user.password_hash));
      if (!user) await burnVerify(body.password.slice(0, MAX_PASSWORD_LENGTH));
      if (!user || !ok) {
        await throttle.fail(keys);
        throw new QuireError('invalid_credentials');
      }
      // Said only after the password matched, so it reveals nothing to someone without it.
      if (!user.email_confirmed_at) throw new QuireError('email_not_confirmed');
      const factor = await totp.verifiedFactor(user.id);
      if (factor) {
        // The password alone is not enough: the client answers this challenge at POST factors/:id/verify. The
        // account counter is reset only when the whole sign-in succeeds, so wrong codes keep counting.
        const challenge = await totp.challenge(factor, 'login');
        res.json({
          mfa_required: true,
          code: 'mfa_required',
          message: ERROR_CATALOGUE.mfa_required.message,
          factor_id: factor.id,
          challenge_id: challenge.id,
          expires_at: challenge.expires_at,
        });
        return;
      }
      await throttle.reset(accountKey(email));
      res.json(await newSession(user));
      return;
    }
    if (grant === 'refresh_token') {
      const body = parse(RefreshTokenGrantBody, bodyOf(req));
      const rotated = await refresh.rotate(body.refresh_token);
      const user = await users.byId(rotated.userId);
      if (!user) throw new QuireError('invalid_refresh_token');
      res.json(await sessionJson(user, rotated.token, rotated.familyId));
      return;
    }
    throw new QuireError('validation_failed', {
      param: 'grant_type',
      message: 'grant_type: must be password or refresh_token',
    });
  });

  router.post('/logout', requireUserOrRecovery, async (req, res) => {
    const { scope } = parse(LogoutQuery, req.query);
    const { user, sessionId } = authed(res);
    if (scope === 'global') {
      await refresh.revokeUser(user.id);
    } else {
      const body = parse(LogoutBody, bodyOf(req));
      await refresh.revokeFamily(sessionId);
      const other = body.refresh_token ? await refresh.familyOf(body.refresh_token, user.id) : undefined;
      if (other && other !== sessionId) await refresh.revokeFamily(other);
    }
    res.status(204).end();
  });

  router.get('/user', requireUserOrRecovery, async (_req, res) => {
    const user = await currentUser(res);
    res.json(userJson(user, await totp.summaries(user.id)));
  });

  router.put('/user', requireUserOrRecovery, async (req, res) => {
    const body = parse(UpdateUserBody, bodyOf(req));
    const { recovery, sessionId } = authed(res);
    let user = await currentUser(res);
    if (recovery && body.email !== undefined) {
      // The reset link proves the mailbox, not the account: moving the account to another address needs a sign-in.
      throw new QuireError('validation_failed', {
        param: 'email',
        message: 'email: changing the email address needs a normal sign-in, not a password recovery session',
      });
    }
    if (body.password !== undefined && recovery) {
      // The reset link stood in for the current password: this is POST /reset in two steps.
      assertStrongPassword(body.password, user.email);
      user = await users.update(user.id, {
        password_hash: await hashPassword(body.password),
        email_confirmed_at: user.email_confirmed_at ?? now().toISOString(),
      });
      // Every session ends, the recovery one too: the user signs in again with the new password.
      await refresh.revokeUser(user.id);
      await throttle.reset(accountKey(user.email));
    } else if (body.password !== undefined) {
      if (!body.current_password) {
        throw new QuireError('missing_credentials', {
          param: 'current_password',
          message: 'Changing the password needs the current password.',
        });
      }
      const keys = [accountKey(user.email), ipKey(req.ip)];
      await checkThrottle(res, keys);
      const current = body.current_password.slice(0, MAX_PASSWORD_LENGTH);
      if (!(await verifyPassword(current, user.password_hash))) {
        await throttle.fail(keys);
        throw new QuireError('invalid_credentials', { param: 'current_password' });
      }
      assertStrongPassword(body.password, user.email);
      user = await users.update(user.id, { password_hash: await hashPassword(body.password) });
      // Other sessions may belong to whoever knew the old password: end them, keep the one that changed it.
      await refresh.revokeUser(user.id, sessionId);
    }
    if (body.data && body.data.full_name !== undefined) {
      user = await users.update(user.id, { full_name: body.data.full_name || null });
    }
    if (body.email !== undefined) {
      const email = assertEmail(body.email);
      if (email !== user.email) {
        if (await users.byEmail(email)) throw new QuireError('email_taken', { param: 'email' });
        // Applied only when the new address confirms it owns the mailbox (GET verify).
        await sendVerification('change_email', user, email);
      }
    }
    res.json(userJson(user, await totp.summaries(user.id)));
  });

  router.post('/recover', async (req, res) => {
    const body = parse(RecoverBody, bodyOf(req));
    if (!body.email) throw new QuireError('email_required', { param: 'email' });
    const email = assertEmail(body.email.trim());
    // The answer and its timing do not depend on whether the account exists: the work happens after replying.
    const work = async () => {
      const user = await users.byEmail(email);
      if (!user) return;
      const token = await users.issueEmailToken('reset_password', user.id, user.email, RESET_TTL_MS);
      await mailer.send(resetPasswordMail(user.email, `${config.publicUrl}/reset-password?token=${token}`));
    };
    void work().catch((err: unknown) => logger.error({ err }, 'password reset email failed'));
    res.json({ message: 'If an account exists for this email, a password reset link has been sent.' });
  });

  router.post('/reset', async (req, res) => {
    const body = parse(ResetPasswordBody, bodyOf(req));
    // Checked before the password so that a weak password does not use the link up.
    const record = await users.peekEmailToken(['reset_password'], body.token);
    const user = record ? await users.byId(record.user_id) : undefined;
    if (!record || !user) throw new QuireError('reset_link_expired', { param: 'token' });
    assertStrongPassword(body.password, user.email);
    if (!(await users.consumeEmailToken(['reset_password'], body.token))) {
      throw new QuireError('reset_link_expired', { param: 'token' });
    }
    await users.update(user.id, {
      password_hash: await hashPassword(body.password),
      // The link reached the mailbox, which proves the address as well as a confirmation link would.
      email_confirmed_at: user.email_confirmed_at ?? now().toISOString(),
    });
    await refresh.revokeUser(user.id);
    await throttle.reset(accountKey(user.email));
    res.json({ message: 'Password reset successfully!' });
  });

  router.post('/verify', async (req, res) => {
    const body = parse(VerifyOtpBody, bodyOf(req));
    // Using the link here uses it up: the recovery session, not the link, then sets the password (PUT /user).
    const record = await users.consumeEmailToken(['reset_password'], body.token);
    const user = record ? await users.byId(record.user_id) : undefined;
    if (!record || !user) throw new QuireError('reset_link_expired', { param: 'token' });
    res.json(await recoverySession(user));
  });

  // Two-factor (TOTP) factors.

  router.post('/factors', requireUser, async (req, res) => {
    const body = parse(EnrolFactorBody, bodyOf(req));
    const { user } = authed(res);
    const { factor, uri } = await totp.enrol(user.id, user.email, body.friendly_name || null);
    // The QR code as SVG, ready to put in a page for an authenticator app to scan.
    const qr_code = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    res.status(201).json({
      id: factor.id,
      type: 'totp',
      friendly_name: factor.friendly_name,
      totp: { secret: factor.secret, uri, qr_code },
      status: factor.status,
    });
  });

  router.get('/factors', requireUser, async (_req, res) => {
    const list = await totp.list(authed(res).user.id);
    res.json({ object: 'list', data: list.map(factorJson) });
  });

  router.delete('/factors/:id', requireUser, async (req, res) => {
    await totp.remove(authed(res).user.id, req.params.id as string);
    res.status(204).end();
  });

  router.post('/factors/:id/challenge', requireUser, async (req, res) => {
    const factor = await totp.owned(authed(res).user.id, req.params.id as string);
    res.json(await totp.challenge(factor, 'bearer'));
  });

  const optionalUser: RequestHandler = (req, res, next) => {
    if (req.get('authorization')) return requireUser(req, res, next);
    next();
  };

  router.post('/factors/:id/verify', optionalUser, async (req, res) => {
    const body = parse(VerifyFactorBody, bodyOf(req));
    const code = body.code?.trim() ?? '';
    if (code === '') throw new QuireError('verification_code_required', { param: 'code' });
    if (!/^\d{6}$/.test(code)) {
      throw new QuireError('validation_failed', { param: 'code', message: 'code: must be 6 digits' });
    }
    const challenge = await totp.openChallenge(req.params.id as string, body.challenge_id);
    const user = await users.byId(challenge.user_id);
    if (!user) throw new QuireError('invalid_verification_code');
    if (challenge.purpose === 'bearer') {
      // A challenge asked for by a signed-in user is answered by that user only.
      if (res.locals.user?.id !== challenge.user_id) throw new QuireError('session_missing');
      await totp.verify(challenge, code);
      res.json(await newSession(user));
      return;
    }
    // The sign-in case: wrong codes count against the account like wrong passwords.
    const keys = [accountKey(user.email), ipKey(req.ip)];
    await checkThrottle(res, keys);
    try {
      await totp.verify(challenge, code);
    } catch (error) {
      if (QuireError.isInstance(error) && error.code === 'invalid_verification_code') await throttle.fail(keys);
      throw error;
    }
    await throttle.reset(accountKey(user.email));
    res.json(await newSession(user));
  });

  return router;
}
