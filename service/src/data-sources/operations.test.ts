import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createAudit } from '../audit/index';
import { loadConfig } from '../config';
import { listRoutes } from '../http/routes';
import { openApiPath } from '../openapi/document';
import { openStores } from '../store/index';
import { createDataSources } from './index';
import { DATA_SOURCE_OPERATIONS } from './operations';

const pass: RequestHandler = (_req, _res, next) => next();

describe('DATA_SOURCE_OPERATIONS', () => {
  it('documents every route of the router, and only those', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-ds-ops-'));
    const { store, blobs } = await openStores({ dataDir: dir });
    try {
      const now = () => new Date();
      const sources = await createDataSources({
        store,
        logger: pino({ level: 'silent' }),
        now,
        config: loadConfig({ NODE_ENV: 'test', QUIRE_DATA_DIR: dir }),
        authenticate: pass,
        actingTeam: pass,
        requirePermission: () => pass,
        audit: await createAudit({ store, now }),
        idempotency: pass,
      });
      const app = express();
      app.use('/v1/data-sources', sources.router);
      const served = listRoutes(app).map((r) => `${r.method} ${openApiPath(r.path)}`);
      const documented = DATA_SOURCE_OPERATIONS.map((op) => `${op.method} ${op.path}`);
      expect(new Set(documented)).toEqual(new Set(served));
      expect(documented).toHaveLength(served.length);
    } finally {
      await store.close();
      await blobs.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the operations, and marks them team-scoped and callable with an API key', () => {
    expect(DATA_SOURCE_OPERATIONS.map((op) => op.operationId)).toEqual([
      'createDataSource',
      'listDataSources',
      'getDataSource',
      'updateDataSource',
      'deleteDataSource',
      'testDataSource',
      'previewDataSource',
    ]);
    for (const op of DATA_SOURCE_OPERATIONS) {
      expect(op).toMatchObject({ tag: 'Data sources', teamScoped: true, security: ['bearer', 'apiKey'] });
      expect(op.errors, op.operationId).toContain('forbidden');
      if (op.path.includes('{id}')) expect(op.errors, op.operationId).toContain('data_source_not_found');
      if (op.method === 'POST') expect(op.headers?.map((h) => h.name)).toEqual(['Idempotency-Key']);
    }
  });

  it('has body examples its schemas accept', () => {
    for (const op of DATA_SOURCE_OPERATIONS) {
      if (op.body) expect(op.body.safeParse(op.bodyExample).success, op.operationId).toBe(true);
    }
  });
});
