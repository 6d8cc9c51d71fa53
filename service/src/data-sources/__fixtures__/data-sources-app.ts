import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Role } from '@quire/core';
import { startAccessApp } from '../../__fixtures__/access-app';
import type { RequestInit } from '../../__fixtures__/actors';
import type { TestUser } from '../../__fixtures__/test-identity';
import { createIdempotency } from '../../http/idempotency';
import type { Store } from '../../store/port';
import { createDataSources, type DataSources } from '../index';

export { errorOf } from '../../__fixtures__/actors';
export { newUser, type TestUser } from '../../__fixtures__/test-identity';

export interface DataSourcesApp {
  url: string;
  store: Store;
  dir: string;
  load: DataSources['load'];
  /** Fetch as a user (test identity headers), optionally for a team. */
  as(user: TestUser, path: string, init?: RequestInit): Promise<Response>;
  /** Fetch as a program with an API key. */
  withKey(secret: string, path: string, init?: RequestInit): Promise<Response>;
  /** The user's personal team id (made on first use). */
  teamOf(user: TestUser): Promise<string>;
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  /** The raw text of the embedded store's data_sources datafile, as it is on disk. */
  datafile(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The data sources router as app.ts mounts it: the app's access layer (teams, API keys, audit log) and
 * idempotency on the real embedded store, on loopback. `allow` is QUIRE_OUTBOUND_ALLOW: loopback is refused
 * unless listed.
 */
export async function startDataSourcesApp(allow: string): Promise<DataSourcesApp> {
  let dataSources: DataSources | undefined;
  const feature = await startAccessApp({
    name: 'data-sources',
    env: { QUIRE_OUTBOUND_ALLOW: allow },
    async mount(app, { store, config, logger, now }, { team, audit }) {
      const idempotency = await createIdempotency({ store, now, secret: config.secret });
      dataSources = await createDataSources({ store, logger, now, config, ...team, audit, idempotency });
      app.use('/v1/data-sources', dataSources.router);
    },
  });
  const { store, dir } = feature.deps;
  const { actors } = feature;
  const sources = dataSources as DataSources;

  return {
    url: feature.url,
    store,
    dir,
    load: (teamId, id, params) => sources.load(teamId, id, params),
    as: actors.fetch,
    withKey: actors.fetch,
    teamOf: actors.teamOf,
    addMember: actors.addMember,
    datafile: () => readFile(join(dir, 'db', 'data_sources.db'), 'utf8'),
    async close() {
      await sources.close();
      await feature.close();
    },
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
