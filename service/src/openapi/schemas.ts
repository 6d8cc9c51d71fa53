import { AssignableRole, ErrorEnvelope, PERMISSIONS, Plan, PlanId, Role, Starter } from '@quire/core';
import { z } from 'zod';
import { MODES } from '../auth/profile';

/** A JSON Schema (draft 2020-12) object, as OpenAPI 3.1 embeds it. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A zod schema as JSON Schema draft 2020-12. `io: 'input'` describes what a client sends (fields with defaults are
 * optional), `'output'` what the service answers. The `$schema` keyword is dropped: OpenAPI 3.1 sets the dialect.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonSchema;
  return rest;
}

/** A reference to one of the document's component schemas. */
export const ref = (name: ComponentSchemaName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `{ object: 'list', data: [...] }`, the shape of every list the API answers. */
export const listOf = (items: JsonSchema, description: string): JsonSchema => ({
  type: 'object',
  description,
  properties: { object: { const: 'list' }, data: { type: 'array', items } },
  required: ['object', 'data'],
});

const str = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
const time = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const nullableTime = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  format: 'date-time',
  description,
});
const unixSeconds = (description: string): JsonSchema => ({ type: 'integer', description });
const object = (properties: Record<string, JsonSchema>, description: string): JsonSchema => ({
  type: 'object',
  description,
  properties,
  required: Object.keys(properties),
});

/** The starter fields GET /v1/starters lists (the full starter is GET /v1/starters/{id}). */
const StarterSummary = Starter.pick({ id: true, name: true, description: true, kind: true, tags: true, page: true });

// The hand-written schemas below describe the serializers in the feature folders (userJson, factorJson,
// teamView, memberView, invitationView, the api-keys view): those answers are built without zod.

const FactorSummary = object(
  {
    id: str('Factor id (fct_…)'),
    factor_type: { const: 'totp' },
    status: { enum: ['verified', 'unverified'] },
  },
  'A two-factor method of the user.',
);

const User = object(
  {
    id: str('User id (usr_…)'),
    email: str('The email address, in lower case'),
    email_confirmed_at: nullableTime('When the address was confirmed; null until the emailed link is opened'),
    user_metadata: object({ full_name: { type: ['string', 'null'] } }, 'Profile data of the user.'),
    factors: { type: 'array', items: FactorSummary },
    created_at: time('When the account was created'),
  },
  'A user account. The password hash is never shown.',
);

const Session = object(
  {
    access_token: str('JWT (HS256) to send as `Authorization: Bearer …`'),
    refresh_token: str(
      'Single-use token for POST /v1/auth/token?grant_type=refresh_token; absent in cookie mode, where the ' +
        '`quire_refresh` cookie holds it',
    ),
    expires_in: { type: 'integer', description: 'Lifetime of the access token in seconds' },
    expires_at: unixSeconds('Expiry of the access token, in seconds since the epoch'),
    token_type: { const: 'bearer' },
    user: ref('User'),
  },
  'A signed-in session.',
);
// In cookie mode the refresh token is in the cookie, not in the answer.
Session.required = (Session.required as string[]).filter((name) => name !== 'refresh_token');

const MfaRequired = object(
  {
    mfa_required: { const: true },
    code: { const: 'mfa_required' },
    message: str(),
    factor_id: str('The verified factor to answer with'),
    challenge_id: str('Send with the code to POST /v1/auth/factors/{factor_id}/verify'),
    expires_at: unixSeconds('Expiry of the challenge, in seconds since the epoch'),
  },
  'The password was right but the account has two-factor authentication: no session until the code is verified.',
);

const Factor = object(
  {
    id: str('Factor id (fct_…)'),
    factor_type: { const: 'totp' },
    friendly_name: { type: ['string', 'null'] },
    status: { enum: ['verified', 'unverified'] },
    created_at: time('When the factor was enrolled'),
    updated_at: time('When the factor last changed'),
  },
  'A TOTP factor.',
);

const FactorEnrolment = object(
  {
    id: str('Factor id (fct_…)'),
    type: { const: 'totp' },
    friendly_name: { type: ['string', 'null'] },
    totp: object(
      {
        secret: str('Base32 TOTP secret'),
        uri: str('otpauth:// URI'),
        qr_code: str('The URI as an SVG QR code'),
      },
      'What an authenticator app needs. Shown once.',
    ),
    status: { enum: ['verified', 'unverified'] },
  },
  'A new, unverified TOTP factor: it becomes verified when a code is verified against one of its challenges.',
);

const FactorChallenge = object(
  {
    id: str('Challenge id (chl_…)'),
    expires_at: unixSeconds('Expiry of the challenge, in seconds since the epoch'),
  },
  'A challenge to answer with a code from the authenticator app.',
);

const Profile = object(
  {
    id: str('The user id'),
    mode_preference: { enum: [...MODES] },
    full_name: { type: ['string', 'null'] },
  },
  "The signed-in user's preferences.",
);

