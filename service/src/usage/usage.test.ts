import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount, setUsageCounters } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { createUsage } from './index';

let app: RunningApp;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' });
  call = apiClient(app);
});
afterAll(async () => {
  await app.close({ removeData: true });
});

const setCounters = (teamId: string, counts: { reports?: number; api_calls?: number }) =>
  setUsageCounters(app, teamId, counts);

describe('GET /v1/usage', () => {
  it("answers the team's plan, this month's counters and the plan's limits", async () => {
    const owner = await newAccount(app, 'usage');
    const usage = await call('GET', '/v1/usage', { token: owner.token });
    expect(usage.status).toBe(200);
    const now = new Date();
    expect(usage.body).toMatchObject({
      object: 'usage',
      plan: 'free',
      period: {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
      usage: {
        templates: { used: 0, limit: 2 },
        reports_per_month: { used: 0, limit: 50 },
        api_calls_per_month: { used: 0, limit: 500 },
        members: { used: 1, limit: 1 },
      },
      features: { mcp: false, ai_generation: true },
    });
  });

  it('counts the requests made with API keys, not the ones a person makes, and starts again next month', async () => {
    const owner = await newAccount(app, 'meter');
    const key = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'ci', role: 'admin' } });
    for (let i = 0; i < 3; i++) expect((await call('GET', '/v1/team', { token: key.body.secret })).status).toBe(200);
    await call('GET', '/v1/team', { token: owner.token });
    const usage = await call('GET', '/v1/usage', { token: owner.token });
    expect(usage.body.usage.api_calls_per_month.used).toBe(3);
    // The key's own GET /v1/usage is an API call too.
    const byKey = await call('GET', '/v1/usage', { token: key.body.secret });
    expect(byKey.body.usage.api_calls_per_month.used).toBe(4);

    app.clock.offsetMs = 40 * 24 * 3600 * 1000;
    try {
      // A month on, the session has long expired; the key still works and its call is the month's first.
      const nextMonth = await call('GET', '/v1/usage', { token: key.body.secret });
      expect(nextMonth.body.usage.api_calls_per_month.used).toBe(1);
    } finally {
      app.clock.offsetMs = 0;
    }
  });

  it('answers 402 with the limit, the usage and the plan once the month’s API calls are used up', async () => {
    const owner = await newAccount(app, 'capped');
    const key = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'ci', role: 'member' } });
    await setCounters(owner.teamId, { api_calls: 499 });
    expect((await call('GET', '/v1/team', { token: key.body.secret })).status).toBe(200);
    const refused = await call('GET', '/v1/team', { token: key.body.secret });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      type: 'plan_limit_error',
      code: 'plan_limit_exceeded',
      limit: 500,
      used: 500,
      plan: 'free',
      resource: 'api_calls_per_month',
    });
    // People are not metered: the owner still works, and sees the counter stop at the limit.
    const usage = await call('GET', '/v1/usage', { token: owner.token });
    expect(usage.body.usage.api_calls_per_month).toEqual({ used: 500, limit: 500 });
  });

  it('is refused to a viewer', async () => {
    const owner = await newAccount(app, 'viewerowner');
    const key = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'ro', role: 'viewer' } });
    const refused = await call('GET', '/v1/usage', { token: key.body.secret });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it("never shows another team's usage", async () => {
    const a = await newAccount(app, 'teama');
    const b = await newAccount(app, 'teamb');
    const refused = await call('GET', '/v1/usage', { token: b.token, team: a.teamId });
    expect(refused.status).toBe(404);
    const key = await call('POST', '/v1/api-keys', { token: a.token, body: { name: 'a', role: 'admin' } });
    const cross = await call('GET', '/v1/usage', { token: key.body.secret, team: b.teamId });
    expect(cross.status).toBe(403);
  });
});

describe('plan features', () => {
  it('refuse MCP access on Free with 402 plan_feature_unavailable, and allow it from Starter', async () => {
    const owner = await newAccount(app, 'mcp');
    const usage = await createUsage({ store: app.store, logger: pino({ level: 'silent' }), now: () => new Date() });
    const refused = await usage.assertFeature({ id: owner.teamId }, 'mcp').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 402,
      code: 'plan_feature_unavailable',
      details: { feature: 'mcp', plan: 'free' },
    });
    await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'starter' } });
    await expect(usage.assertFeature({ id: owner.teamId }, 'mcp')).resolves.toBeUndefined();
  });
});

