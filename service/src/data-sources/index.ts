import { performance } from 'node:perf_hooks';
import { type Permission, QuireError } from '@quire/core';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Audit } from '../audit/index';
import type { Config } from '../config';
import { newId } from '../crypto/ids';
import { secretBox } from '../crypto/secret-box';
import { teamOf } from '../http/caller';
import { ListQuery, mapPage, paginate } from '../http/pagination';
import type { Store } from '../store/port';
import type { SourceContext } from './context';
import { LIMITS } from './context';
import { MASK } from './http-source';
import {
  buildSettings,
  editableFields,
  loadSettings,
  type SourceInput,
  type SourceSettings,
  testSettings,
  viewFields,
} from './kinds';
import { type DataSource, dataSourceView, openDataSources } from './model';
import type { Params } from './placeholders';
import { previewOf } from './preview';
import { templateData } from './rows';
import { CreateDataSourceBody, MERGED_BODIES, PATCH_BODIES, PreviewBody, TestBody } from './schemas';
import { workerParser } from './static-parser';

export type { DataSource } from './model';
export { DATA_SOURCE_OPERATIONS } from './operations';
export { CreateDataSourceBody, PreviewBody, TestBody, UpdateDataSourceBody } from './schemas';

export interface DataSourcesDeps {
  store: Store;
  logger: Logger;
  now: () => Date;
  /** config.secret seals the secrets; config.outboundAllow is the operator's allow-list. */
  config: Config;
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  audit: Audit;
  /** Idempotency-Key handling, mounted after authenticate and actingTeam. */
  idempotency: RequestHandler;
}

