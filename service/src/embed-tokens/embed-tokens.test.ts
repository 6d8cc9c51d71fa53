import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, Person } from '../__fixtures__/actors';
import { type RunningApp, startApp } from '../__fixtures__/harness';

// The real app on its embedded store: minting, using, expiring, forging, revoking and the origin rules of embed
// tokens. Which routes a token may call is the matrix of scope-matrix.test.ts.

const APP_ORIGIN = 'https://app.example.com';
const OWN_ORIGIN = 'https://quire.example';

let app: RunningApp;
let owner: Person;
/** An editor key of the owner's team, whose embed tokens may be used from APP_ORIGIN. */
let key: { id: string; secret: string };
let invoice: string;
let receipt: string;

const call = (caller: string, path: string, init?: Parameters<RunningApp['actors']['call']>[2]) =>
  app.actors.call(caller, path, init);

async function newKey(role: string, allowedOrigins: string[] = []) {
  const made = await call(owner.token, '/v1/api-keys', {
    method: 'POST',
    body: { name: `${role} key`, role, allowed_origins: allowedOrigins },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: made.body.id as string, secret: made.body.secret as string };
}

async function mint(by: string, body: Record<string, unknown>, team?: string): Promise<Answer> {
  return call(by, '/v1/embed-tokens', { method: 'POST', body, ...(team ? { team } : {}) });
}

async function tokenFor(body: Record<string, unknown>, by = key.secret): Promise<string> {
  const minted = await mint(by, body);
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  return minted.body.token as string;
}

const codeOf = (answer: Answer) => answer.body?.error?.code as string | undefined;

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000', CORS_ORIGINS: OWN_ORIGIN });
  owner = await app.actors.signUp('embedowner');
  await app.actors.setPlan(owner.teamId, 'professional');
  key = await newKey('editor', [APP_ORIGIN]);
  const made = async (name: string) => {
    const template = await call(key.secret, '/v1/templates', {
      method: 'POST',
      body: { name, html: '<p>{{ a }}</p>' },
    });
    expect(template.status).toBe(201);
    return template.body.id as string;
  };
  invoice = await made('Invoice');
  receipt = await made('Receipt');
});
afterAll(async () => {
  await app?.close({ removeData: true });
});
afterEach(() => {
  app.clock.offsetMs = 0;
});

