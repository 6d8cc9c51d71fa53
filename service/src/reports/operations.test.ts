import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadConfig } from '../config';
import { listRoutes } from '../http/routes';
import { openApiPath } from '../openapi/document';
import { openStores } from '../store/index';
import { actingAs, wireReports } from './__fixtures__/wiring';
import { REPORT_OPERATIONS } from './operations';

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

describe('the reports operations table', () => {
  it('names the operations', () => {
    expect(REPORT_OPERATIONS.map((op) => op.operationId).sort()).toEqual(
      [
        'createReport',
        'listReports',
        'getReport',
        'getReportFile',
        'createReportFileLink',
        'deleteReport',
        'getDailyReports',
        'createReportBatch',
        'getReportBatch',
        'getJob',
      ].sort(),
    );
    for (const op of REPORT_OPERATIONS) {
      // A file is also served to a signed link, without credentials.
      const security = op.operationId === 'getReportFile' ? ['bearer', 'apiKey', 'none'] : ['bearer', 'apiKey'];
      expect(op).toMatchObject({ tag: 'Reports', security, teamScoped: true });
      expect(op.errors?.length, op.operationId).toBeGreaterThan(0);
    }
  });

  it('documents every route the routers serve, and only those', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-report-ops-'));
    const { store, blobs } = await openStores({ dataDir: dir });
    try {
      const config = loadConfig({ NODE_ENV: 'test', QUIRE_DATA_DIR: dir, QUIRE_SECRET: 'x'.repeat(40) });
      const wired = await wireReports(
        { store, blobs, config, logger: pino({ level: 'silent' }), now: () => new Date() },
        actingAs('team_ops'),
      );
      const app = express();
      app.use('/v1/reports', wired.reports.router);
      app.use('/v1/jobs', wired.reports.jobsRouter);
      await wired.pool.destroy();
      // GET /v1/reports/{id}/file is mounted twice: for a signed link before authentication, and after it.
      const served = [...new Set(listRoutes(app).map((route) => `${route.method} ${openApiPath(route.path)}`))];
      const documented = REPORT_OPERATIONS.map((op) => `${op.method} ${op.path}`);
      expect(served.sort()).toEqual(documented.sort());
    } finally {
      await store.close();
      await blobs.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives examples that match their schemas', () => {
    for (const op of REPORT_OPERATIONS) {
      if (op.body && op.bodyExample !== undefined) {
        expect(op.body.safeParse(op.bodyExample).error, op.operationId).toBeUndefined();
      }
      const { schema, example } = op.success;
      if (isZod(schema) && example !== undefined) {
        expect(schema.safeParse(example).error, op.operationId).toBeUndefined();
      }
    }
  });
});
