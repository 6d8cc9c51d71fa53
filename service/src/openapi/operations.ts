import type { ErrorCode } from '@quire/core';
import { z } from 'zod';
import { AI_OPERATIONS } from '../ai/authoring/operations';
import { CreateApiKeyBody, UpdateApiKeyBody } from '../api-keys/index';
import { ProfilePatch } from '../auth/profile';
import {
  EnrolFactorBody,
  LogoutBody,
  LogoutQuery,
  PasswordGrantBody,
  RESEND_MESSAGE,
  ReauthenticateBody,
  RecoverBody,
  RefreshTokenGrantBody,
  ResendBody,
  ResetPasswordBody,
  SESSION_MODE_HEADER_DOC,
  SIGNUP_MESSAGE,
  SignupBody,
  UpdateUserBody,
  VerifyEmailQuery,
  VerifyFactorBody,
  VerifyOtpBody,
} from '../auth/routes';
import { ContactBody } from '../contact/routes';
import { DATA_SOURCE_OPERATIONS } from '../data-sources/operations';
import { EMBED_TOKEN_OPERATIONS } from '../embed-tokens/operations';
import { FONT_OPERATIONS } from '../fonts/operations';
import { MCP_OPERATIONS } from '../mcp/operations';
import { REPORT_OPERATIONS } from '../reports/operations';
import { AcceptBody, InviteRole } from '../teams/invitations';
import { RoleBody } from '../teams/members';
import { TEMPLATE_OPERATIONS } from '../templates/operations';
import { DOCS_OPERATIONS, USAGE_OPERATIONS } from '../usage/operations';
import { WEBHOOK_OPERATIONS } from '../webhooks/operations';
import { ANY, type Entry, JSON_BODY, type Operation, TEAM, USER } from './operation-types';
import { type JsonSchema, listOf, ref } from './schemas';

export * from './operation-types';

/** What POST /v1/auth/token reads from the query string (the handler checks it by hand; this documents it). */
const TokenQuery = z.object({
  grant_type: z
    .enum(['password', 'refresh_token'])
    .describe('`password` signs in with email and password; `refresh_token` trades a refresh token for a session'),
});

/** POST /v1/team/invitations: the email is checked by hand (email_required, invalid_email), the role by zod. */
const InviteBody = z.object({
  email: z.string().max(320).describe('The address to invite; the emailed link works for that account only'),
  ...InviteRole.shape,
});

const messageOnly = (description: string): JsonSchema => ({
  type: 'object',
  description,
  properties: { message: { type: 'string' } },
  required: ['message'],
});
const withMessage = (name: string, schema: JsonSchema, description: string): JsonSchema => ({
  type: 'object',
  description,
  properties: { [name]: schema, message: { type: 'string' } },
  required: [name, 'message'],
});
/**
 * The errors of a route that checks a password or a code (see auth/throttle.ts): 429 too_many_attempts to one
 * address after 5 attempts at one account (or 20 over all accounts) in 15 minutes; after 5 at an account from
 * anywhere, captcha_required with a `challenge` to solve and send back in `altcha` (captcha_invalid when the
 * solution is wrong, spent, expired or for another account: with a fresh `challenge`).
 */
const ATTEMPT_ERRORS = ['too_many_attempts', 'captcha_required', 'captcha_invalid'] as const;
const ATTEMPTS_DESCRIPTION =
  ' Wrong guesses are limited: one address gets 5 attempts at one account (20 over all accounts) per 15 minutes, ' +
  'then `too_many_attempts` (429, `Retry-After`); after 5 failed attempts at an account from anywhere, each ' +
  'attempt needs a solved proof of work: the answer is `captcha_required` (400) with `error.challenge`, an ALTCHA ' +
  'v2 challenge; solve it (the ALTCHA widget or `altcha-lib`’s `solveChallenge`) and send the same request again ' +
  'with `altcha`: base64 of the JSON `{ challenge, solution }`. A solution works once, for that account only; ' +
  'the work grows with the failures. Nobody is locked out of their own account by someone else’s guesses.';

const status = (value: string): JsonSchema => ({
  type: 'object',
  properties: { status: { const: value } },
  required: ['status'],
});

