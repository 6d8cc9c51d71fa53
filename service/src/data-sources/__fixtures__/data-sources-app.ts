import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Role } from '@quire/core';
import { startFeatureApp } from '../../__fixtures__/feature-app';
import { authenticateUserOrApiKey, createApiKeyAuthenticator, createApiKeys } from '../../api-keys/index';
import { createAudit } from '../../audit/index';
import { createIdempotency } from '../../http/idempotency';
import type { Store } from '../../store/port';
import { type TestUser, testHeaderIdentity } from '../../teams/__fixtures__/teams-app';
import { createTeams, openTeamCollections } from '../../teams/index';
import { membershipId } from '../../teams/model';
import { createDataSources, type DataSources } from '../index';

export { errorOf, newUser, type TestUser } from '../../teams/__fixtures__/teams-app';

type Init = { method?: string; body?: unknown; team?: string; headers?: Record<string, string> };

export interface DataSourcesApp {
  url: string;
  store: Store;
  dir: string;
  load: DataSources['load'];
  /** Fetch as a user (test identity headers), optionally for a team. */
  as(user: TestUser, path: string, init?: Init): Promise<Response>;
  /** Fetch as a program with an API key. */
  withKey(secret: string, path: string, init?: Init): Promise<Response>;
  /** The user's personal team id (made on first use). */
  teamOf(user: TestUser): Promise<string>;
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  /** The raw text of the embedded store's data_sources datafile, as it is on disk. */
  datafile(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The data sources router as app.ts will mount it: the real teams, API keys, audit log and idempotency on the
 * real embedded store, on loopback. `allow` is QUIRE_OUTBOUND_ALLOW: loopback is refused unless listed.
 */
export async function startDataSourcesApp(allow: string): Promise<DataSourcesApp> {
  let dataSources: DataSources | undefined;
  const feature = await startFeatureApp({
    name: 'data-sources',
    env: { QUIRE_OUTBOUND_ALLOW: allow },
    async mount(app, { store, mailer, config, logger, now }) {
      const authenticate = authenticateUserOrApiKey(
        testHeaderIdentity,
        await createApiKeyAuthenticator({ store, now }),
      );
      const teams = await createTeams({ store, mailer, config, logger, now, authenticate });
      const team = { authenticate, actingTeam: teams.actingTeam, requirePermission: teams.requirePermission };
      const apiKeys = await createApiKeys({ store, config, logger, now, ...team });
      const audit = await createAudit({ store, now });
      const idempotency = await createIdempotency({ store, now, secret: config.secret });
      dataSources = await createDataSources({ store, logger, now, config, ...team, audit, idempotency });
      app.use('/v1/team', teams.router);
      app.use('/v1/api-keys', apiKeys.router);
      app.use('/v1/audit-log', audit.routes(team));
      app.use('/v1/data-sources', dataSources.router);
    },
  });
  const { store, dir } = feature.deps;
  const sources = dataSources as DataSources;

  const send = (path: string, headers: Record<string, string>, init: Init) => {
    if (init.team) headers['Quire-Team'] = init.team;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${feature.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...headers, ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };
  const as = (user: TestUser, path: string, init: Init = {}) =>
    send(path, { 'X-Test-User': user.id, 'X-Test-Email': user.email }, init);

  return {
    url: feature.url,
    store,
    dir,
    load: (teamId, id, params) => sources.load(teamId, id, params),
    as,
    withKey: (secret, path, init = {}) => send(path, { Authorization: `Bearer ${secret}` }, init),
    async teamOf(user) {
      return ((await (await as(user, '/v1/team')).json()) as { id: string }).id;
    },
    async addMember(teamId, user, role) {
      const { memberships } = await openTeamCollections(store);
      await memberships.insert({
        id: membershipId(teamId, user.id),
        teamId,
        userId: user.id,
        email: user.email,
        role,
        status: 'active',
        joinedAt: new Date().toISOString(),
      });
    },
    datafile: () => readFile(join(dir, 'db', 'data_sources.db'), 'utf8'),
    close: feature.close,
  };
}

/** A local HTTP server on 127.0.0.1 answering with `handler`; its port is what tests allow-list. */
export async function startHttpServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port nothing listens on (and that no test allow-lists): bound, read, released. */
export async function unusedPort(): Promise<number> {
  const server = await startHttpServer(() => {});
  await server.close();
  return server.port;
}
