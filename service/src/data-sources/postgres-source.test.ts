import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DataSourcesApp,
  errorOf,
  newUser,
  startDataSourcesApp,
  type TestUser,
} from './__fixtures__/data-sources-app';

/** The PostgreSQL server of this machine and of CI: trust authentication, user postgres, database test. */
const SERVER = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
const CONNECTION = 'postgres://postgres@127.0.0.1:5432/test';
const TABLE = `quire_ds_${process.pid}_${randomBytes(4).toString('hex')}`;

describe('PostgreSQL data sources', () => {
  let admin: pg.Client;
  let app: DataSourcesApp;
  let owner: TestUser;
  let team: string;

  beforeAll(async () => {
    admin = new pg.Client({ ...SERVER, password: async () => '', connectionTimeoutMillis: 5000 });
    try {
      await admin.connect();
    } catch (error) {
      // Not skipped: CI has the server, and a missing one must be seen.
      throw new Error(
        `PostgreSQL must run at ${SERVER.host}:${SERVER.port} for these tests: ${(error as Error).message}`,
      );
    }
    await admin.query(`
      CREATE TABLE ${TABLE} (id int PRIMARY KEY, name text, amount numeric(10,2), day date, at timestamptz,
        big int8, tags text[], meta jsonb);
      INSERT INTO ${TABLE}
        SELECT n, 'name ' || n, n * 1.25, date '2026-01-01' + n, timestamptz '2026-01-01 12:00:00+00' + n * interval '1 hour',
          n * 10000000000, ARRAY['a', 'b'], jsonb_build_object('n', n)
        FROM generate_series(1, 30) AS n;`);
    app = await startDataSourcesApp(`${SERVER.host}:${SERVER.port}`);
    owner = newUser('pgowner');
    team = await app.teamOf(owner);
  });
  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${TABLE}`).catch(() => {});
    await admin?.end().catch(() => {});
    await app?.close();
  });

  const create = async (fields: Record<string, unknown>) => {
    const response = await app.as(owner, '/v1/data-sources', {
      method: 'POST',
      team,
      body: { type: 'postgres', name: 'PG', connection_string: CONNECTION, ...fields },
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const preview = (id: string, body: unknown = {}) =>
    app.as(owner, `/v1/data-sources/${id}/preview`, { method: 'POST', team, body });
  const test = async (id: string) =>
    (await app.as(owner, `/v1/data-sources/${id}/test`, { method: 'POST', team, body: {} })).json();
  const count = async () => Number((await admin.query(`SELECT count(*) AS n FROM ${TABLE}`)).rows[0].n);

  it('loads rows as JSON a template can use: dates as written, exact integers as numbers, numeric as text', async () => {
    const id = await create({ query: `SELECT * FROM ${TABLE} WHERE id <= 2 ORDER BY id` });
    const data = await app.load(team, id, {});
    expect(data).toEqual({
      rows: [
        {
          id: 1,
          name: 'name 1',
          amount: '1.25',
          day: '2026-01-02',
          at: '2026-01-01T13:00:00.000Z',
          big: 10000000000,
          tags: ['a', 'b'],
          meta: { n: 1 },
        },
        expect.objectContaining({ id: 2, day: '2026-01-03', amount: '2.50' }),
      ],
      row_count: 2,
      truncated: false,
    });
    const shown = (await (await preview(id)).json()) as { schema: { properties: Record<string, unknown> } };
    expect(shown.schema.properties.rows).toMatchObject({
      items: {
        properties: {
          id: { type: 'integer' },
          day: { type: 'string', format: 'date' },
          at: { type: 'string', format: 'date-time' },
          tags: { type: 'array', items: { type: 'string' } },
          meta: { type: 'object', properties: { n: { type: 'integer' } } },
        },
      },
    });
  });

  it('binds parameters by name to $1, $2: an injection attempt is only a value', async () => {
    const id = await create({
      query: `SELECT id, name FROM ${TABLE} WHERE name = $1 OR id = $2 ORDER BY id`,
      params: ['name', 'id'],
    });
    expect(await app.load(team, id, { name: 'name 3', id: 5 })).toMatchObject({
      rows: [
        { id: 3, name: 'name 3' },
        { id: 5, name: 'name 5' },
      ],
    });
    const attack = { name: `x' OR '1'='1`, id: -1 };
    expect(await app.load(team, id, attack)).toMatchObject({ rows: [], row_count: 0 });
    const dropping = { name: `'; DROP TABLE ${TABLE}; --`, id: -1 };
    expect(await app.load(team, id, dropping)).toMatchObject({ rows: [] });
    expect(await count()).toBe(30);
    const missing = await errorOf(await preview(id, { params: { name: 'x' } }), 400);
    expect(missing).toMatchObject({ code: 'validation_failed', param: 'params.id' });
  });

  it('runs read-only: writes fail with data_source_error and the table is unchanged', async () => {
    const writes = [
      `DELETE FROM ${TABLE}`,
      `INSERT INTO ${TABLE} (id) VALUES (1000)`,
      `UPDATE ${TABLE} SET name = 'x'`,
      `WITH gone AS (DELETE FROM ${TABLE} RETURNING *) SELECT * FROM gone`,
      `SELECT 1; DELETE FROM ${TABLE}`,
      `COMMIT; DELETE FROM ${TABLE}`,
      `DROP TABLE ${TABLE}`,
      `SELECT * FROM ${TABLE} FOR UPDATE`,
    ];
    for (const query of writes) {
      const id = await create({ query });
      const error = await errorOf(await preview(id), 422);
      expect(error.code, query).toBe('data_source_error');
    }
    expect(await count()).toBe(30);
    expect((await admin.query(`SELECT count(*) AS n FROM ${TABLE} WHERE name = 'x'`)).rows[0].n).toBe('0');
  });

  it('stops a slow statement at its timeout with data_source_timeout', async () => {
    const id = await create({ query: 'SELECT pg_sleep(5)', timeout_ms: 1000 });
    const started = Date.now();
    expect((await errorOf(await preview(id), 422)).code).toBe('data_source_timeout');
    expect(Date.now() - started).toBeLessThan(4000);
  }, 10_000);

  it('reads at most row_limit rows and says the result was truncated', async () => {
    const id = await create({ query: `SELECT id FROM ${TABLE} ORDER BY id`, row_limit: 10 });
    const data = (await app.load(team, id, {})) as { rows: { id: number }[]; row_count: number; truncated: boolean };
    expect(data.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data).toMatchObject({ row_count: 10, truncated: true });
    const exact = await create({ query: `SELECT id FROM ${TABLE}`, row_limit: 30 });
    expect(await app.load(team, exact, {})).toMatchObject({ row_count: 30, truncated: false });
    const shown = (await (await preview(id, { limit: 3 })).json()) as Record<string, unknown>;
    expect(shown).toMatchObject({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], row_count: 10, truncated: true });
  });

  it('tests the connection, and reports a failing one without its password', async () => {
    const id = await create({ query: 'SELECT 1' });
    expect(await test(id)).toEqual({ ok: true, latency_ms: expect.any(Number) });

    const password = 'Sup3r-Secret-Pw';
    const response = await app.as(owner, '/v1/data-sources', {
      method: 'POST',
      team,
      body: {
        type: 'postgres',
        name: 'Wrong database',
        connection_string: `postgres://postgres:${password}@127.0.0.1:5432/quire_no_such_db_${password}`,
        query: 'SELECT 1',
      },
    });
    const wrong = ((await response.json()) as { id: string }).id;
    const result = (await test(wrong)) as { ok: boolean; error: { code: string; message: string } };
    expect(result).toMatchObject({ ok: false, error: { code: 'data_source_error' } });
    expect(result.error.message).toContain('does not exist');
    expect(JSON.stringify(result)).not.toContain(password);
    const failed = await preview(wrong);
    expect(failed.status).toBe(422);
    expect(await failed.text()).not.toContain(password);
  });

  it('reports a query error with the database message', async () => {
    const id = await create({ query: 'SELECT nope FROM nowhere_at_all' });
    const error = await errorOf(await preview(id), 422);
    expect(error).toMatchObject({ code: 'data_source_error', source_code: '42P01' });
    expect(error.message).toContain('nowhere_at_all');
  });
});