describe('POST /v1/embed-tokens', () => {
  it('mints a token for the key’s team, its templates and permissions, for 15 minutes by default', async () => {
    const before = Date.now();
    const minted = await mint(key.secret, { template_ids: [invoice], permissions: ['edit', 'preview', 'edit'] });
    expect(minted.status).toBe(201);
    expect(minted.headers.get('cache-control')).toBe('no-store');
    expect(minted.body).toMatchObject({
      object: 'embed_token',
      team_id: owner.teamId,
      template_ids: [invoice],
      new_templates: false,
      permissions: ['edit', 'preview'],
      allowed_origins: [APP_ORIGIN],
      api_key_id: key.id,
      expires_in: 900,
    });
    expect(minted.body.token).toMatch(/^qe_[A-Za-z0-9_-]{43}$/);
    expect(minted.body.id).toMatch(/^emb_/);
    const lifetime = Date.parse(minted.body.expires_at) - before;
    expect(lifetime).toBeGreaterThan(899_000);
    expect(lifetime).toBeLessThan(905_000);
    // It works at once.
    expect((await call(minted.body.token, `/v1/templates/${invoice}`)).status).toBe(200);
  });

  it('refuses a lifetime over one hour or under a minute, and a token that could open nothing', async () => {
    for (const expires_in of [3601, 59, 1.5]) {
      const refused = await mint(key.secret, { template_ids: [invoice], expires_in });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_failed', param: 'expires_in' });
    }
    expect((await mint(key.secret, { template_ids: [invoice], expires_in: 3600 })).status).toBe(201);
    const nothing = await mint(key.secret, { permissions: ['edit'] });
    expect(nothing.body.error).toMatchObject({ code: 'validation_failed', param: 'template_ids' });
    const unknown = await mint(key.secret, { template_ids: [invoice], permissions: ['delete'] });
    expect(unknown.body.error).toMatchObject({ code: 'validation_failed', param: 'permissions.0' });
  });

  it('refuses templates of another team, or that do not exist, as not found', async () => {
    const stranger = await app.actors.signUp('embedstranger');
    const theirs = await call(stranger.token, '/v1/templates', { method: 'POST', body: { name: 'Theirs' } });
    for (const id of [theirs.body.id, 'tpl_doesnotexist', 'nonsense']) {
      const refused = await mint(key.secret, { template_ids: [invoice, id] });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatchObject({ code: 'template_not_found', param: 'template_ids.1' });
    }
  });

  it('needs templates:write: a member or viewer key cannot mint', async () => {
    for (const role of ['member', 'viewer']) {
      const weak = await newKey(role);
      const refused = await mint(weak.secret, { template_ids: [invoice] });
      expect(refused.status).toBe(403);
      expect(codeOf(refused)).toBe('forbidden');
    }
  });

  it('lets a person with templates:write mint one, which ends when they leave the team', async () => {
    const minted = await mint(owner.token, { template_ids: [invoice], permissions: ['preview'] });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ api_key_id: null, allowed_origins: [], team_id: owner.teamId });
    expect((await call(minted.body.token, `/v1/templates/${invoice}`)).status).toBe(200);

    // An editor of a shared team mints one, and is then removed from it.
    const editor = await app.actors.signUp('embededitor');
    await app.actors.addMember(owner.teamId, { id: editor.id, email: editor.email }, 'editor');
    const theirs = await mint(editor.token, { template_ids: [invoice] }, owner.teamId);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.body.team_id).toBe(owner.teamId);
    expect((await call(theirs.body.token, `/v1/templates/${invoice}`)).status).toBe(200);
    const removed = await call(owner.token, `/v1/team/members/${editor.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const after = await call(theirs.body.token, `/v1/templates/${invoice}`);
    expect(after.status).toBe(401);
    expect(codeOf(after)).toBe('invalid_embed_token');
  });

  it('cannot be called with an embed token: a token never mints another', async () => {
    const token = await tokenFor({ template_ids: [invoice], permissions: ['edit', 'publish', 'ai', 'preview'] });
    const refused = await mint(token, { template_ids: [invoice] });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('embed_scope');
  });
});

describe('a request with an embed token', () => {
  it('sees only its templates: others of the team answer 404, and the list holds its own', async () => {
    const token = await tokenFor({ template_ids: [invoice] });
    expect((await call(token, `/v1/templates/${invoice}`)).body).toMatchObject({ id: invoice, name: 'Invoice' });
    for (const path of [`/v1/templates/${receipt}`, `/v1/templates/${receipt}/versions`, '/v1/templates/nonsense']) {
      const hidden = await call(token, path);
      expect(hidden.status, path).toBe(404);
      expect(codeOf(hidden)).toBe('template_not_found');
    }
    const list = await call(token, '/v1/templates');
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([invoice]);
    const searched = await call(token, '/v1/templates?q=e');
    expect(searched.body.data.map((t: { id: string }) => t.id)).toEqual([invoice]);
  });

  it('saves drafts with edit, and needs publish for a save that publishes', async () => {
    const token = await tokenFor({ template_ids: [invoice], permissions: ['edit'] });
    const publishing = await call(token, `/v1/templates/${invoice}`, { method: 'PATCH', body: { css: 'p{}' } });
    expect(publishing.status).toBe(403);
    expect(publishing.body.error).toMatchObject({ code: 'embed_scope', permissions: ['publish'] });
    expect(publishing.body.error.message).toContain('"publish": false');
    const draft = await call(token, `/v1/templates/${invoice}`, {
      method: 'PATCH',
      body: { css: 'p { color: red; }', publish: false },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.latest_version).toBeGreaterThan(draft.body.published_version);
    const publish = await call(token, `/v1/templates/${invoice}/publish`, {
      method: 'POST',
      body: { version: draft.body.latest_version },
    });
    expect(codeOf(publish)).toBe('embed_scope');

    const publisher = await tokenFor({ template_ids: [invoice], permissions: ['publish'] });
    const published = await call(publisher, `/v1/templates/${invoice}/publish`, {
      method: 'POST',
      body: { version: draft.body.latest_version },
    });
    expect(published.status).toBe(200);
    expect(published.body.published_version).toBe(draft.body.latest_version);
  });

  it('counts against the team’s monthly API calls, as a key’s call does', async () => {
    const token = await tokenFor({ template_ids: [invoice] });
    const before = (await app.actors.usageOf(owner.teamId)).api_calls;
    for (let i = 0; i < 3; i++) expect((await call(token, `/v1/templates/${invoice}`)).status).toBe(200);
    expect((await app.actors.usageOf(owner.teamId)).api_calls).toBe(before + 3);
    await app.actors.setUsage(owner.teamId, { api_calls: 1_000_000_000 });
    try {
      const over = await call(token, `/v1/templates/${invoice}`);
      expect(over.status).toBe(402);
      expect(codeOf(over)).toBe('plan_limit_exceeded');
    } finally {
      await app.actors.setUsage(owner.teamId, { api_calls: 0 });
    }
  });

  it('acts for its own team only: a Quire-Team header naming another team is refused', async () => {
    const token = await tokenFor({ template_ids: [invoice] });
    const stranger = await app.actors.signUp('embedteamhop');
    const refused = await call(token, `/v1/templates/${invoice}`, { team: stranger.teamId });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', param: 'Quire-Team' });
  });

  it('creates templates with new_templates, and then sees them; other tokens do not', async () => {
    const token = await tokenFor({ new_templates: true, permissions: ['edit', 'ai'] });
    expect((await call(token, '/v1/templates')).body.data).toEqual([]);
    const made = await call(token, '/v1/templates', { method: 'POST', body: { name: 'Made in the builder' } });
    expect(made.status).toBe(201);
    const generated = await call(token, '/v1/ai/templates', {
      method: 'POST',
      body: { prompt: 'A packing slip with the order number and a table of items' },
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    const ids = [generated.body.template.id, made.body.id];
    const list = await call(token, '/v1/templates');
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual(ids);
    for (const id of ids) expect((await call(token, `/v1/templates/${id}`)).status).toBe(200);
    // Its templates are the team's, with no person as their author.
    const byKey = await call(key.secret, `/v1/templates/${made.body.id}`);
    expect(byKey.body).toMatchObject({ team_id: owner.teamId, name: 'Made in the builder' });

    const other = await tokenFor({ new_templates: true, permissions: ['edit'] });
    expect(codeOf(await call(other, `/v1/templates/${made.body.id}`))).toBe('template_not_found');
    expect((await call(other, '/v1/templates')).body.data).toEqual([]);

    const readOnly = await tokenFor({ template_ids: [invoice], permissions: ['edit'] });
    const refused = await call(readOnly, '/v1/templates', { method: 'POST', body: { name: 'Not allowed' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'embed_scope', reason: 'new_templates' });
  }, 90_000);

  it('keeps an AI turn as a draft when the token may not publish', async () => {
    const token = await tokenFor({ template_ids: [receipt], permissions: ['edit', 'ai'] });
    const before = await call(key.secret, `/v1/templates/${receipt}`);
    const turn = await call(token, `/v1/templates/${receipt}/messages`, {
      method: 'POST',
      body: { content: 'Make the text blue' },
    });
    expect(turn.status, JSON.stringify(turn.body)).toBe(201);
    expect(turn.body.published).toBe(false);
    expect(turn.body.template.published_version).toBe(before.body.published_version);
    expect(turn.body.report.notes.join(' ')).toContain('may not publish');
  }, 90_000);
});

describe('the life of an embed token', () => {
  it('answers 401 embed_token_expired once it has expired, never before', async () => {
    const short = await mint(key.secret, { template_ids: [invoice], expires_in: 60 });
    const long = await mint(key.secret, { template_ids: [invoice], expires_in: 3600 });
    app.clock.offsetMs = 55_000;
    expect((await call(short.body.token, `/v1/templates/${invoice}`)).status).toBe(200);
    app.clock.offsetMs = 61_000;
    const expired = await call(short.body.token, `/v1/templates/${invoice}`);
    expect(expired.status).toBe(401);
    expect(codeOf(expired)).toBe('embed_token_expired');
    app.clock.offsetMs = 3_595_000;
    expect((await call(long.body.token, `/v1/templates/${invoice}`)).status).toBe(200);
    app.clock.offsetMs = 3_601_000;
    expect(codeOf(await call(long.body.token, `/v1/templates/${invoice}`))).toBe('embed_token_expired');
  });

  it('refuses a forged or altered token with 401 invalid_embed_token', async () => {
    const token = await tokenFor({ template_ids: [invoice] });
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const forged = [
      `${token.slice(0, -1)}${last}`,
      `qe_${'A'.repeat(43)}`,
      'qe_short',
      `${token}x`,
      token.replace('qe_', 'qk_'),
    ];
    for (const bad of forged) {
      const refused = await call(bad, `/v1/templates/${invoice}`);
      expect(refused.status, bad).toBe(401);
      expect(['invalid_embed_token', 'invalid_api_key']).toContain(codeOf(refused));
    }
    expect(codeOf(await call(`qe_${'A'.repeat(43)}`, '/v1/templates'))).toBe('invalid_embed_token');
  });

  it('ends when the key that minted it is revoked', async () => {
    const doomed = await newKey('editor', [APP_ORIGIN]);
    const token = await tokenFor({ template_ids: [invoice] }, doomed.secret);
    expect((await call(token, `/v1/templates/${invoice}`)).status).toBe(200);
    expect((await call(owner.token, `/v1/api-keys/${doomed.id}`, { method: 'DELETE' })).status).toBe(200);
    const refused = await call(token, `/v1/templates/${invoice}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 'invalid_embed_token' });
    expect(refused.body.error.message).toContain('revoked');
  });
});

