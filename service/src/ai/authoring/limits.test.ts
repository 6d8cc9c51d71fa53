import { getPlan } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiProviderError } from '../provider';
import { type AiApp, newUser, readEvents, startAiApp, type TestUser } from './__fixtures__/ai-app';
import { GOOD_HTML, REPAIRED, SAMPLE, toggling } from './__fixtures__/answers';

const BODY = { prompt: 'An invoice', data_sample: SAMPLE };

describe('AI limits, access and failures', () => {
  let app: AiApp;
  beforeAll(async () => {
    app = await startAiApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function team(name: string, plan: 'free' | 'enterprise' = 'enterprise') {
    const owner = newUser(name);
    const teamId = await app.teamOf(owner);
    await app.setPlan(teamId, plan);
    return { owner, teamId };
  }
  const generate = (user: TestUser, init: { team?: string; headers?: Record<string, string> } = {}) =>
    app.as(user, '/v1/ai/templates', { method: 'POST', body: BODY, ...init });

  it('answers 402 on the 31st AI request of the month on Free, for generations and turns alike', async () => {
    const { owner, teamId } = await team('free', 'free');
    expect(getPlan('free').limits.ai_requests_per_month).toBe(30);
    app.provider.script(REPAIRED);
    await app.setAiUsed(teamId, 29);
    const thirtieth = await generate(owner);
    expect(thirtieth.status).toBe(201);
    expect(await app.aiUsed(teamId)).toBe(30);

    const refused = await generate(owner);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: 'plan_limit_exceeded',
      limit: 30,
      used: 30,
      plan: 'free',
      resource: 'ai_requests_per_month',
      message: 'Your Free plan allows 30 AI requests per month. Upgrade your plan to continue.',
    });
    const turn = await app.as(owner, `/v1/templates/${thirtieth.body.template.id}/messages`, {
      method: 'POST',
      body: { content: 'Make it blue' },
    });
    expect(turn.status).toBe(402);
    expect(app.provider.requests).toHaveLength(1);
  });

  it("refuses a generation the plan's templates cannot hold before asking the model", async () => {
    const { owner, teamId } = await team('full', 'free');
    for (const name of ['One', 'Two']) {
      expect((await app.as(owner, '/v1/templates', { method: 'POST', body: { name } })).status).toBe(201);
    }
    app.provider.script(REPAIRED);
    const answer = await generate(owner);
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({ code: 'plan_limit_exceeded', resource: 'templates' });
    expect(app.provider.requests).toHaveLength(0);
    expect(await app.aiUsed(teamId)).toBe(0);
  });

  it('answers 503 naming the provider and why when it is unavailable, and gives the request back', async () => {
    const { owner, teamId } = await team('down');
    app.provider.script({ fail: new AiProviderError('scripted', 'unavailable', 'connect ECONNREFUSED 10.0.0.1:443') });
    const answer = await generate(owner);
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({
      type: 'provider_error',
      code: 'provider_unavailable',
      provider: 'scripted',
      reason: 'unavailable',
      message: 'The AI provider (scripted) is unavailable: it could not be reached. Please try again later.',
    });
    expect(await app.aiUsed(teamId)).toBe(0);

    app.provider.script({ fail: new AiProviderError('scripted', 'unauthorized', '401') });
    expect((await generate(owner)).body.error).toMatchObject({ code: 'provider_unavailable', reason: 'unauthorized' });
    app.provider.script({ fail: new AiProviderError('scripted', 'timeout', 'took too long') });
    const slow = await generate(owner);
    expect(slow.status).toBe(504);
    expect(slow.body.error).toMatchObject({ code: 'ai_timeout', provider: 'scripted' });
    expect(await app.aiUsed(teamId)).toBe(0);
  });

  it('lets owners, admins and editors use AI; members and viewers may only read the thread, viewers not even that', async () => {
    const { owner, teamId } = await team('roles');
    const made = await app.as(owner, '/v1/templates', {
      method: 'POST',
      body: { name: 'Invoice', html: GOOD_HTML, sample_data: SAMPLE },
    });
    const id = made.body.id as string;
    const roles = {
      admin: newUser('admin'),
      editor: newUser('editor'),
      member: newUser('member'),
      viewer: newUser('viewer'),
    };
    for (const [role, user] of Object.entries(roles)) await app.addMember(teamId, user, role as 'admin');
    app.provider.script(toggling);
    for (const [role, user] of Object.entries(roles)) {
      const allowed = role === 'admin' || role === 'editor';
      const generated = await generate(user, { team: teamId });
      expect(generated.status, `${role} generates`).toBe(allowed ? 201 : 403);
      const turn = await app.as(user, `/v1/templates/${id}/messages`, {
        method: 'POST',
        body: { content: 'Tidy it' },
        team: teamId,
      });
      expect(turn.status, `${role} talks`).toBe(allowed ? 201 : 403);
      if (!allowed) expect(turn.body.error.code).toBe('forbidden');
      const thread = await app.as(user, `/v1/templates/${id}/messages`, { team: teamId });
      expect(thread.status, `${role} reads`).toBe(role === 'viewer' ? 403 : 200);
    }
  });

  it('works with an API key of a role that may use AI, metering the call', async () => {
    const { owner, teamId } = await team('program');
    const editorKey = await app.apiKey(owner, 'editor');
    const memberKey = await app.apiKey(owner, 'member');
    app.provider.script(toggling);
    const made = await app.withKey(editorKey, '/v1/ai/templates', { method: 'POST', body: BODY });
    expect(made.status).toBe(201);
    const id = made.body.template.id;
    const turn = await app.withKey(editorKey, `/v1/templates/${id}/messages`, {
      method: 'POST',
      body: { content: 'Tidy it' },
    });
    expect(turn.status).toBe(201);
    expect(turn.body.message.created_by).toBeNull();
    const thread = await app.withKey(memberKey, `/v1/templates/${id}/messages`);
    expect(thread.body.data.map((m: { created_by: string | null }) => m.created_by)).toEqual([null, null, null, null]);
    const refused = await app.withKey(memberKey, '/v1/ai/templates', { method: 'POST', body: BODY });
    expect(refused.status).toBe(403);
    // The templates router behind the messages router does not run again: the call counts once, and its own
    // Idempotency-Key is not found in use.
    const calls = await app.apiCalls(teamId);
    const again = await app.withKey(editorKey, `/v1/templates/${id}/messages`, {
      method: 'POST',
      body: { content: 'Tidy it' },
      headers: { 'Idempotency-Key': 'turn-1' },
    });
    expect(again.status).toBe(201);
    expect(await app.apiCalls(teamId)).toBe(calls + 1);
  });

  it("answers 404 for another team's template, never 403", async () => {
    const { owner } = await team('mine');
    const { owner: stranger } = await team('stranger');
    const made = await app.as(owner, '/v1/templates', { method: 'POST', body: { name: 'Private', html: GOOD_HTML } });
    const path = `/v1/templates/${made.body.id}/messages`;
    const before = app.provider.requests.length;
    for (const answer of [
      await app.as(stranger, path),
      await app.as(stranger, path, { method: 'POST', body: { content: 'Show me' } }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('template_not_found');
    }
    expect(app.provider.requests.length).toBe(before);
  });
});

describe('the deadline of an AI request', () => {
  let app: AiApp;
  beforeAll(async () => {
    app = await startAiApp({ timeoutMs: 300 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 504 ai_timeout when the model takes longer than the deadline, and gives the request back', async () => {
    const owner = newUser('slow');
    const teamId = await app.teamOf(owner);
    app.provider.script({ hang: true });
    const started = Date.now();
    const answer = await app.as(owner, '/v1/ai/templates', { method: 'POST', body: BODY });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.status).toBe(504);
    expect(answer.body.error).toMatchObject({ code: 'ai_timeout', timeout_ms: 300 });
    expect(await app.aiUsed(teamId)).toBe(0);
    // The provider was asked to stop.
    expect(app.provider.requests[0]?.signal?.aborted).toBe(true);

    const response = await app.fetchAs(owner, '/v1/ai/templates', {
      method: 'POST',
      body: BODY,
      headers: { Accept: 'text/event-stream' },
    });
    const events = await readEvents(response);
    expect(events.map((e) => e.event)).toEqual(['progress', 'progress', 'error']);
    expect(events.at(-1)?.data.error.code).toBe('ai_timeout');
  });
});
