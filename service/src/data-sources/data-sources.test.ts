import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DataSourcesApp,
  errorOf,
  newUser,
  startDataSourcesApp,
  startHttpServer,
  type TestUser,
} from './__fixtures__/data-sources-app';

interface View {
  id: string;
  type: string;
  name: string;
  [key: string]: unknown;
}

const CSV = 'id,name,amount\n001,Ada,12.50\n002,"Lovelace, Countess",7\n';
const PG_PASSWORD = 'pg-Secret-Pass-4711';
const HEADER_SECRET = 'Bearer tok-SECRET-0815';

describe('data sources: routes, roles and secrets', () => {
  let app: DataSourcesApp;
  let api: Awaited<ReturnType<typeof startHttpServer>>;
  let owner: TestUser;
  let teamId: string;

  beforeAll(async () => {
    api = await startHttpServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/down')) res.statusCode = 503;
      res.end(JSON.stringify({ ok: true }));
    });
    app = await startDataSourcesApp(`127.0.0.1:5432,127.0.0.1:${api.port}`);
    owner = newUser('dsowner');
    teamId = await app.teamOf(owner);
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
  });

  const create = async (body: unknown, user = owner, team = teamId) =>
    app.as(user, '/v1/data-sources', { method: 'POST', team, body });
  const created = async (body: unknown) => {
    const response = await create(body);
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    return (await response.json()) as View;
  };
  const preview = (id: string, body: unknown = {}, user = owner) =>
    app.as(user, `/v1/data-sources/${id}/preview`, { method: 'POST', team: teamId, body });

  it('creates a CSV upload and previews its rows as strings, with the schema of what a template gets', async () => {
    const source = await created({ type: 'static', name: 'People', format: 'csv', content: CSV });
    expect(source).toMatchObject({
      object: 'data_source',
      type: 'static',
      name: 'People',
      description: null,
      format: 'csv',
      delimiter: ',',
      size_bytes: Buffer.byteLength(CSV),
    });
    expect(source.id).toMatch(/^ds_/);
    expect(source).not.toHaveProperty('content');

    const response = await preview(source.id, { limit: 1 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'data_source_preview',
      rows: [{ id: '001', name: 'Ada', amount: '12.50' }],
      row_count: 2,
      truncated: false,
    });
    expect(body.schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' }, amount: { type: 'string' } },
            required: ['id', 'name', 'amount'],
          },
        },
        row_count: { type: 'integer' },
        truncated: { type: 'boolean' },
      },
      required: ['rows', 'row_count', 'truncated'],
    });
    expect(await app.load(teamId, source.id, {})).toEqual({
      rows: [
        { id: '001', name: 'Ada', amount: '12.50' },
        { id: '002', name: 'Lovelace, Countess', amount: '7' },
      ],
      row_count: 2,
      truncated: false,
    });
  });

  it('takes JSON uploads: data_path picks rows (an array) or the data itself (an object)', async () => {
    const content = JSON.stringify({
      invoice: { number: 'INV-7', issued: '2026-11-02', customer: { name: 'Ada' } },
      lines: [
        { sku: 'A', qty: 2, price: 1.5 },
        { sku: 'B', qty: 1, price: 3, note: null },
      ],
    });
    const lines = await created({ type: 'static', name: 'Lines', format: 'json', content, data_path: '$.lines' });
    expect(await app.load(teamId, lines.id, {})).toEqual({
      rows: [
        { sku: 'A', qty: 2, price: 1.5 },
        { sku: 'B', qty: 1, price: 3, note: null },
      ],
      row_count: 2,
      truncated: false,
    });
    const schema = ((await (await preview(lines.id)).json()) as { schema: Record<string, unknown> }).schema;
    expect(schema.properties).toMatchObject({
      rows: {
        items: {
          properties: {
            sku: { type: 'string' },
            qty: { type: 'integer' },
            price: { type: 'number' },
            note: { type: 'null' },
          },
          required: ['sku', 'qty', 'price'],
        },
      },
    });

    const invoice = await created({ type: 'static', name: 'Invoice', format: 'json', content, data_path: '$.invoice' });
    expect(await app.load(teamId, invoice.id, {})).toEqual({
      number: 'INV-7',
      issued: '2026-11-02',
      customer: { name: 'Ada' },
    });
    const shown = (await (await preview(invoice.id)).json()) as Record<string, unknown>;
    expect(shown).toMatchObject({ rows: [{ number: 'INV-7' }], row_count: 1, truncated: false });
    expect((shown.schema as { properties: Record<string, unknown> }).properties.issued).toEqual({
      type: 'string',
      format: 'date',
    });

    const skus = await created({ type: 'static', name: 'Skus', format: 'json', content, data_path: '$.lines[*].sku' });
    expect(await app.load(teamId, skus.id, {})).toMatchObject({ rows: ['A', 'B'] });
  });

  it('refuses JSON content nested deeper than Quire reads, naming content', async () => {
    const deep = `{"lines":${'['.repeat(5_000)}1${']'.repeat(5_000)}}`;
    const error = await errorOf(
      await create({ type: 'static', name: 'Deep', format: 'json', content: deep, data_path: '$..lines' }),
      400,
    );
    expect(error).toMatchObject({ code: 'json_too_deep', param: 'content' });
  });

  it('refuses bodies that are not valid, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'ftp', name: 'x' }, 'type'],
      [{ type: 'static', name: ' ', format: 'csv', content: 'a\n1' }, 'name'],
      [{ type: 'static', name: 'x', format: 'csv', content: 'a,b\n1,2,3\n' }, 'content'],
      [{ type: 'static', name: 'x', format: 'csv', content: 'a,a\n1,2\n' }, 'content'],
      [{ type: 'static', name: 'x', format: 'json', content: '{nope' }, 'content'],
      [{ type: 'static', name: 'x', format: 'json', content: '{}', data_path: 'data' }, 'data_path'],
      [{ type: 'static', name: 'x', format: 'json', content: '{}', data_path: '$.missing' }, 'data_path'],
      [{ type: 'static', name: 'x', format: 'csv', content: 'a\n1', typo: true }, ''],
      [{ type: 'http', name: 'x', url: 'ftp://example.com/' }, 'url'],
      [{ type: 'http', name: 'x', url: 'https://user:pw@example.com/' }, 'url'],
      [{ type: 'http', name: 'x', url: 'https://{{host}}.example.com/' }, 'url'],
      [{ type: 'http', name: 'x', url: 'https://example.com/', body: { a: 1 } }, 'body'],
      [{ type: 'http', name: 'x', url: 'https://example.com/', headers: { Host: 'evil' } }, 'headers.Host'],
      [{ type: 'http', name: 'x', url: 'https://example.com/', headers: { 'Bad Name': 'v' } }, 'headers.Bad Name'],
      [{ type: 'postgres', name: 'x', connection_string: 'mysql://u@db/x', query: 'SELECT 1' }, 'connection_string'],
      [
        { type: 'postgres', name: 'x', connection_string: 'postgres://db.example/x', query: 'SELECT 1' },
        'connection_string',
      ],
      [{ type: 'postgres', name: 'x', connection_string: 'postgres://u@db/x', query: ' ' }, 'query'],
      [{ type: 'mysql', name: 'x', connection_string: 'mysql://u@db/x', query: 'SELECT 1', row_limit: 0 }, 'row_limit'],
      [{ type: 'mysql', name: 'x', connection_string: 'mysql://u@db/x?foo=1', query: 'SELECT 1' }, 'connection_string'],
    ];
    for (const [body, param] of cases) {
      const error = await errorOf(await create(body), 400);
      expect(error.code, JSON.stringify(body)).toBe('validation_failed');
      if (param) expect(error.param, JSON.stringify(body)).toBe(param);
    }
    // The message names the field, never quotes a connection string (it holds the password).
    const leaky = await errorOf(
      await create({
        type: 'postgres',
        name: 'x',
        connection_string: `mysql://u:${PG_PASSWORD}@db/x`,
        query: 'SELECT 1',
      }),
      400,
    );
    expect(JSON.stringify(leaky)).not.toContain(PG_PASSWORD);
  });

  it('never shows secrets, and keeps them encrypted at rest', async () => {
    const pg = await created({
      type: 'postgres',
      name: 'Warehouse',
      connection_string: `postgres://postgres:${PG_PASSWORD}@127.0.0.1:5432/test`,
      query: 'SELECT 1 AS one',
    });
    expect(pg.connection).toEqual({
      host: '127.0.0.1',
      port: 5432,
      database: 'test',
      user: 'postgres',
      ssl: 'disable',
    });
    const httpSource = await created({
      type: 'http',
      name: 'API',
      url: `${api.url}/`,
      headers: { Authorization: HEADER_SECRET, 'X-Api-Key': 'key-SECRET-42' },
    });
    expect(httpSource.headers).toEqual({ authorization: '********', 'x-api-key': '********' });

    const answers = [
      await (await app.as(owner, `/v1/data-sources/${pg.id}`, { team: teamId })).text(),
      await (await app.as(owner, `/v1/data-sources/${httpSource.id}`, { team: teamId })).text(),
      await (await app.as(owner, '/v1/data-sources?limit=100', { team: teamId })).text(),
      await (await app.as(owner, '/v1/audit-log?limit=100', { team: teamId })).text(),
      JSON.stringify(pg),
      JSON.stringify(httpSource),
    ];
    // Everything the store wrote: the data sources, the audit log, kept idempotent answers.
    const db = join(app.dir, 'db');
    for (const file of await readdir(db)) answers.push(await readFile(join(db, file), 'utf8'));
    const datafile = await app.datafile();
    expect(datafile).toContain(pg.id);
    for (const text of answers) {
      expect(text).not.toContain(PG_PASSWORD);
      expect(text).not.toContain('tok-SECRET-0815');
      expect(text).not.toContain('key-SECRET-42');
    }
    // Sealed values, not plain text or base64 of it.
    expect(datafile).toMatch(/"sealedConnection":"v1\.[\w-]+\.[\w-]+\.[\w-]+"/);
    expect(datafile).not.toContain(Buffer.from(PG_PASSWORD).toString('base64'));
  });

  it('PATCH changes what it is given and keeps the secrets left out', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const echo = await startHttpServer((req, res) => {
      seen.push({ authorization: req.headers.authorization, 'x-one': req.headers['x-one'] as string | undefined });
      res.setHeader('content-type', 'application/json');
      res.end('[]');
    });
    const patchApp = await startDataSourcesApp(`127.0.0.1:${echo.port}`);
    try {
      const user = newUser('dspatch');
      const team = await patchApp.teamOf(user);
      const patch = (id: string, body: unknown) =>
        patchApp.as(user, `/v1/data-sources/${id}`, { method: 'PATCH', team, body });
      const make = await patchApp.as(user, '/v1/data-sources', {
        method: 'POST',
        team,
        body: { type: 'http', name: 'Echo', url: `${echo.url}/a`, headers: { Authorization: 'one', 'X-One': '1' } },
      });
      const source = (await make.json()) as View;

      const renamed = await patch(source.id, { name: 'Echo 2', description: 'Renamed', url: `${echo.url}/b` });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toMatchObject({
        name: 'Echo 2',
        description: 'Renamed',
        url: `${echo.url}/b`,
        headers: { authorization: '********', 'x-one': '********' },
      });
      await patchApp.load(team, source.id, {});
      expect(seen.at(-1)).toEqual({ authorization: 'one', 'x-one': '1' });

      // A new value replaces, the mask keeps, null removes.
      const headers = await patch(source.id, { headers: { Authorization: 'two', 'X-One': null } });
      expect(((await headers.json()) as View).headers).toEqual({ authorization: '********' });
      await patchApp.load(team, source.id, {});
      expect(seen.at(-1)).toEqual({ authorization: 'two', 'x-one': undefined });
      await patch(source.id, { headers: { authorization: '********' }, description: null });
      await patchApp.load(team, source.id, {});
      expect(seen.at(-1)).toEqual({ authorization: 'two', 'x-one': undefined });

      expect((await errorOf(await patch(source.id, { type: 'static' }), 400)).param).toBe('type');
      expect((await errorOf(await patch(source.id, { headers: { 'X-New': '********' } }), 400)).param).toBe(
        'headers.X-New',
      );
      expect((await errorOf(await patch(source.id, { row_limit: 5 }), 400)).code).toBe('validation_failed');

      // A query source keeps its connection string unless a new one is sent.
      const pgMake = await patchApp.as(user, '/v1/data-sources', {
        method: 'POST',
        team,
        body: { type: 'postgres', name: 'PG', connection_string: 'postgres://u:pw1@db.example/x', query: 'SELECT 1' },
      });
      const pgSource = (await pgMake.json()) as View;
      const kept = (await (await patch(pgSource.id, { query: 'SELECT 2', row_limit: 50 })).json()) as View;
      expect(kept).toMatchObject({ query: 'SELECT 2', row_limit: 50, connection: { host: 'db.example', user: 'u' } });
      const moved = (await (
        await patch(pgSource.id, { connection_string: 'postgres://v:pw2@db2.example:6432/y?sslmode=require' })
      ).json()) as View;
      expect(moved).toMatchObject({
        query: 'SELECT 2',
        connection: { host: 'db2.example', port: 6432, database: 'y', user: 'v', ssl: 'verify' },
      });
    } finally {
      await patchApp.close();
      await echo.close();
    }
  });

  it('lists newest first, a page at a time', async () => {
    const user = newUser('dslist');
    const team = await app.teamOf(user);
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const response = await create({ type: 'static', name, format: 'json', content: '[]' }, user, team);
      ids.push(((await response.json()) as View).id);
    }
    const first = (await (await app.as(user, '/v1/data-sources?limit=2', { team })).json()) as {
      data: View[];
      has_more: boolean;
      next_cursor: string;
    };
    expect(first.data.map((d) => d.name)).toEqual(['three', 'two']);
    expect(first.has_more).toBe(true);
    const second = (await (
      await app.as(user, `/v1/data-sources?limit=2&starting_after=${first.next_cursor}`, { team })
    ).json()) as { data: View[]; has_more: boolean };
    expect(second.data.map((d) => d.name)).toEqual(['one']);
    expect(second.has_more).toBe(false);
  });

  it('lets members read but not preview rows or write; viewers cannot read; admins write', async () => {
    const source = await created({ type: 'static', name: 'Shared', format: 'json', content: '[{"a":1}]' });
    const member = newUser('dsmember');
    const viewer = newUser('dsviewer');
    const admin = newUser('dsadmin');
    await app.addMember(teamId, member, 'member');
    await app.addMember(teamId, viewer, 'viewer');
    await app.addMember(teamId, admin, 'admin');

    expect((await app.as(member, `/v1/data-sources/${source.id}`, { team: teamId })).status).toBe(200);
    expect((await app.as(member, '/v1/data-sources', { team: teamId })).status).toBe(200);
    expect((await errorOf(await preview(source.id, {}, member), 403)).code).toBe('forbidden');
    const memberTest = app.as(member, `/v1/data-sources/${source.id}/test`, { method: 'POST', team: teamId, body: {} });
    expect(await (await memberTest).json()).toMatchObject({ ok: true });
    const writes = [
      create({ type: 'static', name: 'x', format: 'json', content: '[]' }, member),
      app.as(member, `/v1/data-sources/${source.id}`, { method: 'PATCH', team: teamId, body: { name: 'y' } }),
      app.as(member, `/v1/data-sources/${source.id}`, { method: 'DELETE', team: teamId }),
    ];
    for (const response of await Promise.all(writes)) expect((await errorOf(response, 403)).code).toBe('forbidden');

    for (const path of ['/v1/data-sources', `/v1/data-sources/${source.id}`]) {
      expect((await errorOf(await app.as(viewer, path, { team: teamId }), 403)).code).toBe('forbidden');
    }
    expect((await errorOf(await preview(source.id, {}, viewer), 403)).code).toBe('forbidden');

    const byAdmin = await create({ type: 'static', name: 'By admin', format: 'json', content: '[]' }, admin);
    expect(byAdmin.status).toBe(201);
  });

  it("acts for an API key with the key's role, and records the key as the actor", async () => {
    const keyFor = async (role: string) => {
      const response = await app.as(owner, '/v1/api-keys', {
        method: 'POST',
        team: teamId,
        body: { name: role, role },
      });
      return (await response.json()) as { secret: string; id: string } as { secret: string; id: string };
    };
    const memberKey = await keyFor('member');
    const adminKey = await keyFor('admin');
    const list = await app.withKey(memberKey.secret, '/v1/data-sources');
    expect(list.status).toBe(200);
    const refused = await app.withKey(memberKey.secret, '/v1/data-sources', {
      method: 'POST',
      body: { type: 'static', name: 'k', format: 'json', content: '[]' },
    });
    expect((await errorOf(refused, 403)).code).toBe('forbidden');
    const made = await app.withKey(adminKey.secret, '/v1/data-sources', {
      method: 'POST',
      body: { type: 'static', name: 'By key', format: 'json', content: '[]' },
    });
    expect(made.status).toBe(201);
    const source = (await made.json()) as View;
    const audit = (await (
      await app.as(owner, '/v1/audit-log?action=data_source.created&limit=100', { team: teamId })
    ).json()) as { data: { target: { id: string }; actor: unknown }[] };
    expect(audit.data.find((e) => e.target.id === source.id)?.actor).toEqual({ type: 'api_key', id: adminKey.id });
    expect((await errorOf(await app.withKey('qk_live_nope', '/v1/data-sources'), 401)).code).toBe('invalid_api_key');
  });

  it("answers 404 data_source_not_found for another team's data source, on every route and in load", async () => {
    const source = await created({ type: 'static', name: 'Private', format: 'json', content: '[1]' });
    const stranger = newUser('dsstranger');
    const strangerTeam = await app.teamOf(stranger);
    const attempts = [
      app.as(stranger, `/v1/data-sources/${source.id}`),
      app.as(stranger, `/v1/data-sources/${source.id}`, { method: 'PATCH', body: { name: 'mine' } }),
      app.as(stranger, `/v1/data-sources/${source.id}/preview`, { method: 'POST', body: {} }),
      app.as(stranger, `/v1/data-sources/${source.id}/test`, { method: 'POST', body: {} }),
      app.as(stranger, `/v1/data-sources/${source.id}`, { method: 'DELETE' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect((await errorOf(response, 404)).code).toBe('data_source_not_found');
    }
    const list = (await (await app.as(stranger, '/v1/data-sources')).json()) as { data: View[] };
    expect(list.data).toEqual([]);
    await expect(app.load(strangerTeam, source.id, {})).rejects.toMatchObject({ code: 'data_source_not_found' });
    // Naming the owner's team does not help a non-member.
    const named = await app.as(stranger, `/v1/data-sources/${source.id}`, { team: teamId });
    expect(named.status).toBe(404);
    expect((await app.as(owner, `/v1/data-sources/${source.id}`, { team: teamId })).status).toBe(200);
  });

  it('audits creation, changes (field names only) and deletion', async () => {
    const source = await created({
      type: 'http',
      name: 'Audited',
      url: `${api.url}/`,
      headers: { Authorization: HEADER_SECRET },
    });
    const patched = await app.as(owner, `/v1/data-sources/${source.id}`, {
      method: 'PATCH',
      team: teamId,
      body: { name: 'Audited 2', headers: { Authorization: 'Bearer another-SECRET' } },
    });
    expect(patched.status).toBe(200);
    const deleted = await app.as(owner, `/v1/data-sources/${source.id}`, { method: 'DELETE', team: teamId });
    expect(await deleted.json()).toEqual({ object: 'data_source', id: source.id, deleted: true });
    expect((await app.as(owner, `/v1/data-sources/${source.id}`, { team: teamId })).status).toBe(404);

    const log = await (await app.as(owner, '/v1/audit-log?limit=100', { team: teamId })).text();
    expect(log).not.toContain('SECRET');
    const entries = (JSON.parse(log) as { data: { action: string; target: unknown; details: unknown }[] }).data
      .filter((e) => JSON.stringify(e.target).includes(source.id))
      .reverse();
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['data_source.created', { name: 'Audited', type: 'http' }],
      ['data_source.updated', { name: 'Audited 2', type: 'http', fields: ['name', 'headers'] }],
      ['data_source.deleted', { name: 'Audited 2', type: 'http' }],
    ]);
  });

  it('replays a create sent again with the same Idempotency-Key', async () => {
    const body = { type: 'static', name: 'Once', format: 'json', content: '[]' };
    const headers = { 'Idempotency-Key': `ds-${Date.now()}` };
    const first = await app.as(owner, '/v1/data-sources', { method: 'POST', team: teamId, body, headers });
    const again = await app.as(owner, '/v1/data-sources', { method: 'POST', team: teamId, body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as View).id).toBe(((await first.json()) as View).id);
  });

  it('answers hostile bodies on every route with a 4xx JSON error, never a 5xx', async () => {
    const source = await created({ type: 'static', name: 'Target', format: 'json', content: '[]' });
    const bodies = [
      '{"type": "http",',
      '"just a string"',
      '[1,2,3]',
      'null',
      '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}, "type": "static"}',
      JSON.stringify({
        type: 'http',
        name: 'x',
        url: 'http://example.com/',
        method: 'POST',
        body: JSON.parse(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`),
      }),
      JSON.stringify({ params: { __proto__: 1, a: { b: [1] } }, limit: 'all' }),
      JSON.stringify({ type: 'postgres', name: 'x', connection_string: 'postgres://u:%zz@h/x', query: 'SELECT 1' }),
      JSON.stringify({ type: 'mysql', name: 'x', connection_string: `mysql://u@${'h'.repeat(5000)}/x`, query: 'x' }),
    ];
    const routes: [string, string][] = [
      ['POST', '/v1/data-sources'],
      ['PATCH', `/v1/data-sources/${source.id}`],
      ['POST', `/v1/data-sources/${source.id}/test`],
      ['POST', `/v1/data-sources/${source.id}/preview`],
    ];
    const failures: string[] = [];
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const response = await fetch(`${app.url}${path}`, {
          method,
          headers: { 'X-Test-User': owner.id, 'X-Test-Email': owner.email, 'Content-Type': 'application/json' },
          body,
        });
        const text = await response.text();
        if (response.status >= 500 || (response.status >= 400 && !text.includes('"code"'))) {
          failures.push(`${method} ${path} ${body.slice(0, 60)}: ${response.status} ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('tests a static source as always reachable', async () => {
    const source = await created({ type: 'static', name: 'Fixed', format: 'json', content: '{"a":1}' });
    const response = await app.as(owner, `/v1/data-sources/${source.id}/test`, { method: 'POST', team: teamId });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, latency_ms: expect.any(Number) });
  });

  it('remembers the last connection test on the source, and forgets it when the settings change', async () => {
    const source = await created({ type: 'http', name: 'Flaky', url: `${api.url}/down` });
    expect(source.last_test).toBeNull();
    const test = () => app.as(owner, `/v1/data-sources/${source.id}/test`, { method: 'POST', team: teamId });
    const patch = (body: unknown) =>
      app.as(owner, `/v1/data-sources/${source.id}`, { method: 'PATCH', team: teamId, body });
    const lastTest = async () =>
      ((await (await app.as(owner, `/v1/data-sources/${source.id}`, { team: teamId })).json()) as View).last_test;

    expect(await (await test()).json()).toMatchObject({ ok: false, error: { code: 'data_source_error' } });
    expect(await lastTest()).toEqual({ tested_at: expect.any(String), ok: false, error_code: 'data_source_error' });
    // A new name, or the same settings again, changes no connection; a new URL or a header value does.
    expect((await patch({ name: 'Flaky API', url: `${api.url}/down`, method: 'GET' })).status).toBe(200);
    expect(await lastTest()).toMatchObject({ ok: false, error_code: 'data_source_error' });
    expect((await patch({ headers: { 'x-key': 'one' } })).status).toBe(200);
    expect(await lastTest()).toBeNull();
    await test();
    expect((await patch({ headers: { 'x-key': '********' } })).status).toBe(200);
    expect(await lastTest()).toMatchObject({ ok: false });
    expect((await patch({ url: `${api.url}/up` })).status).toBe(200);
    expect(await lastTest()).toBeNull();
    expect(await (await test()).json()).toMatchObject({ ok: true });
    expect(await lastTest()).toEqual({ tested_at: expect.any(String), ok: true, error_code: null });
    const list = (await (await app.as(owner, '/v1/data-sources', { team: teamId })).json()) as { data: View[] };
    expect(list.data.find((s) => s.id === source.id)?.last_test).toMatchObject({ ok: true });
  });
});
