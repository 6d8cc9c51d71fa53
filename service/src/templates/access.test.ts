import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startTemplatesApp, type TemplatesApp } from './__fixtures__/templates-app';
import { TEMPLATE_OPERATIONS } from './operations';

describe('templates: who may do what', () => {
  let app: TemplatesApp;
  let owner: Person;
  let stranger: Person;
  let templateId: string;
  beforeAll(async () => {
    app = await startTemplatesApp();
    owner = await app.signUp('accessowner');
    stranger = await app.signUp('stranger');
    await app.setPlan(owner.teamId, 'enterprise');
    await app.setPlan(stranger.teamId, 'enterprise');
    const made = await app.call(owner.token, '/v1/templates', {
      method: 'POST',
      body: { name: 'Owned', html: '<p>{{ who }}</p>', sample_data: { who: 'me' } },
    });
    templateId = made.body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Every route, with a valid request (its documented body example) for the given template. */
  const everyRoute = (id: string) =>
    TEMPLATE_OPERATIONS.map((op) => ({
      name: op.operationId,
      method: op.method,
      path: op.path.replace('{id}', id).replace('{version}', '1'),
      body: op.bodyExample,
      mine: op.path.includes('{id}'),
      writes: op.method !== 'GET' && !['previewTemplate', 'checkTemplate'].includes(op.operationId),
    }));

  it("answers another team's template with 404 template_not_found on every route, never 403", async () => {
    const routes = everyRoute(templateId).filter((route) => route.mine);
    expect(routes).toHaveLength(13);
    for (const route of routes) {
      const answer = await app.call(stranger.token, route.path, { method: route.method, body: route.body });
      expect(answer.status, route.name).toBe(404);
      expect(answer.body.error.code, route.name).toBe('template_not_found');
    }
    const list = await app.call(stranger.token, '/v1/templates');
    expect(list.body.data).toEqual([]);
    await expect(app.templates.resolveForRender(stranger.teamId, templateId)).rejects.toMatchObject({
      code: 'template_not_found',
    });
    // Nothing changed: still one version, still there.
    const mine = await app.call(owner.token, `/v1/templates/${templateId}`);
    expect(mine.body).toMatchObject({ latest_version: 1, name: 'Owned' });
    // A key of the other team cannot reach it either, whatever the header says.
    const key = await app.apiKey(stranger, 'admin');
    expect((await app.call(key, `/v1/templates/${templateId}`)).status).toBe(404);
    expect((await app.call(key, `/v1/templates/${templateId}`, { team: owner.teamId })).status).toBe(403);
  });

  it('needs a session or an API key', async () => {
    for (const route of everyRoute(templateId)) {
      const answer = await app.call('', route.path, { method: route.method, body: route.body });
      expect(answer.status, route.name).toBe(401);
      expect(answer.body.error.code).toBe('session_missing');
      const forged = await app.call('qk_live_forged', route.path, { method: route.method, body: route.body });
      expect(forged.body.error.code).toBe('invalid_api_key');
    }
  });

  it('refuses a viewer everything, a member every change; an editor does both', async () => {
    const viewer = await app.signUp('viewer');
    const member = await app.signUp('member');
    const editor = await app.signUp('editor');
    await app.addMember(owner.teamId, viewer, 'viewer');
    await app.addMember(owner.teamId, member, 'member');
    await app.addMember(owner.teamId, editor, 'editor');
    const as = (person: Person, route: ReturnType<typeof everyRoute>[number]) =>
      app.call(person.token, route.path, { method: route.method, body: route.body, team: owner.teamId });

    for (const route of everyRoute(templateId)) {
      const seen = await as(viewer, route);
      expect(seen.status, `viewer ${route.name}`).toBe(403);
      expect(seen.body.error).toMatchObject({ code: 'forbidden', permission: expect.stringMatching(/^templates:/) });
      if (route.writes) {
        const changed = await as(member, route);
        expect(changed.status, `member ${route.name}`).toBe(403);
        expect(changed.body.error.permission).toBe('templates:write');
      } else {
        expect((await as(member, route)).status, `member ${route.name}`).toBe(200);
      }
    }
    // The refused changes changed nothing.
    expect((await app.call(owner.token, `/v1/templates/${templateId}`)).body.latest_version).toBe(1);

    const made = await app.call(editor.token, '/v1/templates', {
      method: 'POST',
      team: owner.teamId,
      body: { name: 'By an editor' },
    });
    expect(made.status).toBe(201);
    expect(made.body.team_id).toBe(owner.teamId);
    const saved = await app.call(editor.token, `/v1/templates/${made.body.id}`, {
      method: 'PATCH',
      team: owner.teamId,
      body: { html: '<p>edited</p>' },
    });
    expect(saved.status).toBe(200);
    const history = await app.call(owner.token, `/v1/templates/${made.body.id}/versions`);
    expect(history.body.data.map((v: { created_by: string }) => v.created_by)).toEqual([editor.id, editor.id]);
    // The editor's own personal team is another team: the template is not there.
    expect((await app.call(editor.token, `/v1/templates/${made.body.id}`)).status).toBe(404);
  });

  it("lets API keys work with their key's role, recording no user as the author", async () => {
    const editorKey = await app.apiKey(owner, 'editor');
    const made = await app.call(editorKey, '/v1/templates', { method: 'POST', body: { name: 'By a key' } });
    expect(made.status).toBe(201);
    expect(made.body.team_id).toBe(owner.teamId);
    const version = await app.call(owner.token, `/v1/templates/${made.body.id}/versions/1`);
    expect(version.body.created_by).toBeNull();

    const memberKey = await app.apiKey(owner, 'member');
    expect((await app.call(memberKey, `/v1/templates/${made.body.id}`)).status).toBe(200);
    const preview = await app.call(memberKey, `/v1/templates/${templateId}/preview`, { method: 'POST', body: {} });
    expect(preview.status).toBe(200);
    const refused = await app.call(memberKey, `/v1/templates/${made.body.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    const viewerKey = await app.apiKey(owner, 'viewer');
    expect((await app.call(viewerKey, '/v1/templates')).status).toBe(403);
    // Keys are metered like any API call.
    const usage = await app.usage.summary(owner.teamId);
    expect(usage.usage.api_calls_per_month.used).toBe(5);
  });

  it('replays a create sent again with the same Idempotency-Key, and refuses the key with another body', async () => {
    const headers = { 'Idempotency-Key': 'create-once-1' };
    const count = async () => (await app.usage.summary(owner.teamId)).usage.templates.used;
    const before = await count();
    const first = await app.call(owner.token, '/v1/templates', { method: 'POST', body: { name: 'Once' }, headers });
    expect(first.status).toBe(201);
    const again = await app.call(owner.token, '/v1/templates', { method: 'POST', body: { name: 'Once' }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(`/v1/templates/${first.body.id}`);
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(before + 1);

    const other = await app.call(owner.token, '/v1/templates', { method: 'POST', body: { name: 'Twice' }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    // The key is the caller's: someone else may use the same one.
    const theirs = await app.call(stranger.token, '/v1/templates', {
      method: 'POST',
      body: { name: 'Once' },
      headers,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    expect(await count()).toBe(before + 1);
  });
});

describe('templates: the plan limit', () => {
  let app: TemplatesApp;
  beforeAll(async () => {
    app = await startTemplatesApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const create = (person: Person, name: string) =>
    app.call(person.token, '/v1/templates', { method: 'POST', body: { name } });

  it('refuses a third template on the Free plan with 402 and the limit, the usage and the plan', async () => {
    const person = await app.signUp('freeuser');
    expect((await create(person, 'One')).status).toBe(201);
    const two = await create(person, 'Two');
    expect(two.status).toBe(201);
    const three = await create(person, 'Three');
    expect(three.status).toBe(402);
    expect(three.body.error).toMatchObject({
      type: 'plan_limit_error',
      code: 'plan_limit_exceeded',
      limit: 2,
      used: 2,
      plan: 'free',
      resource: 'templates',
    });
    const copy = await app.call(person.token, `/v1/templates/${two.body.id}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(402);
    const starter = await app.call(person.token, '/v1/templates', { method: 'POST', body: { starter_id: 'quote' } });
    expect(starter.status).toBe(402);
    expect((await app.call(person.token, '/v1/templates')).body.data).toHaveLength(2);

    // Deleting one frees its place.
    await app.call(person.token, `/v1/templates/${two.body.id}`, { method: 'DELETE' });
    expect((await create(person, 'Three again')).status).toBe(201);
    await app.setPlan(person.teamId, 'starter');
    expect((await create(person, 'Four')).status).toBe(201);
  });

  it('lets only one of many concurrent creates take the last place', async () => {
    const person = await app.signUp('racer');
    expect((await create(person, 'Existing')).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(person, `Racer ${i}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 402, 402, 402, 402, 402, 402, 402]);
    for (const answer of answers.filter((a) => a.status === 402)) {
      expect(answer.body.error).toMatchObject({ code: 'plan_limit_exceeded', limit: 2, plan: 'free' });
    }
    expect((await app.usage.summary(person.teamId)).usage.templates).toEqual({ used: 2, limit: 2 });
    // The refused ones left no versions behind.
    const versions = await app.store.collection<{ id: string; teamId: string }>({ name: 'template_versions' });
    expect(await versions.count({ teamId: person.teamId })).toBe(2);
  });

  it('lets concurrent duplicates on the Free plan fill the plan, never more', async () => {
    const person = await app.signUp('dupracer');
    const original = await create(person, 'Original');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.call(person.token, `/v1/templates/${original.body.id}/duplicate`, { method: 'POST' }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect((await app.usage.summary(person.teamId)).usage.templates.used).toBe(2);
  });
});
