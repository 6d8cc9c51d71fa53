import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DataSourcesApp,
  errorOf,
  newUser,
  startDataSourcesApp,
  startHttpServer,
  type TestUser,
  unusedPort,
} from './__fixtures__/data-sources-app';
import type { DataSource } from './model';

/**
 * The acceptance probes: addresses a data source must never reach unless the operator allows them. Only
 * 127.0.0.1 on the PostgreSQL, MariaDB and test server ports is allowed here.
 */
describe('data sources refuse loopback, private and metadata addresses (outbound_blocked)', () => {
  let app: DataSourcesApp;
  let api: Awaited<ReturnType<typeof startHttpServer>>;
  let other: Awaited<ReturnType<typeof startHttpServer>>;
  let closed: number;
  let owner: TestUser;
  let team: string;
  let otherHits = 0;

  beforeAll(async () => {
    // A server on a loopback port that is NOT allowed: a redirect there must not reach it.
    other = await startHttpServer((_req, res) => {
      otherHits += 1;
      res.end('[]');
    });
    api = await startHttpServer((req, res) => {
      const targets: Record<string, string> = {
        '/to-other': `http://127.0.0.1:${other.port}/`,
        '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
        '/to-ipv6-loopback': `http://[::1]:${other.port}/`,
      };
      const location = targets[req.url ?? ''];
      if (location) {
        res.statusCode = 302;
        res.setHeader('location', location);
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end('[]');
    });
    closed = await unusedPort();
    app = await startDataSourcesApp(`127.0.0.1:5432,127.0.0.1:3306,127.0.0.1:${api.port}`);
    owner = newUser('probeowner');
    team = await app.teamOf(owner);
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
    await other?.close();
  });

  const create = (body: Record<string, unknown>) =>
    app.as(owner, '/v1/data-sources', { method: 'POST', team, body: { name: 'Probe', ...body } });
  const createdId = async (body: Record<string, unknown>) => {
    const response = await create(body);
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const blocked = async (response: Response) => expect((await errorOf(response, 400)).code).toBe('outbound_blocked');
  const viaTestAndPreview = async (id: string) => {
    await blocked(await app.as(owner, `/v1/data-sources/${id}/test`, { method: 'POST', team, body: {} }));
    await blocked(await app.as(owner, `/v1/data-sources/${id}/preview`, { method: 'POST', team, body: {} }));
    await expect(app.load(team, id, {})).rejects.toMatchObject({ code: 'outbound_blocked' });
  };

  it('refuses literal addresses when the source is saved', async () => {
    const urls = [
      `http://127.0.0.1:${closed}/`,
      `http://127.0.0.1:${other.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${api.port}/`,
      `http://[::ffff:127.0.0.1]:${api.port}/`,
      `http://[::ffff:127.0.0.1]:${closed}/`,
      `http://0.0.0.0:${api.port}/`,
      'http://10.0.0.8/',
      'http://192.168.1.1/',
      'http://[fd00:ec2::254]/',
      `http://2130706433:${closed}/`,
    ];
    for (const url of urls) {
      const response = await create({ type: 'http', url });
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code, url).toBe('outbound_blocked');
    }
    const strings: [string, string][] = [
      ['postgres', `postgres://postgres@127.0.0.1:${closed}/test`],
      ['postgres', 'postgres://postgres@[::1]:5432/test'],
      ['postgres', 'postgres://postgres@[::ffff:127.0.0.1]:5432/test'],
      ['postgres', 'postgres://postgres@0.0.0.0:5432/test'],
      ['postgres', 'postgresql://postgres@169.254.169.254:5432/test'],
      ['mysql', `mysql://root@127.0.0.1:${closed}/test`],
      ['mysql', 'mysql://root@[::1]:3306/test'],
      ['mysql', 'mysql://root@[::ffff:127.0.0.1]:3306/test'],
      ['mysql', 'mysql://root@0.0.0.0:3306/test'],
      ['mysql', `mariadb://root@127.0.0.1:${closed}/test`],
    ];
    for (const [type, connection_string] of strings) {
      const response = await create({ type, connection_string, query: 'SELECT 1' });
      const error = await errorOf(response, 400);
      expect(error.code, connection_string).toBe('outbound_blocked');
      expect(error.param, connection_string).toBe('connection_string');
    }
    // Changing an allowed source to a blocked address is refused the same way.
    const id = await createdId({ type: 'http', url: `${api.url}/` });
    await blocked(
      await app.as(owner, `/v1/data-sources/${id}`, {
        method: 'PATCH',
        team,
        body: { url: 'http://169.254.169.254/latest/meta-data/' },
      }),
    );
  });

  it('refuses a host name that resolves to loopback, on /test, /preview and load', async () => {
    await viaTestAndPreview(await createdId({ type: 'http', url: `http://localhost:${closed}/` }));
    await viaTestAndPreview(
      await createdId({
        type: 'postgres',
        connection_string: `postgres://postgres@localhost:${closed}/test`,
        query: 'SELECT 1',
      }),
    );
    await viaTestAndPreview(
      await createdId({ type: 'mysql', connection_string: `mysql://root@localhost:${closed}/test`, query: 'SELECT 1' }),
    );
  });

  it('re-checks every redirect: to a loopback port that is not allowed, to IPv6 loopback, to the metadata address', async () => {
    for (const path of ['/to-other', '/to-metadata', '/to-ipv6-loopback']) {
      await viaTestAndPreview(await createdId({ type: 'http', url: `${api.url}${path}` }));
    }
    expect(otherHits).toBe(0);
  });

  it('checks the address again on every connection, not only when saving', async () => {
    // A record changed behind the API's back (or saved before the allow-list shrank) is still refused.
    const sources = await app.store.collection<DataSource>({ name: 'data_sources' });
    const httpId = await createdId({ type: 'http', url: `${api.url}/` });
    const record = (await sources.get(httpId)) as DataSource & { type: 'http' };
    await sources.replace({ ...record, settings: { ...record.settings, url: `http://127.0.0.1:${other.port}/` } });
    await viaTestAndPreview(httpId);

    const pgId = await createdId({
      type: 'postgres',
      connection_string: 'postgres://postgres@127.0.0.1:5432/test',
      query: 'SELECT 1',
    });
    const pgRecord = (await sources.get(pgId)) as DataSource & { type: 'postgres' };
    const { secretBox } = await import('../crypto/secret-box');
    const box = secretBox('data-sources-test-secret-0123456789abcdef0123456789', 'data-sources');
    const sealedConnection = box.seal('postgres://postgres@[::1]:5432/test');
    await sources.replace({ ...pgRecord, settings: { ...pgRecord.settings, sealedConnection } });
    await viaTestAndPreview(pgId);
  });
});