describe('POST /v1/subscription', () => {
  it('moves the team to another plan at once (self-hosted billing), which changes its limits', async () => {
    const owner = await newAccount(app, 'upgrade');
    const current = await call('GET', '/v1/subscription', { token: owner.token });
    expect(current.body).toMatchObject({ object: 'subscription', plan: 'free', provider: 'self-hosted' });
    expect(current.body.plans.map((p: { id: string }) => p.id)).toEqual([
      'free',
      'starter',
      'professional',
      'enterprise',
    ]);

    const changed = await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'professional' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ object: 'subscription', plan: 'professional', status: 'active' });
    const usage = await call('GET', '/v1/usage', { token: owner.token });
    expect(usage.body).toMatchObject({
      plan: 'professional',
      usage: { templates: { limit: 20 }, members: { limit: 3 } },
      features: { mcp: true },
    });
    const team = await call('GET', '/v1/team', { token: owner.token });
    expect(team.body.plan).toBe('professional');
  });

  it('refuses unknown plans, API keys and roles without billing:manage', async () => {
    const owner = await newAccount(app, 'billing');
    const bad = await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'platinum' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'plan' });
    const key = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'k', role: 'admin' } });
    const byKey = await call('POST', '/v1/subscription', { token: key.body.secret, body: { plan: 'starter' } });
    expect(byKey.status).toBe(403);
    expect((await call('GET', '/v1/usage', { token: owner.token })).body.plan).toBe('free');
  });
});

describe('moving to a smaller plan', () => {
  it('is refused while the team has more templates or seats than it allows, naming each limit', async () => {
    const owner = await newAccount(app, 'downgrade');
    await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'professional' } });
    for (const name of ['a', 'b', 'c']) {
      const made = await call('POST', '/v1/templates', { token: owner.token, body: { name, html: '<p>x</p>' } });
      expect(made.status).toBe(201);
    }
    const invited = await call('POST', '/v1/team/invitations', {
      token: owner.token,
      body: { email: 'seat-holder@example.com' },
    });
    expect(invited.status).toBe(201);

    const refused = await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'free' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      type: 'conflict_error',
      code: 'plan_downgrade_blocked',
      plan: 'free',
      exceeded: [
        { resource: 'templates', used: 3, limit: 2 },
        { resource: 'members', used: 2, limit: 1 },
      ],
    });
    expect(refused.body.error.message).toBe(
      'Your team has 3 templates and the Free plan allows 2: delete 1 template before moving to Free. ' +
        'Your team has 2 seats in use (members and pending invitations) and the Free plan allows 1 member: ' +
        'remove 1 before moving to Free.',
    );
    // Starter holds the templates but not the pending invitation's seat.
    const starter = await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'starter' } });
    expect(starter.status).toBe(409);
    expect(starter.body.error.exceeded).toEqual([{ resource: 'members', used: 2, limit: 1 }]);
    expect((await call('GET', '/v1/usage', { token: owner.token })).body.plan).toBe('professional');

    await call('DELETE', `/v1/team/invitations/${invited.body.invitation.id}`, { token: owner.token });
    const moved = await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'starter' } });
    expect(moved.status).toBe(200);
    expect(moved.body.plan).toBe('starter');
    // Staying on the same plan is never refused.
    expect((await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'starter' } })).status).toBe(
      200,
    );
  });
});

describe('the audit log', () => {
  it('records keys and plan changes for owners and admins, newest first, page by page', async () => {
    const owner = await newAccount(app, 'audited');
    const key = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'deploy', role: 'editor' } });
    await call('DELETE', `/v1/api-keys/${key.body.id}`, { token: owner.token });
    await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'starter' } });

    const log = await call('GET', '/v1/audit-log', { token: owner.token });
    expect(log.status).toBe(200);
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual([
      'plan.changed',
      'api_key.revoked',
      'api_key.created',
    ]);
    expect(log.body.data[0]).toMatchObject({
      object: 'audit_entry',
      actor: { type: 'user', id: owner.userId },
      target: { type: 'team', id: owner.teamId },
      details: { from: 'free', to: 'starter' },
    });
    // The key's secret never reaches the log.
    expect(JSON.stringify(log.body)).not.toContain(key.body.secret);

    const first = await call('GET', '/v1/audit-log?limit=2', { token: owner.token });
    expect(first.body).toMatchObject({ has_more: true });
    expect(first.body.data).toHaveLength(2);
    const second = await call('GET', `/v1/audit-log?limit=2&starting_after=${first.body.next_cursor}`, {
      token: owner.token,
    });
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.body.data.map((e: { action: string }) => e.action)).toEqual(['api_key.created']);

    const filtered = await call('GET', '/v1/audit-log?action=api_key.revoked', { token: owner.token });
    expect(filtered.body.data).toHaveLength(1);
    const badCursor = await call('GET', '/v1/audit-log?starting_after=aud_nope', { token: owner.token });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.code).toBe('invalid_cursor');
  });

  it('is closed to roles below admin and to other teams', async () => {
    const owner = await newAccount(app, 'closed');
    const editorKey = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'e', role: 'editor' } });
    expect((await call('GET', '/v1/audit-log', { token: editorKey.body.secret })).status).toBe(403);
    const adminKey = await call('POST', '/v1/api-keys', { token: owner.token, body: { name: 'a', role: 'admin' } });
    expect((await call('GET', '/v1/audit-log', { token: adminKey.body.secret })).status).toBe(200);
    const stranger = await newAccount(app, 'stranger');
    expect((await call('GET', '/v1/audit-log', { token: stranger.token, team: owner.teamId })).status).toBe(404);
  });
});