describe('origins', () => {
  const from = (origin: string, extra: Record<string, string> = {}) => ({ headers: { Origin: origin, ...extra } });

  it('answers a browser at an origin the key names, with CORS headers and without credentials', async () => {
    const token = await tokenFor({ template_ids: [invoice] });
    const answer = await call(token, `/v1/templates/${invoice}`, from(APP_ORIGIN));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('answers the preflight of a builder route from that origin, and of no other route', async () => {
    const preflight = (path: string, origin: string, method = 'PATCH') =>
      app.actors.fetch('', path, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(`/v1/templates/${invoice}`, APP_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PATCH');
    for (const [path, method] of [
      ['/v1/api-keys', 'POST'],
      ['/v1/reports', 'POST'],
      [`/v1/templates/${invoice}`, 'DELETE'],
    ] as const) {
      const refused = await preflight(path, APP_ORIGIN, method);
      expect(refused.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
    }
    expect(
      (await preflight(`/v1/templates/${invoice}`, 'https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });

  it('refuses a browser at any other origin: 403 embed_origin without CORS headers', async () => {
    const token = await tokenFor({ template_ids: [invoice] });
    for (const origin of ['https://evil.example', 'http://app.example.com', 'https://app.example.com:8443', 'null']) {
      const refused = await call(token, `/v1/templates/${invoice}`, from(origin));
      expect(refused.status, origin).toBe(403);
      expect(codeOf(refused)).toBe('embed_origin');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    // An origin another key names is not this token's either.
    const other = await newKey('editor', ['https://other.example']);
    expect(other.id).toMatch(/^key_/);
    const refused = await call(token, `/v1/templates/${invoice}`, from('https://other.example'));
    expect(codeOf(refused)).toBe('embed_origin');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // The service's own origins (CORS_ORIGINS) and requests without an Origin (a backend) are not browsers elsewhere.
    expect((await call(token, `/v1/templates/${invoice}`, from(OWN_ORIGIN))).status).toBe(200);
    expect((await call(token, `/v1/templates/${invoice}`)).status).toBe(200);
  });

  it('gives a browser at an allowed origin a readable 401, so the builder can ask for a new token', async () => {
    const token = await tokenFor({ template_ids: [invoice], expires_in: 60 });
    app.clock.offsetMs = 120_000;
    const expired = await call(token, `/v1/templates/${invoice}`, from(APP_ORIGIN));
    expect(expired.status).toBe(401);
    expect(codeOf(expired)).toBe('embed_token_expired');
    expect(expired.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('gives no CORS headers to a key’s origin for a request with another credential', async () => {
    for (const credential of [key.secret, owner.token]) {
      const answer = await call(credential, `/v1/templates/${invoice}`, from(APP_ORIGIN));
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('follows the key’s allowed_origins as they change, for tokens already minted', async () => {
    const changing = await newKey('editor', [APP_ORIGIN]);
    const token = await tokenFor({ template_ids: [invoice] }, changing.secret);
    expect((await call(token, `/v1/templates/${invoice}`, from(APP_ORIGIN))).status).toBe(200);
    const updated = await call(owner.token, `/v1/api-keys/${changing.id}`, {
      method: 'PATCH',
      body: { allowed_origins: ['http://localhost:5173'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: changing.id, allowed_origins: ['http://localhost:5173'] });
    expect(codeOf(await call(token, `/v1/templates/${invoice}`, from(APP_ORIGIN)))).toBe('embed_origin');
    expect((await call(token, `/v1/templates/${invoice}`, from('http://localhost:5173'))).status).toBe(200);
  });

  it('keeps the web app’s CORS: its origins get credentials on every route', async () => {
    const answer = await call(owner.token, '/v1/api-keys', from(OWN_ORIGIN));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(OWN_ORIGIN);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('allowed_origins of API keys', () => {
  it('lists them with the key, and accepts only bare origins', async () => {
    const listed = await call(owner.token, '/v1/api-keys');
    expect(listed.body.data.find((k: { id: string }) => k.id === key.id).allowed_origins).toEqual([APP_ORIGIN]);
    for (const origin of [
      'https://app.example.com/',
      'https://app.example.com/builder',
      'https://*.example.com',
      'HTTPS://APP.EXAMPLE.COM',
      'ftp://files.example.com',
      'https://app.example.com:443',
      'null',
    ]) {
      const refused = await call(owner.token, '/v1/api-keys', {
        method: 'POST',
        body: { name: 'bad origin', role: 'editor', allowed_origins: [origin] },
      });
      expect(refused.status, origin).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_failed', param: 'allowed_origins.0' });
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://app${i}.example.com`);
    const refused = await call(owner.token, `/v1/api-keys/${key.id}`, {
      method: 'PATCH',
      body: { allowed_origins: tooMany },
    });
    expect(refused.body.error).toMatchObject({ code: 'validation_failed', param: 'allowed_origins' });
  });

  it('records the change in the audit log', async () => {
    const changed = await newKey('viewer');
    await call(owner.token, `/v1/api-keys/${changed.id}`, { method: 'PATCH', body: { name: 'Renamed' } });
    const log = await call(owner.token, '/v1/audit-log?action=api_key.updated');
    expect(log.body.data[0]).toMatchObject({ action: 'api_key.updated', target: { id: changed.id } });
    expect(log.body.data[0].details).toMatchObject({ name: 'Renamed', allowed_origins: [] });
  });
});