export interface DataSources {
  /** Mount at /v1/data-sources. */
  router: Router;
  /**
   * The data a report renders with: `{ rows, row_count, truncated }` for queries, CSV and JSON arrays, the object
   * itself when an HTTP API or JSON document gives one. Throws data_source_not_found (another team's source too),
   * validation_failed (a missing parameter), outbound_blocked, data_source_error or data_source_timeout.
   */
  load(teamId: string, dataSourceId: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Ends the thread that parses static uploads (at shutdown). */
  close(): Promise<void>;
}

/**
 * The JSON body limit the /v1/data-sources routes need: a 5 MB static upload, JSON-escaped. The app's default
 * (BODY_LIMIT, 1mb) is too small for it: app.ts mounts `express.json({ limit })` on this path before its own parser.
 */
export const DATA_SOURCE_BODY_LIMIT = '12mb';

/** Which codes /test answers as `{ ok: false }`: failures of the source, not of the request. */
const SOURCE_FAILURES = new Set(['data_source_error', 'data_source_timeout']);

/** Team data sources: HTTP APIs, PostgreSQL and MySQL queries, JSON and CSV uploads. */
export async function createDataSources(deps: DataSourcesDeps): Promise<DataSources> {
  const { store, logger, now, config, audit } = deps;
  const sources = await openDataSources(store);
  const ctx: SourceContext = {
    box: secretBox(config.secret, 'data-sources'),
    policy: { allow: config.outboundAllow },
    parser: workerParser(),
  };

  const find = async (teamId: string, id: string): Promise<DataSource> => {
    // Scoped by team in the query itself: another team's id is simply not found.
    const source = await sources.findOne({ id, teamId });
    if (!source) throw new QuireError('data_source_not_found');
    return source;
  };

  const router = Router();
  router.use(deps.authenticate, deps.actingTeam, deps.idempotency);
  const read = deps.requirePermission('data_sources:read');
  // The preview answers the raw rows, fields no template prints included (an SSN, a salary): a permission of its own.
  const readRows = deps.requirePermission('data_sources:read_rows');
  const write = deps.requirePermission('data_sources:write');

  router.post('/', write, async (req, res) => {
    const body = CreateDataSourceBody.parse(req.body ?? {});
    const team = teamOf(res);
    const actor = audit.actorOf(res);
    const settings = await buildSettings(body, ctx);
    const at = now().toISOString();
    const source = await sources.insert({
      id: newId('ds'),
      teamId: team.id,
      name: body.name,
      description: body.description ?? null,
      createdBy: actor,
      createdAt: at,
      updatedAt: at,
      ...settings,
    });
    await audit.record({
      teamId: team.id,
      actor,
      action: 'data_source.created',
      target: { type: 'data_source', id: source.id },
      details: { name: source.name, type: source.type },
    });
    logger.info({ team_id: team.id, data_source_id: source.id, type: source.type }, 'data source created');
    res.status(201).json(dataSourceView(source));
  });

  router.get('/', read, async (req, res) => {
    const query = ListQuery.parse(req.query);
    res.json(mapPage(await paginate(sources, { teamId: teamOf(res).id }, query), dataSourceView));
  });

  router.get('/:id', read, async (req, res) => {
    res.json(dataSourceView(await find(teamOf(res).id, req.params.id as string)));
  });

  router.patch('/:id', write, async (req, res) => {
    const team = teamOf(res);
    const existing = await find(team.id, req.params.id as string);
    const raw = (req.body ?? {}) as Record<string, unknown>;
    if (raw.type !== undefined && raw.type !== existing.type) {
      throw new QuireError('validation_failed', {
        param: 'type',
        message: `type: a data source keeps its type (${existing.type}); create a new one instead`,
      });
    }
    const patch = PATCH_BODIES[existing.type].parse(raw) as Record<string, unknown>;
    // The stored fields (no secrets) with the patch on top, checked as a whole like a new body.
    const merged = MERGED_BODIES[existing.type].parse({
      name: existing.name,
      description: existing.description,
      ...editableFields(existing),
      ...patch,
      type: existing.type,
    }) as SourceInput;
    const settings = await buildSettings(merged, ctx, existing);
    // A test of the old settings says nothing about new ones. A new name, or the same settings sent again, changes
    // no connection; a secret sent is taken as new (the sealed values cannot be compared).
    const reach = (source: SourceSettings) => JSON.stringify([editableFields(source), viewFields(source)]);
    const secretSent =
      patch.connection_string !== undefined ||
      Object.values((patch.headers ?? {}) as Record<string, unknown>).some((v) => v !== null && v !== MASK);
    const settingsChanged = secretSent || reach(existing) !== reach(settings);
    const updated: DataSource = {
      id: existing.id,
      teamId: existing.teamId,
      name: merged.name,
      description: merged.description ?? null,
      createdBy: existing.createdBy,
      createdAt: existing.createdAt,
      updatedAt: now().toISOString(),
      lastTest: settingsChanged ? null : (existing.lastTest ?? null),
      ...settings,
    };
    await sources.replace(updated);
    await audit.record({
      teamId: team.id,
      actor: audit.actorOf(res),
      action: 'data_source.updated',
      target: { type: 'data_source', id: existing.id },
      // Which fields changed, never their values: a connection string or a header is a secret.
      details: { name: updated.name, type: updated.type, fields: Object.keys(patch).filter((f) => f !== 'type') },
    });
    res.json(dataSourceView(updated));
  });

  router.delete('/:id', write, async (req, res) => {
    const team = teamOf(res);
    const existing = await find(team.id, req.params.id as string);
    await sources.deleteOne(existing.id);
    await audit.record({
      teamId: team.id,
      actor: audit.actorOf(res),
      action: 'data_source.deleted',
      target: { type: 'data_source', id: existing.id },
      details: { name: existing.name, type: existing.type },
    });
    res.json({ object: 'data_source' as const, id: existing.id, deleted: true });
  });

  // Testing reads data with the stored secrets but answers only whether it worked: data_sources:read, as load.
  router.post('/:id/test', read, async (req, res) => {
    const { params } = TestBody.parse(req.body ?? {});
    const source = await find(teamOf(res).id, req.params.id as string);
    const started = performance.now();
    // Kept on the source, so that the list can say when each was last tested and whether it worked.
    const remember = (ok: boolean, code: string | null) =>
      sources.updateOne(
        { id: source.id, teamId: source.teamId },
        { set: { lastTest: { at: now().toISOString(), ok, code } } },
      );
    try {
      await testSettings(source, params ?? {}, ctx);
      const latency = Math.round(performance.now() - started);
      await remember(true, null);
      res.json({ ok: true, latency_ms: latency });
    } catch (error) {
      // A source that does not answer is the test's answer (200), not a failure of the request; a blocked
      // address or a missing parameter is the request's fault (400). Anything else is the source's too: never 5xx.
      let failure = QuireError.isInstance(error) ? error : undefined;
      if (failure && !SOURCE_FAILURES.has(failure.code)) throw failure;
      if (!failure) {
        logger.warn({ err: error, data_source_id: source.id }, 'data source test failed unexpectedly');
        failure = new QuireError('data_source_error');
      }
      await remember(false, failure.code);
      res.json({
        ok: false,
        latency_ms: Math.round(performance.now() - started),
        error: { code: failure.code, message: failure.message },
      });
    }
  });

  router.post('/:id/preview', readRows, async (req, res) => {
    const { params, limit } = PreviewBody.parse(req.body ?? {});
    const source = await find(teamOf(res).id, req.params.id as string);
    const shown = limit ?? LIMITS.previewRows;
    // A static upload is parsed and summed up on the parse worker: only the rows shown come back.
    if (source.type === 'static') {
      res.json(await ctx.parser.preview(source.settings, shown));
      return;
    }
    res.json(previewOf(await loadSettings(source, params ?? {}, ctx), shown));
  });

  return {
    router,
    async load(teamId: string, dataSourceId: string, params: Params) {
      const source = await find(teamId, dataSourceId);
      return templateData(await loadSettings(source, params, ctx));
    },
    close: () => ctx.parser.close(),
  };
}
