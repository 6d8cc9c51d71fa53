import { AuditQuery } from '../audit/index';
import { type Entry, TEAM } from '../openapi/operation-types';
import { ref } from '../openapi/schemas';
import { SubscriptionBody } from './index';

const counter = (description: string) => ({
  type: 'object',
  description,
  properties: { used: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 0 } },
  required: ['used', 'limit'],
});

const UsageSchema = {
  type: 'object',
  properties: {
    object: { const: 'usage' },
    plan: { enum: ['free', 'starter', 'professional', 'enterprise'] },
    period: {
      type: 'object',
      description: 'The calendar month in UTC the monthly counters cover: [start, end).',
      properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
      required: ['start', 'end'],
    },
    usage: {
      type: 'object',
      properties: {
        templates: counter('Templates the team has now'),
        reports_per_month: counter('Reports rendered this month (failed renders are given back)'),
        api_calls_per_month: counter('Requests made with API keys this month'),
        members: counter('Members of the team'),
        ai_requests_per_month: counter('AI generations and conversation turns this month'),
      },
      required: ['templates', 'reports_per_month', 'api_calls_per_month', 'members', 'ai_requests_per_month'],
    },
    features: {
      type: 'object',
      description: 'What the plan includes.',
      properties: {
        ai_generation: { type: 'boolean' },
        mcp: { type: 'boolean' },
        api: { enum: ['basic', 'advanced'] },
        priority_support: { type: 'boolean' },
        custom_integrations: { type: 'boolean' },
      },
    },
  },
  required: ['object', 'plan', 'period', 'usage', 'features'],
};

const SubscriptionSchema = {
  type: 'object',
  properties: {
    object: { const: 'subscription' },
    plan: { enum: ['free', 'starter', 'professional', 'enterprise'] },
    status: { enum: ['active', 'pending'], description: '`pending` when the billing provider confirms later' },
    provider: { type: 'string', description: '`self-hosted` applies every change at once' },
    checkout_url: { type: 'string', description: 'Where to complete a pending change with the billing provider' },
    plans: { type: 'array', items: ref('Plan'), description: 'Every plan (GET only)' },
  },
  required: ['object', 'plan', 'status', 'provider'],
};

const AuditEntrySchema = {
  type: 'object',
  properties: {
    object: { const: 'audit_entry' },
    id: { type: 'string' },
    action: {
      type: 'string',
      description:
        '`api_key.created`, `api_key.revoked`, `member.invited`, `member.joined`, `member.role_changed`, ' +
        '`member.removed`, `invitation.revoked`, `plan.changed`, `data_source.created`, `data_source.updated`, ' +
        '`data_source.deleted`, `webhook_endpoint.…`',
    },
    actor: {
      type: 'object',
      properties: { type: { enum: ['user', 'api_key', 'system'] }, id: { type: 'string' } },
      required: ['type', 'id'],
    },
    target: {
      type: 'object',
      properties: { type: { type: 'string' }, id: { type: 'string' } },
      required: ['type', 'id'],
    },
    details: { type: 'object', description: 'What changed; never a secret.' },
    created_at: { type: 'string', format: 'date-time' },
  },
  required: ['object', 'id', 'action', 'actor', 'target', 'details', 'created_at'],
};

const page = (items: Record<string, unknown>, description: string) => ({
  type: 'object',
  description,
  properties: {
    object: { const: 'list' },
    data: { type: 'array', items },
    has_more: { type: 'boolean' },
    next_cursor: { type: ['string', 'null'], description: 'Pass as `starting_after` for the next page' },
  },
  required: ['object', 'data', 'has_more', 'next_cursor'],
});

