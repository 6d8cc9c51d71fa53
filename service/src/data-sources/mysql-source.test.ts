import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DataSourcesApp,
  errorOf,
  newUser,
  startDataSourcesApp,
  type TestUser,
} from './__fixtures__/data-sources-app';

/** The MariaDB (or MySQL) server of this machine and of CI: root without a password, database test. */
const SERVER = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const CONNECTION = 'mysql://root@127.0.0.1:3306/test';
const TABLE = `quire_ds_${process.pid}_${randomBytes(4).toString('hex')}`;

describe('MySQL and MariaDB data sources', () => {
  let admin: mysql.Connection;
  let app: DataSourcesApp;
  let owner: TestUser;
  let team: string;

  beforeAll(async () => {
    try {
      admin = await mysql.createConnection({ ...SERVER, connectTimeout: 5000 });
    } catch (error) {
      // Not skipped: CI has the server, and a missing one must be seen.
      throw new Error(
        `MySQL/MariaDB must run at ${SERVER.host}:${SERVER.port} for these tests: ${(error as Error).message}`,
      );
    }
    await admin.query(
      `CREATE TABLE ${TABLE} (id INT PRIMARY KEY, name VARCHAR(100), amount DECIMAL(10,2), day DATE, at DATETIME, big BIGINT)`,
    );
    const rows = Array.from({ length: 30 }, (_, i) => {
      const n = i + 1;
      return [n, `name ${n}`, n * 1.25, `2026-01-${String(n).padStart(2, '0')}`, '2026-01-01 12:00:00', n * 1e10];
    });
    await admin.query(`INSERT INTO ${TABLE} VALUES ?`, [rows]);
    app = await startDataSourcesApp(`${SERVER.host}:${SERVER.port}`);
    owner = newUser('myowner');
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
      body: { type: 'mysql', name: 'MySQL', connection_string: CONNECTION, ...fields },
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const preview = (id: string, body: unknown = {}) =>
    app.as(owner, `/v1/data-sources/${id}/preview`, { method: 'POST', team, body });
  const test = async (id: string) =>
    (await app.as(owner, `/v1/data-sources/${id}/test`, { method: 'POST', team, body: {} })).json();
  const count = async () => {
    const [rows] = await admin.query(`SELECT COUNT(*) AS n FROM ${TABLE}`);
    return Number((rows as { n: number }[])[0]?.n);
  };

  it('loads rows with dates as written and exact integers as numbers', async () => {
    const id = await create({ query: `SELECT * FROM ${TABLE} WHERE id <= 2 ORDER BY id` });
    expect(await app.load(team, id, {})).toEqual({
      rows: [
        { id: 1, name: 'name 1', amount: '1.25', day: '2026-01-01', at: '2026-01-01 12:00:00', big: 10000000000 },
        expect.objectContaining({ id: 2, amount: '2.50', day: '2026-01-02' }),
      ],
      row_count: 2,
      truncated: false,
    });
  });

  it('binds parameters to ? placeholders in order: an injection attempt is only a value', async () => {
    const id = await create({
      query: `SELECT id, name FROM ${TABLE} WHERE name = ? OR id = ? ORDER BY id`,
      params: ['name', 'id'],
    });
    expect(await app.load(team, id, { name: 'name 3', id: 5 })).toMatchObject({
      rows: [
        { id: 3, name: 'name 3' },
        { id: 5, name: 'name 5' },
      ],
    });
    expect(await app.load(team, id, { name: `x' OR '1'='1`, id: -1 })).toMatchObject({ rows: [], row_count: 0 });
    expect(await app.load(team, id, { name: `'; DROP TABLE ${TABLE}; --`, id: -1 })).toMatchObject({ rows: [] });
    expect(await count()).toBe(30);
    expect((await errorOf(await preview(id, { params: { id: 1 } }), 400)).param).toBe('params.name');
  });

  it('runs read-only: writes fail with data_source_error and the table is unchanged', async () => {
    const writes = [
      `DELETE FROM ${TABLE}`,
      `INSERT INTO ${TABLE} (id) VALUES (1000)`,
      `UPDATE ${TABLE} SET name = 'x'`,
      `DROP TABLE ${TABLE}`,
      `SELECT 1; DELETE FROM ${TABLE}`,
      `SET SESSION TRANSACTION READ WRITE`,
    ];
    for (const query of writes.slice(0, 5)) {
      const id = await create({ query });
      const error = await errorOf(await preview(id), 422);
      expect(error.code, query).toBe('data_source_error');
    }
    // Writing a file on the server is not a table change, so READ ONLY lets it through: refused when saved.
    for (const query of [
      `SELECT * FROM ${TABLE} INTO OUTFILE '/tmp/quire-${TABLE}'`,
      'SELECT 1 /*!INTO DUMPFILE "/tmp/x" */',
    ]) {
      const response = await app.as(owner, '/v1/data-sources', {
        method: 'POST',
        team,
        body: { type: 'mysql', name: 'File', connection_string: CONNECTION, query },
      });
      expect(await errorOf(response, 400)).toMatchObject({ code: 'validation_failed', param: 'query' });
    }
    // Switching the session back to read-write does not reach the transaction the query runs in.
    const sneaky = await create({ query: writes[5] as string });
    expect((await preview(sneaky)).status).toBe(200);
    expect(await count()).toBe(30);
    const [changed] = await admin.query(`SELECT COUNT(*) AS n FROM ${TABLE} WHERE name = 'x'`);
    expect(Number((changed as { n: number }[])[0]?.n)).toBe(0);
  });

  it('stops a slow statement at its timeout with data_source_timeout', async () => {
    const id = await create({ query: 'SELECT SLEEP(5) AS slept', timeout_ms: 1000 });
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
  });

  it('tests the connection, and reports a refused login without its password', async () => {
    const id = await create({ query: 'SELECT 1' });
    expect(await test(id)).toEqual({ ok: true, latency_ms: expect.any(Number) });

    const password = 'My-Wrong-Secret-Pw';
    const response = await app.as(owner, '/v1/data-sources', {
      method: 'POST',
      team,
      body: {
        type: 'mysql',
        name: 'Wrong password',
        connection_string: `mysql://root:${password}@127.0.0.1:3306/test`,
        query: 'SELECT 1',
      },
    });
    const wrong = ((await response.json()) as { id: string }).id;
    const result = (await test(wrong)) as { ok: boolean; error: { code: string; message: string } };
    expect(result).toMatchObject({ ok: false, error: { code: 'data_source_error' } });
    expect(result.error.message).toContain('Access denied');
    expect(JSON.stringify(result)).not.toContain(password);
    const failed = await preview(wrong);
    expect(failed.status).toBe(422);
    expect(await failed.text()).not.toContain(password);
  });
});