const TABLE: Entry[] = [
  // Service
  {
    operationId: 'getServiceIndex',
    method: 'GET',
    path: '/',
    tag: 'Service',
    summary: 'Service index',
    description:
      "Names the service and points at its main endpoints, for a program that asks for JSON. A browser (asking for HTML) gets the web app's home page instead, where the service serves it.",
    security: ['none'],
    success: {
      status: 200,
      description: 'The service and its entry points.',
      schema: {
        type: 'object',
        properties: {
          name: { const: 'Quire' },
          description: { type: 'string' },
          endpoints: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['name', 'description', 'endpoints'],
      },
    },
  },
  {
    operationId: 'getHealth',
    method: 'GET',
    path: '/healthz',
    tag: 'Service',
    summary: 'Liveness',
    description: 'Answers as long as the process serves HTTP; it does not check the store.',
    security: ['none'],
    success: { status: 200, description: 'The process is alive.', schema: status('ok') },
  },
  {
    operationId: 'getReadiness',
    method: 'GET',
    path: '/readyz',
    tag: 'Service',
    summary: 'Readiness',
    description: 'Pings the store: 200 when it answers, 503 when it does not (take the replica out of rotation).',
    security: ['none'],
    success: { status: 200, description: 'The store answers.', schema: status('ready') },
    otherResponses: { 503: { description: 'The store does not answer.', schema: status('unavailable') } },
  },
  // Catalogue
  {
    operationId: 'listPlans',
    method: 'GET',
    path: '/v1/plans',
    tag: 'Catalogue',
    summary: 'List plans',
    description:
      'The plans, with their prices, limits, included features, and `rendering`: the renders a team runs at ' +
      'once, the time one render may take, and the largest PDF (pages, bytes) and HTML (bytes) one may produce.',
    security: ['none'],
    success: { status: 200, description: 'Every plan.', schema: listOf(ref('Plan'), 'The plans.') },
  },
  {
    operationId: 'listStarters',
    method: 'GET',
    path: '/v1/starters',
    tag: 'Catalogue',
    summary: 'List starter templates',
    description: 'The ready-made templates a team can start from, without their sources (see GET /v1/starters/{id}).',
    security: ['none'],
    success: {
      status: 200,
      description: 'Every starter template, summarised.',
      schema: listOf(ref('StarterSummary'), 'The starter templates.'),
    },
  },
  {
    operationId: 'getStarter',
    method: 'GET',
    path: '/v1/starters/{id}',
    tag: 'Catalogue',
    summary: 'Get a starter template',
    description: 'One starter template in full: HTML, CSS, page setup and sample data that renders it completely.',
    security: ['none'],
    params: { id: 'The starter id, a lower-case slug such as `invoice`.' },
    success: { status: 200, description: 'The starter template.', schema: ref('Starter') },
    errors: ['starter_not_found'],
  },
  // Auth
  {
    operationId: 'signup',
    method: 'POST',
    path: '/v1/auth/signup',
    tag: 'Auth',
    summary: 'Sign up',
    description:
      'Creates an account and emails a confirmation link; signing in works once the address is confirmed. ' +
      'Passwords need at least 8 characters and must not be a common or guessable one. The answer is the same ' +
      'when the address already has an account (nothing is created then): its owner is mailed instead, a new ' +
      'confirmation link if the account is unconfirmed, else a note with the sign-in and password reset pages. ' +
      'Limited per client address (10 an hour) and per email address (3 an hour).',
    security: ['none'],
    body: SignupBody,
    bodyExample: { email: 'ada@example.com', password: 'Correct-Horse-9', data: { full_name: 'Ada Lovelace' } },
    success: {
      status: 201,
      description: 'Taken: a mail is on its way to the address.',
      schema: messageOnly('A confirmation; the same whether or not the address was registered.'),
      example: { message: SIGNUP_MESSAGE },
    },
    errors: ['validation_failed', 'missing_credentials', 'invalid_email', 'password_too_short', 'weak_password'],
  },
  {
    operationId: 'resendConfirmation',
    method: 'POST',
    path: '/v1/auth/resend',
    tag: 'Auth',
    summary: 'Resend the confirmation link',
    description:
      'Mails a new confirmation link (valid 24 hours) when an unconfirmed account has this address; the answer is ' +
      'the same either way. Limited per client address (10 an hour) and per email address (3 an hour).',
    security: ['none'],
    body: ResendBody,
    bodyExample: { email: 'ada@example.com' },
    success: {
      status: 200,
      description: 'The request was taken.',
      schema: messageOnly('A confirmation; the same whether or not there is such an account.'),
      example: { message: RESEND_MESSAGE },
    },
    errors: ['validation_failed', 'email_required', 'invalid_email'],
  },
  {
    operationId: 'verifyEmail',
    method: 'GET',
    path: '/v1/auth/verify',
    tag: 'Auth',
    summary: 'Confirm an email address',
    description:
      'The target of the emailed confirmation link: confirms the address of a new account, or applies an email ' +
      'change. Each link works once. A browser opening the link (`Accept: text/html`) is sent on (303) to the ' +
      "site's `/verify-email` page, which confirms with this route as an API call.",
    security: ['none'],
    query: VerifyEmailQuery,
    success: {
      status: 200,
      description: 'The address is confirmed.',
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          email: { type: 'string' },
          email_confirmed_at: { type: ['string', 'null'], format: 'date-time' },
        },
        required: ['message', 'email', 'email_confirmed_at'],
      },
    },
    errors: ['validation_failed', 'email_taken'],
  },
  {
    operationId: 'createToken',
    method: 'POST',
    path: '/v1/auth/token',
    tag: 'Auth',
    summary: 'Sign in or refresh a session',
    description:
      'With `grant_type=password`, signs in with email and password (body `{ email, password }`); accounts with ' +
      'two-factor get an `mfa_required` challenge instead of a session. With `grant_type=refresh_token`, trades a ' +
      'refresh token (single use) for a new session; reusing one revokes its whole session. A password sign-in ' +
      'counts as a recent sign-in for 10 minutes (see POST /v1/auth/reauthenticate); a refresh does not. A ' +
      'refresh token presented again within 10 seconds of its trade, while its successor is unused (two tabs at ' +
      'once, a retry after a lost answer), answers that same successor rather than counting as reuse. In cookie ' +
      'mode (`Quire-Session: cookie`, for the web app) the refresh token travels in the `quire_refresh` cookie ' +
      'instead of JSON: the password grant sets it, the refresh grant reads and replaces it (and drops it when it ' +
      'no longer opens a session).' +
      ATTEMPTS_DESCRIPTION,
    security: ['none'],
    query: TokenQuery,
    headers: [SESSION_MODE_HEADER_DOC],
    body: z.union([PasswordGrantBody, RefreshTokenGrantBody]),
    success: {
      status: 200,
      description: 'A session, or (password grant, two-factor accounts) the challenge to answer first.',
      schema: { oneOf: [ref('Session'), ref('MfaRequired')] },
    },
    errors: [
      'validation_failed',
      'missing_credentials',
      'invalid_credentials',
      'email_not_confirmed',
      ...ATTEMPT_ERRORS,
      'invalid_refresh_token',
      'refresh_token_reused',
      'session_missing',
      'cross_site_request',
    ],
  },
  {
    operationId: 'logout',
    method: 'POST',
    path: '/v1/auth/logout',
    tag: 'Auth',
    summary: 'Sign out',
    description:
      'Ends every session of the user (`scope=global`, the default), or only this one (`scope=local`, which also ' +
      'ends the session of a `refresh_token` given in the body). In cookie mode (`Quire-Session: cookie`) the ' +
      '`quire_refresh` cookie is dropped whatever happens, and the session is named by the access token or, when ' +
      'that has expired, by the cookie alone.',
    security: ['bearer'],
    query: LogoutQuery,
    headers: [SESSION_MODE_HEADER_DOC],
    body: LogoutBody,
    bodyRequired: false,
    success: { status: 204, description: 'Signed out.' },
    errors: [...USER, 'validation_failed', 'cross_site_request'],
  },
  {
    operationId: 'getUser',
    method: 'GET',
    path: '/v1/auth/user',
    tag: 'Auth',
    summary: 'Get the signed-in user',
    description: 'The account of the access token, with its two-factor methods.',
    security: ['bearer'],
    success: { status: 200, description: 'The user.', schema: ref('User') },
    errors: USER,
  },
  {
    operationId: 'updateUser',
    method: 'PUT',
    path: '/v1/auth/user',
    tag: 'Auth',
    summary: 'Update the signed-in user',
    description:
      'Changes the name, the password (needs `current_password`; ends the other sessions, the unused password ' +
      'reset links and a pending email change) or the email address (needs a recent sign-in: signed in, or ' +
      're-authenticated with POST /v1/auth/reauthenticate or a `current_password` in this request, in the last 10 ' +
      'minutes; applied when the confirmation link sent to the new address is opened, and the current address is ' +
      'told at once). With a recovery session (POST /v1/auth/verify) the password needs no `current_password`, ' +
      'every session ends (the recovery one too: sign in again) and the email cannot be changed.' +
      ATTEMPTS_DESCRIPTION,
    security: ['bearer'],
    body: UpdateUserBody,
    success: { status: 200, description: 'The user after the change.', schema: ref('User') },
    errors: [
      ...USER,
      'validation_failed',
      'missing_credentials',
      'invalid_credentials',
      ...ATTEMPT_ERRORS,
      'reauthentication_required',
      'password_too_short',
      'weak_password',
      'invalid_email',
      'email_taken',
    ],
  },
  {
    operationId: 'reauthenticate',
    method: 'POST',
    path: '/v1/auth/reauthenticate',
    tag: 'Auth',
    summary: 'Confirm who you are',
    description:
      'Confirms the signed-in user with their password, or a 6-digit code of their verified TOTP factor, and marks ' +
      'the session as recently authenticated for 10 minutes. Changing the email address, removing a two-factor ' +
      'method and creating an API key need that (a password or two-factor sign-in counts too, for its first 10 ' +
      'minutes); without it they answer 403 `reauthentication_required`, so that a stolen access token cannot take ' +
      'the account over. Refreshing a session keeps its time of authentication: it does not renew it.' +
      ATTEMPTS_DESCRIPTION,
    security: ['bearer'],
    body: ReauthenticateBody,
    bodyExample: { password: 'Correct-Horse-9' },
    success: {
      status: 200,
      description: 'Confirmed.',
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          reauthenticated_until: {
            type: 'string',
            format: 'date-time',
            description: 'Until when the session counts as recently authenticated',
          },
        },
        required: ['message', 'reauthenticated_until'],
      },
      example: { message: 'Identity confirmed.', reauthenticated_until: '2026-11-23T10:10:00.000Z' },
    },
    errors: [
      ...USER,
      'validation_failed',
      'missing_credentials',
      'invalid_credentials',
      'invalid_verification_code',
      ...ATTEMPT_ERRORS,
    ],
  },
  {
    operationId: 'recoverPassword',
    method: 'POST',
    path: '/v1/auth/recover',
    tag: 'Auth',
    summary: 'Request a password reset',
    description:
      'Emails a password reset link (valid one hour) when an account has this address; the answer is the same ' +
      'either way. Limited per client address (10 an hour) and per email address (3 an hour).',
    security: ['none'],
    body: RecoverBody,
    success: { status: 200, description: 'The request was taken.', schema: messageOnly('A confirmation.') },
    errors: ['validation_failed', 'email_required', 'invalid_email'],
  },
  {
    operationId: 'resetPassword',
    method: 'POST',
    path: '/v1/auth/reset',
    tag: 'Auth',
    summary: 'Reset the password',
    description:
      'Sets a new password with the token of a reset link, confirms the address, and ends every session, every ' +
      'other reset link and a pending email change.',
    security: ['none'],
    body: ResetPasswordBody,
    success: { status: 200, description: 'The password is changed.', schema: messageOnly('A confirmation.') },
    errors: ['validation_failed', 'reset_link_expired', 'password_too_short', 'weak_password'],
  },
  {
    operationId: 'verifyRecovery',
    method: 'POST',
    path: '/v1/auth/verify',
    tag: 'Auth',
    summary: 'Open a recovery session with a reset link',
    description:
      'Trades the token of a password reset link (`type: recovery`; single use) for a 15-minute recovery session ' +
      "whose access token carries `amr: ['recovery']` and comes without a refresh token. It can only read the " +
      'user (GET /v1/auth/user), set a new password without the current one (PUT /v1/auth/user) and sign out. ' +
      'Using the link ends every other reset link of the account.',
    security: ['none'],
    body: VerifyOtpBody,
    success: {
      status: 200,
      description: 'The recovery session.',
      schema: {
        type: 'object',
        description: 'A recovery session: like a session, but 15 minutes and no refresh token.',
        properties: {
          access_token: { type: 'string', description: "JWT (HS256) with `amr: ['recovery']`" },
          expires_in: { type: 'integer', description: 'Lifetime of the access token in seconds (900)' },
          expires_at: { type: 'integer', description: 'Expiry of the access token, in seconds since the epoch' },
          token_type: { const: 'bearer' },
          user: ref('User'),
        },
        required: ['access_token', 'expires_in', 'expires_at', 'token_type', 'user'],
      },
    },
    errors: ['validation_failed', 'reset_link_expired'],
  },
  {
    operationId: 'enrolFactor',
    method: 'POST',
    path: '/v1/auth/factors',
    tag: 'Auth',
    summary: 'Enrol a TOTP factor',
    description:
      'Creates an unverified TOTP factor and returns its secret and QR code once; verify a code against one of its ' +
      'challenges to turn it on.',
    security: ['bearer'],
    body: EnrolFactorBody,
    bodyRequired: false,
    success: { status: 201, description: 'The new factor.', schema: ref('FactorEnrolment') },
    errors: [...USER, 'validation_failed'],
  },
  {
    operationId: 'listFactors',
    method: 'GET',
    path: '/v1/auth/factors',
    tag: 'Auth',
    summary: 'List TOTP factors',
    description: "The signed-in user's two-factor methods, oldest first.",
    security: ['bearer'],
    success: { status: 200, description: 'The factors.', schema: listOf(ref('Factor'), 'The factors.') },
    errors: USER,
  },
  {
    operationId: 'deleteFactor',
    method: 'DELETE',
    path: '/v1/auth/factors/{id}',
    tag: 'Auth',
    summary: 'Remove a TOTP factor',
    description:
      'Removes one of the signed-in user’s factors and its open challenges. Needs a recent sign-in (POST ' +
      '/v1/auth/reauthenticate).',
    security: ['bearer'],
    params: { id: 'The factor id (fct_…).' },
    success: { status: 204, description: 'Removed.' },
    errors: [...USER, 'reauthentication_required', 'not_found'],
  },
  {
    operationId: 'challengeFactor',
    method: 'POST',
    path: '/v1/auth/factors/{id}/challenge',
    tag: 'Auth',
    summary: 'Challenge a TOTP factor',
    description: 'Opens a five-minute challenge on one of the user’s factors, to verify a code against.',
    security: ['bearer'],
    params: { id: 'The factor id (fct_…).' },
    success: { status: 200, description: 'The challenge.', schema: ref('FactorChallenge') },
    errors: [...USER, 'not_found'],
  },
  {
    operationId: 'verifyFactor',
    method: 'POST',
    path: '/v1/auth/factors/{id}/verify',
    tag: 'Auth',
    summary: 'Verify a TOTP code',
    description:
      'Answers a challenge with a 6-digit code and returns a session. Completes a two-factor sign-in (no token ' +
      'needed: the challenge comes from POST /v1/auth/token) or, with the bearer token of the user who opened the ' +
      'challenge, verifies a new factor. The new session counts as a recent sign-in; in cookie mode its refresh ' +
      'token goes into the `quire_refresh` cookie.' +
      ATTEMPTS_DESCRIPTION,
    security: ['none', 'bearer'],
    params: { id: 'The factor id (fct_…).' },
    headers: [SESSION_MODE_HEADER_DOC],
    body: VerifyFactorBody,
    success: { status: 200, description: 'The code is right: a new session.', schema: ref('Session') },
    errors: [
      ...USER,
      'validation_failed',
      'verification_code_required',
      'invalid_verification_code',
      ...ATTEMPT_ERRORS,
      'cross_site_request',
    ],
  },
  // Profile
  {
    operationId: 'getProfile',
    method: 'GET',
    path: '/v1/profile',
    tag: 'Profile',
    summary: 'Get the profile',
    description: "The signed-in user's preferences (the defaults until first changed).",
    security: ['bearer'],
    success: { status: 200, description: 'The profile.', schema: ref('Profile') },
    errors: USER,
  },
  {
    operationId: 'updateProfile',
    method: 'PATCH',
    path: '/v1/profile',
    tag: 'Profile',
    summary: 'Update the profile',
    description: 'Changes the mode preference and the full name; fields left out stay as they are.',
    security: ['bearer'],
    body: ProfilePatch,
    success: { status: 200, description: 'The profile after the change.', schema: ref('Profile') },
    errors: [...USER, 'validation_failed'],
  },
  // Contact
  {
    operationId: 'getContactChallenge',
    method: 'GET',
    path: '/v1/contact/challenge',
    tag: 'Contact',
    summary: 'Get a captcha challenge',
    description: 'A signed ALTCHA challenge for the contact form; its solution goes in the `altcha` field.',
    security: ['none'],
    success: { status: 200, description: 'A new challenge (not cached).', schema: ref('CaptchaChallenge') },
  },
  {
    operationId: 'sendContactMessage',
    method: 'POST',
    path: '/v1/contact',
    tag: 'Contact',
    summary: 'Send a contact message',
    description:
      'Sends a message to the operator and a copy to the sender. Needs a solved captcha (each solution works ' +
      'once) and is limited per client address (5 per 10 minutes) and per sender address (3 an hour).',
    security: ['none'],
    body: ContactBody,
    success: {
      status: 201,
      description: 'The message is kept and sent.',
      schema: {
        type: 'object',
        properties: {
          id: { type: 'string', description: 'Message id (msg_…)' },
          status: { const: 'received' },
          message: { type: 'string' },
        },
        required: ['id', 'status', 'message'],
      },
    },
    errors: ['validation_failed', 'captcha_required', 'captcha_invalid'],
  },
  // Teams
  {
    operationId: 'getTeam',
    method: 'GET',
    path: '/v1/team',
    tag: 'Teams',
    summary: 'Get the acting team',
    description:
      'The team the request acts for, with the caller’s role in it. An API key acts for its own team with its own role.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    success: { status: 200, description: 'The team.', schema: ref('Team') },
    errors: TEAM,
  },
  {
    operationId: 'listMembers',
    method: 'GET',
    path: '/v1/team/members',
    tag: 'Teams',
    summary: 'List members and pending invitations',
    description: 'The members of the acting team, then its pending invitations. API keys may read them.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    success: {
      status: 200,
      description: 'Members and invitations.',
      schema: listOf({ oneOf: [ref('Member'), ref('Invitation')] }, 'Members, then pending invitations.'),
    },
    errors: TEAM,
  },
  {
    operationId: 'updateMemberRole',
    method: 'PATCH',
    path: '/v1/team/members/{userId}',
    tag: 'Teams',
    summary: 'Change a member’s role',
    description: 'Needs the members:manage permission; nobody changes their own role or the owner’s.',
    security: ['bearer'],
    teamScoped: true,
    params: { userId: 'The member’s user id.' },
    body: RoleBody,
    success: {
      status: 200,
      description: 'The member with the new role.',
      schema: withMessage('member', ref('Member'), 'The updated member.'),
    },
    errors: [...TEAM, 'validation_failed', 'cannot_change_own_role', 'owner_required'],
  },
  {
    operationId: 'removeMember',
    method: 'DELETE',
    path: '/v1/team/members/{userId}',
    tag: 'Teams',
    summary: 'Remove a member',
    description:
      'Needs the members:manage permission; nobody removes themselves or the owner. The API keys the member ' +
      'created in the team are revoked with the removal (each recorded in the audit log).',
    security: ['bearer'],
    teamScoped: true,
    params: { userId: 'The member’s user id.' },
    success: {
      status: 200,
      description: 'The member is removed.',
      schema: {
        type: 'object',
        properties: {
          user_id: { type: 'string' },
          deleted: { const: true },
          message: { type: 'string' },
          revoked_api_keys: {
            type: 'array',
            items: { type: 'string' },
            description: 'The ids of the API keys the member had created in the team, revoked now',
          },
        },
        required: ['user_id', 'deleted', 'message', 'revoked_api_keys'],
      },
      example: { user_id: 'usr_2Vf8', deleted: true, message: 'Team member removed', revoked_api_keys: ['key_9Qa1'] },
    },
    errors: [...TEAM, 'cannot_remove_self', 'owner_required'],
  },
  {
    operationId: 'createInvitation',
    method: 'POST',
    path: '/v1/team/invitations',
    tag: 'Teams',
    summary: 'Invite someone',
    description:
      'Emails an invitation (valid 7 days, role `member` unless given) to join the acting team; pending ' +
      'invitations hold a seat of the plan. Inviting an address again renews its invitation.',
    security: ['bearer'],
    teamScoped: true,
    body: InviteBody,
    success: {
      status: 201,
      description: 'The invitation is sent.',
      schema: withMessage('invitation', ref('Invitation'), 'The invitation.'),
    },
    errors: [...TEAM, 'validation_failed', 'email_required', 'invalid_email', 'already_member', 'plan_limit_exceeded'],
  },
  {
    operationId: 'resendInvitation',
    method: 'POST',
    path: '/v1/team/invitations/{id}/resend',
    tag: 'Teams',
    summary: 'Resend an invitation',
    description: 'Sends a pending invitation again with a new link and a new 7-day expiry; the old link stops working.',
    security: ['bearer'],
    teamScoped: true,
    params: { id: 'The invitation id (inv_…).' },
    success: {
      status: 200,
      description: 'The invitation is sent again.',
      schema: withMessage('invitation', ref('Invitation'), 'The invitation.'),
    },
    errors: TEAM,
  },
  {
    operationId: 'revokeInvitation',
    method: 'DELETE',
    path: '/v1/team/invitations/{id}',
    tag: 'Teams',
    summary: 'Revoke an invitation',
    description: 'Revokes a pending invitation: its link stops working and its seat is freed.',
    security: ['bearer'],
    teamScoped: true,
    params: { id: 'The invitation id (inv_…).' },
    success: {
      status: 200,
      description: 'The invitation is revoked.',
      schema: withMessage('invitation', ref('Invitation'), 'The revoked invitation.'),
    },
    errors: TEAM,
  },
  {
    operationId: 'listTeams',
    method: 'GET',
    path: '/v1/teams',
    tag: 'Teams',
    summary: 'List my teams',
    description: 'The teams the signed-in user is an active member of, the personal team included.',
    security: ['bearer'],
    success: { status: 200, description: 'The teams.', schema: listOf(ref('Team'), 'The teams.') },
    errors: USER,
  },
  {
    operationId: 'acceptInvitation',
    method: 'POST',
    path: '/v1/invitations/accept',
    tag: 'Teams',
    summary: 'Accept an invitation',
    description:
      'Joins a team with the token of an emailed invitation; the signed-in user’s address must be the invited one.',
    security: ['bearer'],
    body: AcceptBody,
    success: {
      status: 200,
      description: 'The user joined the team.',
      schema: withMessage('team', ref('Team'), 'The team joined.'),
    },
    errors: [...USER, 'validation_failed', 'not_found', 'forbidden', 'already_member'],
  },
  // API keys
  {
    operationId: 'createApiKey',
    method: 'POST',
    path: '/v1/api-keys',
    tag: 'API keys',
    summary: 'Create an API key',
    description:
      'Creates a key for the acting team with the given role (needs api_keys:manage and a recent sign-in: POST ' +
      '/v1/auth/reauthenticate). The secret (`qk_live_…`) is in this answer only: it is not stored. The key ' +
      'belongs to the team and is revoked when the member who created it is removed from the team. ' +
      '`allowed_origins` names the browser origins the embed tokens it mints (POST /v1/embed-tokens) may be ' +
      'used from.',
    bodyExample: { name: 'Billing app', role: 'editor', allowed_origins: ['https://app.example.com'] },
    security: ['bearer'],
    teamScoped: true,
    body: CreateApiKeyBody,
    success: {
      status: 201,
      description: 'The new key with its secret.',
      schema: {
        allOf: [
          ref('ApiKey'),
          {
            type: 'object',
            properties: { secret: { type: 'string', description: 'The key: `qk_live_` and 43 base62 characters' } },
            required: ['secret'],
          },
        ],
      },
    },
    errors: [...TEAM, 'reauthentication_required', 'validation_failed'],
  },
  {
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/v1/api-keys',
    tag: 'API keys',
    summary: 'List API keys',
    description: 'The acting team’s keys that are not revoked, newest first (needs api_keys:manage).',
    security: ['bearer'],
    teamScoped: true,
    success: { status: 200, description: 'The keys.', schema: listOf(ref('ApiKey'), 'The keys.') },
    errors: TEAM,
  },
  {
    operationId: 'updateApiKey',
    method: 'PATCH',
    path: '/v1/api-keys/{id}',
    tag: 'API keys',
    summary: 'Update an API key',
    description:
      'Renames a key of the acting team, or replaces the browser origins its embed tokens may be used from (needs ' +
      'api_keys:manage). The origins apply at once, to the tokens already minted too. The role of a key never ' +
      'changes: make a new key.',
    security: ['bearer'],
    teamScoped: true,
    params: { id: 'The key id (key_…).' },
    body: UpdateApiKeyBody,
    bodyExample: { allowed_origins: ['https://app.example.com', 'http://localhost:5173'] },
    success: { status: 200, description: 'The key.', schema: ref('ApiKey') },
    errors: [...TEAM, 'validation_failed'],
  },
  {
    operationId: 'revokeApiKey',
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    tag: 'API keys',
    summary: 'Revoke an API key',
    description: 'Revokes a key of the acting team (needs api_keys:manage); it is refused from then on.',
    security: ['bearer'],
    teamScoped: true,
    params: { id: 'The key id (key_…).' },
    success: {
      status: 200,
      description: 'The revoked key.',
      schema: {
        allOf: [ref('ApiKey'), { type: 'object', properties: { revoked: { const: true } }, required: ['revoked'] }],
      },
    },
    errors: TEAM,
  },
  // This document
  {
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    tag: 'Service',
    summary: 'OpenAPI document',
    description: 'This OpenAPI 3.1 description of the API.',
    security: ['none'],
    success: {
      status: 200,
      description: 'The OpenAPI document.',
      schema: { type: 'object', description: 'An OpenAPI 3.1.0 document.' },
    },
  },
];

/** Every route the app serves, with the errors shared by all routes (rate limit, 500, JSON body) filled in. */
export const OPERATIONS: readonly Operation[] = [
  ...TABLE,
  ...TEMPLATE_OPERATIONS,
  ...AI_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...DATA_SOURCE_OPERATIONS,
  ...FONT_OPERATIONS,
  ...EMBED_TOKEN_OPERATIONS,
  ...USAGE_OPERATIONS,
  ...MCP_OPERATIONS,
  ...DOCS_OPERATIONS,
].map((entry) => {
  const shared = entry.method === 'GET' || entry.method === 'DELETE' ? ANY : [...ANY, ...JSON_BODY];
  // Express decodes path parameters: bad percent-encoding in one is refused before the route runs.
  const path: ErrorCode[] = entry.path.includes('{') ? ['malformed_path'] : [];
  // Wherever Liquid is parsed, blocks nested past the limit are refused like a syntax error.
  const nesting: ErrorCode[] = entry.errors?.includes('template_syntax_error') ? ['template_too_deep'] : [];
  return { ...entry, errors: [...new Set([...shared, ...path, ...(entry.errors ?? []), ...nesting])] };
});