export const USAGE_OPERATIONS: Entry[] = [
  {
    operationId: 'getUsage',
    method: 'GET',
    path: '/v1/usage',
    tag: 'Usage and billing',
    summary: "Get this month's usage",
    description:
      "The team's plan, what it uses of each limit, and the calendar month (UTC) the monthly counters cover. " +
      'Monthly counters start again at 0 on the first of each month. A request that would go past a limit answers ' +
      '402 `plan_limit_exceeded` with `limit`, `used`, `plan` and `resource`. Needs usage:read.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    success: {
      status: 200,
      description: 'The usage of the acting team.',
      schema: UsageSchema,
      example: {
        object: 'usage',
        plan: 'free',
        period: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
        usage: {
          templates: { used: 1, limit: 2 },
          reports_per_month: { used: 12, limit: 50 },
          api_calls_per_month: { used: 140, limit: 500 },
          members: { used: 1, limit: 1 },
          ai_requests_per_month: { used: 3, limit: 30 },
        },
        features: {
          ai_generation: true,
          mcp: false,
          api: 'basic',
          priority_support: false,
          custom_integrations: false,
        },
      },
    },
    errors: [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'],
  },
  {
    operationId: 'getSubscription',
    method: 'GET',
    path: '/v1/subscription',
    tag: 'Usage and billing',
    summary: 'Get the subscription',
    description: "The team's plan, the billing provider, and every plan it could move to. Needs usage:read.",
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    success: { status: 200, description: 'The subscription.', schema: SubscriptionSchema },
    errors: [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'],
  },
  {
    operationId: 'changeSubscription',
    method: 'POST',
    path: '/v1/subscription',
    tag: 'Usage and billing',
    summary: 'Change the plan',
    description:
      'Moves the team to another plan through the billing provider. A self-hosted Quire applies the change at once ' +
      '(`status: active`); a hosted deployment may answer `pending` with a `checkout_url` of its payment provider. ' +
      'Quire never takes card details itself. Needs a person with billing:manage (owner or admin); audited as ' +
      '`plan.changed`. A smaller plan must fit what the team has now: with more templates, or more members and ' +
      'pending invitations, than it allows the change is refused with 409 `plan_downgrade_blocked`, naming each ' +
      'limit in `exceeded`. Monthly counters never block a change (what is used this month stays counted).',
    security: ['bearer'],
    teamScoped: true,
    body: SubscriptionBody,
    bodyExample: { plan: 'professional' },
    success: {
      status: 200,
      description: 'The subscription after the change.',
      schema: SubscriptionSchema,
      example: { object: 'subscription', plan: 'professional', status: 'active', provider: 'self-hosted' },
    },
    errors: [...TEAM, 'validation_failed', 'plan_downgrade_blocked', 'billing_provider_error'],
  },
  {
    operationId: 'listAuditLog',
    method: 'GET',
    path: '/v1/audit-log',
    tag: 'Audit log',
    summary: 'List audit entries',
    description:
      'Sensitive actions of the team, newest first: API keys created and revoked, members invited, joined, changed ' +
      'and removed, plan changes, data sources and webhook endpoints. Owners and admins only (audit:read).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    query: AuditQuery,
    success: {
      status: 200,
      description: 'One page of entries.',
      schema: page(AuditEntrySchema, 'Audit entries, newest first.'),
      example: {
        object: 'list',
        data: [
          {
            object: 'audit_entry',
            id: 'aud_Vb3kq0Zr8mXc1pQe',
            action: 'api_key.created',
            actor: { type: 'user', id: 'usr_9x2LwQ0aTz' },
            target: { type: 'api_key', id: 'key_Qm2s8Yb1' },
            details: { name: 'CI', role: 'editor', prefix: 'Ab3dE9xYz1' },
            created_at: '2026-11-21T09:30:00.000Z',
          },
        ],
        has_more: false,
        next_cursor: null,
      },
    },
    errors: [...TEAM, 'invalid_api_key', 'plan_limit_exceeded', 'validation_failed', 'invalid_cursor'],
  },
];

export const DOCS_OPERATIONS: Entry[] = [
  {
    operationId: 'getApiDocs',
    method: 'GET',
    path: '/docs',
    tag: 'Service',
    summary: 'API reference (HTML)',
    description: 'This document rendered for people, with Scalar served from this origin.',
    security: ['none'],
    success: {
      status: 200,
      description: 'An HTML page.',
      alternatives: { 'text/html': 'The page' },
    },
  },
  {
    operationId: 'getApiDocsScript',
    method: 'GET',
    path: '/docs/scalar.js',
    tag: 'Service',
    summary: 'API reference script',
    description: "Scalar's standalone bundle, from the installed package.",
    security: ['none'],
    success: { status: 200, description: 'JavaScript.', alternatives: { 'application/javascript': 'The script' } },
  },
  {
    operationId: 'getApiDocsInit',
    method: 'GET',
    path: '/docs/init.js',
    tag: 'Service',
    summary: 'API reference start-up script',
    description: 'Mounts the reference on the page (kept out of the page so its CSP needs no inline script).',
    security: ['none'],
    success: { status: 200, description: 'JavaScript.', alternatives: { 'application/javascript': 'The script' } },
  },
];
