import type { ErrorCode } from '@quire/core';
import type { Entry } from '../openapi/operation-types';
import { TEAM } from '../openapi/operation-types';
import type { JsonSchema } from '../openapi/schemas';
import { MAX_EMBED_TTL_SECONDS } from './model';
import { CreateEmbedTokenBody, type EmbedTokenView } from './routes';
import { EMBED_PERMISSIONS } from './scope';

/** A team API key is checked (401) and metered against the plan's monthly API calls (402) before the route. */
const KEY: readonly ErrorCode[] = ['invalid_api_key', 'plan_limit_exceeded'];

const EmbedToken: JsonSchema = {
  type: 'object',
  description: 'An embed token. The token itself is in this answer only: it is not stored.',
  properties: {
    object: { const: 'embed_token' },
    id: { type: 'string', description: 'The token’s id (emb_…), for logs' },
    token: {
      type: 'string',
      description: 'The bearer token for the builder: `qe_` and 43 base64url characters',
      pattern: '^qe_[A-Za-z0-9_-]{43}$',
    },
    team_id: { type: 'string', description: 'The team it acts for' },
    template_ids: { type: 'array', items: { type: 'string' }, description: 'The templates it may open' },
    new_templates: { type: 'boolean', description: 'Whether it may create templates (which then join its scope)' },
    permissions: { type: 'array', items: { enum: [...EMBED_PERMISSIONS] }, description: 'What it may do' },
    allowed_origins: {
      type: 'array',
      items: { type: 'string' },
      description:
        'The browser origins its API key names (besides the service’s own): requests from any other origin are ' +
        'refused with 403 embed_origin. Read from the key at each request, so a change of the key applies at once',
    },
    api_key_id: { type: ['string', 'null'], description: 'The key that minted it (null when a person did)' },
    created_at: { type: 'string', format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time', description: 'After it every request answers 401' },
    expires_in: { type: 'integer', description: 'Seconds it lasts from created_at', maximum: MAX_EMBED_TTL_SECONDS },
  },
  required: [
    'object',
    'id',
    'token',
    'team_id',
    'template_ids',
    'new_templates',
    'permissions',
    'allowed_origins',
    'api_key_id',
    'created_at',
    'expires_at',
    'expires_in',
  ],
};

const example: EmbedTokenView = {
  object: 'embed_token',
  id: 'emb_Qm3xT9bLz2Kc7VwN0aPd',
  token: 'qe_c3VwZXItc2VjcmV0LWVtYmVkLXRva2VuLWZvci1xdWl',
  team_id: 'team_Hq5Zt2Wc8Ny3Ja6M',
  template_ids: ['tpl_Vb9Lm3Qx7Tc2Zn5K'],
  new_templates: false,
  permissions: ['edit', 'preview'],
  allowed_origins: ['https://app.example.com'],
  api_key_id: 'key_Jd2kq9XbT1mYv7Lc',
  created_at: '2026-03-14T10:00:00.000Z',
  expires_at: '2026-03-14T10:15:00.000Z',
  expires_in: 900,
};

export const EMBED_TOKEN_OPERATIONS: Entry[] = [
  {
    operationId: 'createEmbedToken',
    method: 'POST',
    path: '/v1/embed-tokens',
    tag: 'Embed tokens',
    summary: 'Mint an embed token',
    description:
      'For the template builder embedded in your app (`@quire/react`): your backend calls this with its API key ' +
      '(or a person with templates:write) and hands the token to the browser. The token acts for the key’s team ' +
      'with the key’s role, narrowed to `template_ids` (and the templates it creates, with `new_templates`) and ' +
      '`permissions`, for `expires_in` seconds (default 900, at most 3600). It can call the builder’s routes only ' +
      '(those whose security lists embedToken): any other answers 403 embed_scope, and a template outside its ' +
      'scope 404 template_not_found. From a browser, it works only from the origins in the key’s `allowed_origins` ' +
      '(and the service’s own); elsewhere 403 embed_origin. It ends when it expires, when the key is revoked, and ' +
      'when the person who minted it leaves the team: then every request answers 401 (`embed_token_expired` or ' +
      '`invalid_embed_token`), and the builder asks your backend for a new one. Its calls count against the ' +
      'team’s monthly API calls, as the key’s do. Each permission needs the minter’s role to allow it (ai: ai:use).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    body: CreateEmbedTokenBody,
    bodyExample: {
      template_ids: ['tpl_Vb9Lm3Qx7Tc2Zn5K'],
      permissions: ['edit', 'preview'],
      expires_in: 900,
    },
    success: { status: 201, description: 'The token (shown once).', schema: EmbedToken, example },
    errors: [...TEAM, ...KEY, 'validation_failed', 'template_not_found'],
  },
];