const CaptchaChallenge: JsonSchema = {
  type: 'object',
  description: 'A signed ALTCHA (v2) proof-of-work challenge for the ALTCHA widget.',
  properties: {
    parameters: {
      type: 'object',
      properties: {
        algorithm: str(),
        nonce: str(),
        salt: str(),
        cost: { type: 'number' },
        keyLength: { type: 'number' },
        keyPrefix: str(),
        keySignature: str(),
        expiresAt: unixSeconds('Expiry, in seconds since the epoch'),
        data: {
          type: 'object',
          description: 'Signed metadata: `scope` binds a sign-in challenge to its account',
          additionalProperties: true,
        },
      },
      required: ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix'],
    },
    signature: str(),
  },
  required: ['parameters', 'signature'],
};

const Team = object(
  {
    object: { const: 'team' },
    id: str('Team id (team_…)'),
    name: str(),
    plan: { enum: [...PlanId.options] },
    personal: { type: 'boolean', description: "True on the viewer's own personal team" },
    role: { enum: [...Role.options], description: "The viewer's role in the team" },
    created_at: time('When the team was created'),
    permissions: {
      type: 'array',
      items: { enum: [...PERMISSIONS] },
      description:
        "GET /v1/team only: what the caller's role may do in the team (`templates:write`, `reports:create`…), " +
        'for a program to offer only those actions (the MCP server does)',
    },
  },
  'A team, as seen by one of its members.',
);

const Member = object(
  {
    object: { const: 'member' },
    user_id: str(),
    email: str(),
    name: { type: ['string', 'null'], description: "The member's full name, as on their profile; null if unset" },
    role: { enum: [...Role.options] },
    status: { enum: ['active', 'suspended'] },
    joined_at: time('When the member joined'),
  },
  'A member of the team.',
);

const Invitation = object(
  {
    object: { const: 'invitation' },
    id: str('Invitation id (inv_…)'),
    email: str(),
    role: { enum: [...AssignableRole.options] },
    status: {
      enum: ['pending', 'accepted', 'revoked', 'expired'],
      description: 'A pending invitation past its expiry shows as expired',
    },
    invited_by: str('User id of the inviter'),
    created_at: time('When the invitation was created'),
    expires_at: time('When the emailed link stops working'),
  },
  'An invitation to join the team.',
);

const ApiKey = object(
  {
    object: { const: 'api_key' },
    id: str('Key id (key_…)'),
    name: str(),
    role: { enum: [...AssignableRole.options], description: 'The role the key acts with in its team' },
    prefix: str('The characters after `qk_live_` kept in clear, to recognise the key'),
    created_by: str(
      'User id of the member who created it. The key belongs to the team; removing that member from the team ' +
        'revokes it.',
    ),
    created_at: time('When the key was created'),
    last_used_at: nullableTime('When the key was last presented; null if never'),
    allowed_origins: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Browser origins (`https://app.example.com`) the embed tokens this key mints may be used from, besides ' +
        'the service’s own',
    },
  },
  'A team API key. The secret is shown only once, when the key is created.',
);

/** Every schema under components.schemas, built once. */
export function componentSchemas(): Record<ComponentSchemaName, JsonSchema> {
  return {
    Error: {
      ...jsonSchemaOf(ErrorEnvelope, 'output'),
      description:
        'The body of every failed call. `code` is stable; `message` is for people; `param` names the field at ' +
        'fault. Some codes add fields to `error`: `issues` (validation_failed), `reasons` (weak_password), ' +
        '`retry_after` (too_many_attempts), `limit`, `used` and `plan` (plan_limit_exceeded); on the sign-in ' +
        'routes, `challenge` (captcha_required and captcha_invalid: the CaptchaChallenge to solve) and `reason` ' +
        '(captcha_invalid: malformed, expired, unverified, already_used or wrong_scope).',
    },
    Plan: jsonSchemaOf(Plan, 'output'),
    Starter: jsonSchemaOf(Starter, 'output'),
    StarterSummary: jsonSchemaOf(StarterSummary, 'output'),
    User,
    Session,
    MfaRequired,
    Factor,
    FactorEnrolment,
    FactorChallenge,
    Profile,
    CaptchaChallenge,
    Team,
    Member,
    Invitation,
    ApiKey,
  };
}

export const COMPONENT_SCHEMA_NAMES = [
  'Error',
  'Plan',
  'Starter',
  'StarterSummary',
  'User',
  'Session',
  'MfaRequired',
  'Factor',
  'FactorEnrolment',
  'FactorChallenge',
  'Profile',
  'CaptchaChallenge',
  'Team',
  'Member',
  'Invitation',
  'ApiKey',
] as const;
export type ComponentSchemaName = (typeof COMPONENT_SCHEMA_NAMES)[number];
