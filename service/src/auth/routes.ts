import { ERROR_CATALOGUE, QuireError } from '@quire/core';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Config } from '../config';
import type { FormLimiter } from '../http/rate-limits';
import { parse } from '../http/validate';
import type { Mailer } from '../mail/mailer';
import { accountExistsMail, emailChangeNoticeMail, resetPasswordMail, verifyEmailMail } from './mails';
import { assertStrongPassword, burnVerify, hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from './passwords';
import type { RecentAuth } from './recent-auth';
import type { RefreshTokens } from './refresh-tokens';
import { SESSION_MODE_COOKIE, SESSION_MODE_HEADER, type SessionCookies } from './session-cookie';
import type { Throttle } from './throttle';
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
  recentAuth: RecentAuth;
  /** The browser's session cookie (see session-cookie.ts). */
  cookies: SessionCookies;
  /** The per-address and per-email limits of the routes that mail someone who may not have asked for it. */
  formLimits: Record<'signup' | 'recover' | 'resend', FormLimiter>;
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
/** A solved ALTCHA challenge (base64 JSON of { challenge, solution }), asked for by captcha_required. */
const Altcha = z
  .string()
  .max(20_000)
  .optional()
  .describe(
    'A solved proof-of-work challenge (ALTCHA v2: base64 of the JSON `{ challenge, solution }`). Needed only ' +
      'after an answer `captcha_required`, whose `error.challenge` is the challenge to solve.',
  );

/** What POST /signup answers, whether or not the address was registered already (the seed's words). */
export const SIGNUP_MESSAGE = 'Registration successful! Please check your email to verify your account.';
/** What POST /resend answers, whether or not there is an unconfirmed account for the address. */
export const RESEND_MESSAGE = 'If an unconfirmed account exists for this email, a new confirmation link has been sent.';

/** POST /signup body. */
export const SignupBody = z.object({
  email: optionalText,
  password: optionalText,
  data: z.object({ full_name: FullName.optional() }).optional(),
});
/** GET /verify query. */
export const VerifyEmailQuery = z.object({ token: z.string().min(1) });
/** POST /resend body. */
export const ResendBody = z.object({ email: optionalText });
/** POST /token?grant_type=password body. */
export const PasswordGrantBody = z.object({ email: optionalText, password: optionalText, altcha: Altcha });
/** POST /token?grant_type=refresh_token body. */
export const RefreshTokenGrantBody = z.object({
  refresh_token: z
    .string()
    .min(1)
    .describe('The refresh token of the session; in cookie mode (`Quire-Session: cookie`) the cookie holds it instead'),
});
/** POST /logout query. */
export const LogoutQuery = z.object({ scope: z.enum(['global', 'local']).default('global') });
/** POST /logout body (read with scope=local). */
export const LogoutBody = z.object({ refresh_token: z.string().min(1).optional() });
/** The header a browser sends to keep its refresh token in the httpOnly cookie rather than in JSON. */
export const SESSION_MODE_HEADER_DOC = {
  name: SESSION_MODE_HEADER,
  description:
    'For the web app: `cookie` keeps the refresh token out of JSON, in an httpOnly, SameSite=Strict cookie ' +
    '(`quire_refresh`, Path=/v1/auth, Secure over HTTPS) that this route sets, reads or clears; the answer has no ' +
    '`refresh_token`. Only from a page of the service’s own origin or of CORS_ORIGINS (the `Origin` header is ' +
    'checked: 403 `cross_site_request`). Without it, the route speaks JSON and ignores the cookie.',
  schema: { enum: [SESSION_MODE_COOKIE] },
};
/** PUT /user body. */
export const UpdateUserBody = z.object({
  email: z.string().trim().optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  data: z.object({ full_name: FullName.nullable().optional() }).optional(),
  altcha: Altcha,
});
/** POST /reauthenticate body: the password, or a code of the user's verified TOTP factor. */
export const ReauthenticateBody = z.object({
  password: z.string().optional().describe("The account's password"),
  code: z.string().optional().describe('Instead of the password: a 6-digit code of the verified TOTP factor'),
  altcha: Altcha,
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
export const VerifyFactorBody = z.object({
  challenge_id: z.string().min(1),
  code: z.string().optional(),
  altcha: Altcha,
});

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
    const session = await bearerSession(parts, req, options);
    res.locals.user = session.user;
    res.locals.sessionId = session.sessionId;
    res.locals.recovery = session.recovery;
    next();
  };
}

/** The session of the request's Bearer access token (see userAuthenticator); throws when there is none. */
async function bearerSession(
  parts: Pick<AuthParts, 'access' | 'refresh' | 'users'>,
  req: Request,
  options: { allowRecovery?: boolean },
): Promise<AuthedLocals> {
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
  return { user: { id: user.id, email: user.email }, sessionId: claims.sid, recovery };
}

export function authRouter(parts: AuthParts, requireUser: RequestHandler): Router {
  const { config, mailer, logger, now, users, access, refresh, throttle, totp, recentAuth, cookies, formLimits } =
    parts;
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

  /** A session opened by proving who the user is (password, two-factor code): it counts as a recent sign-in. */
  async function newSession(user: UserRecord) {
    const { token, familyId } = await refresh.issue(user.id);
    await recentAuth.mark(familyId, user.id);
    return sessionJson(user, token, familyId);
  }

  /**
   * Answers a session: as it is (JSON mode), or with its refresh token moved into the httpOnly cookie (cookie
   * mode), where the page's scripts cannot read it.
   */
  function sendSession(
    req: Request,
    res: Response,
    cookieMode: boolean,
    session: Awaited<ReturnType<typeof sessionJson>>,
  ) {
    if (!cookieMode) {
      res.json(session);
      return;
    }
    const { refresh_token, ...rest } = session;
    cookies.set(req, res, refresh_token);
    res.json(rest);
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

  /**
   * Claims a sign-in attempt at the account (see throttle.ts) before its password or code is checked; sets
   * Retry-After on too_many_attempts, as the app's own rate limiter does.
   */
  async function claimAttempt(req: Request, res: Response, email: string, altcha: string | undefined) {
    try {
      return await throttle.attempt({ req, email, captcha: altcha });
    } catch (error) {
      if (QuireError.isInstance(error) && typeof error.details.retry_after === 'number') {
        res.set('Retry-After', String(error.details.retry_after));
      }
      throw error;
    }
  }

  /** Someone signed up with an address that has an account: its owner is told, the person signing up is not. */
  async function notifyExistingAccount(existing: UserRecord) {
    if (!existing.email_confirmed_at) {
      // Probably the owner again, who lost the first mail: a fresh confirmation link is what they need.
      await sendVerification('verify_email', existing, existing.email);
      return;
    }
    const mail = accountExistsMail(existing.email, `${config.publicUrl}/login`, `${config.publicUrl}/forgot-password`);
    await mailer.send(mail).catch((err: unknown) => {
      logger.error({ err, user_id: existing.id }, 'account-exists email failed');
    });
  }

  router.post('/signup', formLimits.signup.byAddress, formLimits.signup.byEmail, async (req, res) => {
    const body = parse(SignupBody, bodyOf(req));
    if (!body.email || !body.password) throw new QuireError('missing_credentials');
    const email = assertEmail(body.email.trim());
    assertStrongPassword(body.password, email);
    // Hashed either way, so that a registered address takes as long to answer as a new one.
    const passwordHash = await hashPassword(body.password);
    const existing = await users.byEmail(email);
    let created: UserRecord | undefined;
    if (!existing) {
      created = await users.create({ email, passwordHash, fullName: body.data?.full_name || null }).catch((error) => {
        // Someone signed up with it meanwhile: answered like any registered address.
        if (QuireError.isInstance(error) && error.code === 'email_taken') return undefined;
        throw error;
      });
    }
    if (created) await sendVerification('verify_email', created, created.email);
    else {
      const owner = existing ?? (await users.byEmail(email));
      if (owner) await notifyExistingAccount(owner);
    }
    // The same answer for a new and a registered address: sign-up does not tell who has an account.
    res.status(201).json({ message: SIGNUP_MESSAGE });
  });

  router.post('/resend', formLimits.resend.byAddress, formLimits.resend.byEmail, async (req, res) => {
    const body = parse(ResendBody, bodyOf(req));
    if (!body.email) throw new QuireError('email_required', { param: 'email' });
    const email = assertEmail(body.email.trim());
    // As recover: the answer and its timing do not depend on the account, so the work happens after replying.
    const work = async () => {
      const user = await users.byEmail(email);
      if (!user || user.email_confirmed_at) return;
      await sendVerification('verify_email', user, user.email);
    };
    void work().catch((err: unknown) => logger.error({ err }, 'resending the confirmation email failed'));
    res.json({ message: RESEND_MESSAGE });
  });

  router.get('/verify', async (req, res) => {
    const { token } = parse(VerifyEmailQuery, req.query);
    // A person who clicked the mailed link gets the site's page, which confirms with this route as an API call:
    // the link is not used up by opening it in a browser (or by a mail scanner that fetches it as a page).
    if (req.accepts(['application/json', 'text/html']) === 'text/html') {
      res.redirect(303, `/verify-email?token=${encodeURIComponent(token)}`);
      return;
    }
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
    // First, so that a request from another site is refused before it signs anyone in.
    const cookieMode = cookies.requested(req);
    if (grant === 'password') {
      const body = parse(PasswordGrantBody, bodyOf(req));
      if (!body.email || !body.password) throw new QuireError('missing_credentials');
      const email = body.email.trim().toLowerCase();
      // Claimed before the password is looked at: of many concurrent guesses only the allowance are checked.
      const attempt = await claimAttempt(req, res, email, body.altcha);
      const user = await users.byEmail(email);
      const ok =
        user &&
        body.password.length <= MAX_PASSWORD_LENGTH &&
        (await verifyPassword(body.password, user.password_hash));
      if (!user) await burnVerify(body.password.slice(0, MAX_PASSWORD_LENGTH));
      // A wrong password leaves the attempt counted.
      if (!user || !ok) throw new QuireError('invalid_credentials');
      await attempt.succeeded();
      // Said only after the password matched, so it reveals nothing to someone without it.
      if (!user.email_confirmed_at) throw new QuireError('email_not_confirmed');
      const factor = await totp.verifiedFactor(user.id);
      if (factor) {
        // The password alone is not enough: the client answers this challenge at POST factors/:id/verify, where
        // each code is an attempt of its own.
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
      sendSession(req, res, cookieMode, await newSession(user));
      return;
    }
    if (grant === 'refresh_token') {
      if (!cookieMode) {
        const body = parse(RefreshTokenGrantBody, bodyOf(req));
        const rotated = await refresh.rotate(body.refresh_token);
        const user = await users.byId(rotated.userId);
        if (!user) throw new QuireError('invalid_refresh_token');
        res.json(await sessionJson(user, rotated.token, rotated.familyId));
        return;
      }
      const token = cookies.read(req);
      if (!token) throw new QuireError('session_missing');
      try {
        const rotated = await refresh.rotate(token);
        const user = await users.byId(rotated.userId);
        if (!user) throw new QuireError('invalid_refresh_token');
        sendSession(req, res, true, await sessionJson(user, rotated.token, rotated.familyId));
      } catch (error) {
        // A cookie that no longer opens a session is dropped, so that the browser stops sending it.
        cookies.clear(req, res);
        throw error;
      }
      return;
    }
    throw new QuireError('validation_failed', {
      param: 'grant_type',
      message: 'grant_type: must be password or refresh_token',
    });
  });

  /**
   * Signing out in cookie mode: the cookie is dropped whatever happens, and the session ends that either the
   * access token or the cookie's refresh token names. The access token may well have expired by then (a tab left
   * open overnight), and the refresh token alone is the session, so either is enough.
   */
  router.post('/logout', async (req, res, next) => {
    if (!cookies.requested(req)) {
      next();
      return;
    }
    const { scope } = parse(LogoutQuery, req.query);
    const token = cookies.read(req);
    cookies.clear(req, res);
    const bearer = req.get('authorization')
      ? await bearerSession(parts, req, { allowRecovery: true }).catch(() => undefined)
      : undefined;
    const fromCookie = token ? await refresh.liveSession(token) : undefined;
    if (!bearer && !fromCookie) throw new QuireError('session_missing');
    if (scope === 'global') {
      const userIds = new Set([bearer?.user.id, fromCookie?.userId].filter((id) => id !== undefined));
      for (const id of userIds) await refresh.revokeUser(id);
    } else {
      if (bearer) await refresh.revokeFamily(bearer.sessionId);
      if (fromCookie) await refresh.revokeFamily(fromCookie.familyId);
    }
    res.status(204).end();
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

  /** Ends what someone who knew the old password may have started: reset links and a pending email change. */
  async function endPendingLinks(userId: string) {
    await users.revokeEmailTokens(userId, 'reset_password');
    await users.revokeEmailTokens(userId, 'change_email');
  }

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
    const newEmail = body.email === undefined ? undefined : assertEmail(body.email);
    const changesEmail = newEmail !== undefined && newEmail !== user.email;
    if (body.password !== undefined && recovery) {
      // The reset link stood in for the current password: this is POST /reset in two steps.
      assertStrongPassword(body.password, user.email);
      user = await users.update(user.id, {
        password_hash: await hashPassword(body.password),
        email_confirmed_at: user.email_confirmed_at ?? now().toISOString(),
      });
      // Every session ends, the recovery one too: the user signs in again with the new password.
      await refresh.revokeUser(user.id);
      await endPendingLinks(user.id);
    } else if (!recovery) {
      if (body.password !== undefined && !body.current_password) {
        throw new QuireError('missing_credentials', {
          param: 'current_password',
          message: 'Changing the password needs the current password.',
        });
      }
      if (body.current_password !== undefined) {
        // The current password is a re-authentication: checked first, it counts for the rest of this request too.
        const attempt = await claimAttempt(req, res, user.email, body.altcha);
        const current = body.current_password.slice(0, MAX_PASSWORD_LENGTH);
        if (!(await verifyPassword(current, user.password_hash))) {
          throw new QuireError('invalid_credentials', { param: 'current_password' });
        }
        await attempt.succeeded();
        await recentAuth.mark(sessionId, user.id);
      }
      // Moving the account to another mailbox hands it to whoever reads that mailbox: that needs a recent sign-in,
      // which a stolen access token does not carry.
      if (changesEmail) await recentAuth.assert(res);
      if (body.password !== undefined) {
        assertStrongPassword(body.password, user.email);
        user = await users.update(user.id, { password_hash: await hashPassword(body.password) });
        // Other sessions may belong to whoever knew the old password: end them, keep the one that changed it.
        await refresh.revokeUser(user.id, sessionId);
        await endPendingLinks(user.id);
      }
    }
    if (body.data && body.data.full_name !== undefined) {
      user = await users.update(user.id, { full_name: body.data.full_name || null });
    }
    if (newEmail !== undefined && changesEmail) {
      if (await users.byEmail(newEmail)) throw new QuireError('email_taken', { param: 'email' });
      // Applied only when the new address confirms it owns the mailbox (GET verify); the current address is told
      // now, so that its owner can stop a change they did not ask for (changing the password cancels it).
      await sendVerification('change_email', user, newEmail);
      await mailer.send(emailChangeNoticeMail(user.email, newEmail)).catch((err: unknown) => {
        logger.error({ err, user_id: user.id }, 'email change notice failed');
      });
    }
    res.json(userJson(user, await totp.summaries(user.id)));
  });

  router.post('/recover', formLimits.recover.byAddress, formLimits.recover.byEmail, async (req, res) => {
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
    // Using one reset link ends the others (and a pending email change someone may have started).
    await endPendingLinks(user.id);
    res.json({ message: 'Password reset successfully!' });
  });

  router.post('/verify', async (req, res) => {
    const body = parse(VerifyOtpBody, bodyOf(req));
    // Using the link here uses it up: the recovery session, not the link, then sets the password (PUT /user).
    const record = await users.consumeEmailToken(['reset_password'], body.token);
    const user = record ? await users.byId(record.user_id) : undefined;
    if (!record || !user) throw new QuireError('reset_link_expired', { param: 'token' });
    // Using one reset link ends the others: an older link someone else holds stops working now.
    await users.revokeEmailTokens(user.id, 'reset_password');
    res.json(await recoverySession(user));
  });

  // Two-factor (TOTP) factors.

  router.post('/factors', requireUser, async (req, res) => {
    const body = parse(EnrolFactorBody, bodyOf(req));
    const { user } = authed(res);
    const { factor, secret, uri } = await totp.enrol(user.id, user.email, body.friendly_name || null);
    // The QR code as SVG, ready to put in a page for an authenticator app to scan.
    const qr_code = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    res.status(201).json({
      id: factor.id,
      type: 'totp',
      friendly_name: factor.friendly_name,
      totp: { secret, uri, qr_code },
      status: factor.status,
    });
  });

  router.get('/factors', requireUser, async (_req, res) => {
    const list = await totp.list(authed(res).user.id);
    res.json({ object: 'list', data: list.map(factorJson) });
  });

  // Removing a factor takes the account down to its password: that needs a recent sign-in.
  router.delete('/factors/:id', requireUser, recentAuth.require, async (req, res) => {
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
    const cookieMode = cookies.requested(req);
    const body = parse(VerifyFactorBody, bodyOf(req));
    const code = body.code?.trim() ?? '';
    if (code === '') throw new QuireError('verification_code_required', { param: 'code' });
    if (!/^\d{6}$/.test(code)) {
      throw new QuireError('validation_failed', { param: 'code', message: 'code: must be 6 digits' });
    }
    const challenge = await totp.openChallenge(req.params.id as string, body.challenge_id);
    const user = await users.byId(challenge.user_id);
    if (!user) throw new QuireError('invalid_verification_code');
    // A challenge asked for by a signed-in user is answered by that user only.
    if (challenge.purpose === 'bearer' && res.locals.user?.id !== challenge.user_id) {
      throw new QuireError('session_missing');
    }
    // Wrong codes count against the account like wrong passwords, in both cases: a step-up code opens a session
    // that counts as a recent sign-in, so guessing one must cost as much as guessing a password.
    const attempt = await claimAttempt(req, res, user.email, body.altcha);
    await totp.verify(challenge, code);
    await attempt.succeeded();
    sendSession(req, res, cookieMode, await newSession(user));
  });

  router.post('/reauthenticate', requireUser, async (req, res) => {
    const body = parse(ReauthenticateBody, bodyOf(req));
    const { sessionId } = authed(res);
    const user = await currentUser(res);
    const code = body.code?.trim();
    let factor: Awaited<ReturnType<Totp['verifiedFactor']>>;
    if (code !== undefined && code !== '') {
      if (!/^\d{6}$/.test(code)) {
        throw new QuireError('validation_failed', { param: 'code', message: 'code: must be 6 digits' });
      }
      factor = await totp.verifiedFactor(user.id);
      if (!factor) {
        throw new QuireError('validation_failed', {
          param: 'code',
          message: 'code: this account has no two-factor method; confirm with the password',
        });
      }
    } else if (!body.password) {
      throw new QuireError('missing_credentials', {
        param: 'password',
        message: 'Confirm with your password, or a code of your two-factor method.',
      });
    }
    const attempt = await claimAttempt(req, res, user.email, body.altcha);
    if (factor && code) await totp.checkCode(factor, code);
    else {
      const password = (body.password ?? '').slice(0, MAX_PASSWORD_LENGTH);
      if (!(await verifyPassword(password, user.password_hash))) {
        throw new QuireError('invalid_credentials', { param: 'password' });
      }
    }
    await attempt.succeeded();
    const until = await recentAuth.mark(sessionId, user.id);
    res.json({
      message: 'Identity confirmed.',
      reauthenticated_until: new Date(until).toISOString(),
    });
  });

  return router;
}
