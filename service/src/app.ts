import { listPlans, QuireError, starters } from '@quire/core';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { createAccess } from './access/index';
import { AI_BODY_LIMIT, createAiAuthoring } from './ai/authoring/index';
import { offlineProvider } from './ai/offline/index';
import type { AiProvider } from './ai/provider';
import { createAiProvider } from './ai/providers/index';
import type { Config } from './config';
import { createContactRoutes } from './contact/index';
import { createDataSources, DATA_SOURCE_BODY_LIMIT } from './data-sources/index';
import { apiCors } from './embed-tokens/index';
import { createFonts, FONT_BODY_LIMIT } from './fonts/index';
import { errorHandler, notFound } from './http/errors';
import { createIdempotency } from './http/idempotency';
import { verifyJsonDepth } from './http/json-depth';
import { requestLimit } from './http/rate-limits';
import { requestContext } from './http/request-context';
import { createJobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import { createMcpRoute } from './mcp/index';
import { docsRouter } from './openapi/docs-page';
import { openApiRouter } from './openapi/router';
import { lazyRenderPool, serviceRenderer } from './rendering/render-pool';
import { createRenderService, renderLanesOf } from './rendering/render-service';
import { createReports } from './reports/index';
import { loadSiteBuild, sitePageForBrowsers, siteRouter } from './site/index';
import type { BlobStore, Store } from './store/port';
import { createTemplates } from './templates/index';
import type { BillingProvider } from './usage/index';
import { createWebhooks } from './webhooks/index';

/** What the app is built from: everything outside the process comes in here, so tests pass their own. */
export interface AppDeps {
  config: Config;
  store: Store;
  blobs: BlobStore;
  logger: Logger;
  mailer: Mailer;
  /** The clock, for tokens, limits and timestamps. */
  now?: () => Date;
  /** The billing provider plan changes go through; default: applied at once (self-hosted). */
  billing?: BillingProvider;
  /** The AI provider; default: the one configuration chooses (QUIRE_AI_PROVIDER, offline by default). */
  aiProvider?: AiProvider;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SERVICE_VERSION = '0.1.0';

/** The app, with the background work it owns: the render and webhook workers, and the render pool. */
export type QuireApp = Express & {
  /** Starts this process's job workers (renders, webhook deliveries) and the retention sweep. */
  start(): void;
  /** Stops claiming jobs, waits for the running ones, and ends the render pool's threads. */
  shutdown(): Promise<void>;
};

/** Report requests carry their data, and data sources their uploads: larger bodies than the rest of the API. */
export const REPORT_BODY_LIMIT = '10mb';

/** Builds the Express app (features open their collections first); main.ts listens, then calls start(). */
export async function createApp(deps: AppDeps): Promise<QuireApp> {
  const { config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const features = { store: deps.store, mailer: deps.mailer, config, logger, now };
  const contact = await createContactRoutes(features);
  const access = await createAccess({ ...features, billing: deps.billing });
  const { usage, audit, team } = access;
  const idempotency = await createIdempotency({ store: deps.store, now, secret: config.secret });
  const fonts = await createFonts({
    ...features,
    ...team,
    blobs: deps.blobs,
    audit,
    idempotency,
    planOf: (teamId) => usage.planOf(teamId),
  });
  // One pool of threads, split into lanes: reports never take the threads previews run on.
  const lanes = renderLanesOf(config);
  const pool = lazyRenderPool({ workers: lanes.reports + lanes.previews });
  const rendering = createRenderService({
    pool,
    lanes,
    planOf: (teamId) => usage.planOf(teamId),
    maxTimeoutMs: config.renderTimeoutMs,
    engine: config.renderEngine,
    fontsOf: fonts.library.fontsFor,
  });
  const templates = await createTemplates({
    ...features,
    ...team,
    usage,
    idempotency,
    renderer: serviceRenderer(rendering),
  });
  const dataSources = await createDataSources({ ...features, ...team, audit, idempotency });
  const webhooks = await createWebhooks({ ...features, ...team, audit, idempotency });
  const ai = await createAiAuthoring({
    ...features,
    ...team,
    idempotency,
    usage,
    templates,
    dataSources,
    provider: deps.aiProvider ?? createAiProvider(config.ai, { offline: offlineProvider() }),
    renderer: serviceRenderer(rendering),
    fonts: fonts.library,
    timeoutMs: config.ai.timeoutMs,
  });
  const reports = await createReports({
    ...features,
    ...team,
    blobs: deps.blobs,
    idempotency,
    usage,
    templates,
    dataSources,
    webhooks,
    jobs: await createJobQueue(deps.store, { now }),
    renderer: rendering,
  });
  const site = config.siteDir ? await loadSiteBuild(config.siteDir) : undefined;
  if (config.siteDir && !site) {
    logger.warn(
      { site_dir: config.siteDir },
      'No web app build here: the service answers the API alone (`pnpm start` builds it; or `pnpm --filter @quire/site build`)',
    );
  }
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestContext(logger));
  app.use(helmet());
  // The service's own origins (CORS_ORIGINS) on every route; the origins API keys name, on the embed routes only.
  app.use(
    await apiCors({
      store: deps.store,
      corsOrigins: config.corsOrigins,
      exposedHeaders: [
        'X-Request-Id',
        'RateLimit',
        'RateLimit-Policy',
        'Retry-After',
        'Location',
        'Content-Disposition',
        'Quire-Report-Id',
        'Idempotent-Replayed',
      ],
    }),
  );
  // Per credential once it checks out (a session token's signature, an API key's hash), else per client address:
  // a new junk bearer token per request buys nothing (see http/rate-limits.ts).
  app.use(
    requestLimit({
      store: deps.store,
      now,
      perMinute: config.rateLimitPerMinute,
      identify: access.identifyCredential,
    }),
  );
  // JSON only: a body of another type is refused rather than silently ignored.
  app.use((req, _res, next) => {
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (BODY_METHODS.has(req.method) && hasBody && !req.is('application/json')) {
      next(new QuireError('unsupported_media_type'));
      return;
    }
    next();
  });
  // The larger limits come first; the general parser then skips a body already parsed.
  // MCP tool arguments carry report data too.
  // Every parser refuses a body nested deeper than NESTING_LIMITS.json before parsing it (400 json_too_deep).
  const json = (limit: string | number) => express.json({ limit, strict: true, verify: verifyJsonDepth });
  app.use(['/v1/reports', '/v1/templates', '/mcp'], json(REPORT_BODY_LIMIT));
  app.use('/v1/data-sources', json(DATA_SOURCE_BODY_LIMIT));
  app.use('/v1/fonts', json(FONT_BODY_LIMIT));
  app.use('/v1/ai', json(AI_BODY_LIMIT));
  app.use(json(config.bodyLimit));
  // Before every route: an embed token reaches only the builder's routes, its templates and its permissions. After
  // the parsers, since whether a save publishes is in its body.
  app.use(access.embedGuard);

  // Someone opening the service learns where to go: a program asking for JSON gets the entry points, a browser
  // the web app's home page (when it is built; else the JSON too).
  app.get('/', (req, res, next) => {
    if (site && req.accepts(['html', 'json']) !== 'json') {
      next();
      return;
    }
    res.json({
      name: 'Quire',
      description: 'Open, self-hostable AI report generation: HTML + Liquid templates to PDF, HTML and email.',
      endpoints: {
        health: '/healthz',
        plans: '/v1/plans',
        starters: '/v1/starters',
        signup: 'POST /v1/auth/signup',
        token: 'POST /v1/auth/token?grant_type=password',
        contact: 'GET /v1/contact/challenge, POST /v1/contact',
        templates: '/v1/templates',
        reports: '/v1/reports',
        fonts: '/v1/fonts',
        openapi: '/openapi.json',
        docs: '/docs',
        mcp: 'POST /mcp (Streamable HTTP, an API key as bearer token)',
      },
    });
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await deps.store.ping().catch(() => false);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
  });

  const v1 = express.Router();
  // The public catalogue: plans and starter templates need no account.
  v1.get('/plans', (_req, res) => {
    res.json({ object: 'list', data: listPlans() });
  });
  v1.get('/starters', (_req, res) => {
    res.json({
      object: 'list',
      data: starters.map(({ id, name, description, kind, tags, page }) => ({
        id,
        name,
        description,
        kind,
        tags,
        page,
      })),
    });
  });
  v1.get('/starters/:id', (req, res) => {
    const starter = starters.find((s) => s.id === req.params.id);
    if (!starter) throw new QuireError('starter_not_found');
    res.json(starter);
  });
  app.use('/v1', v1);
  app.use('/v1/contact', contact);
  access.mount(app);
  app.use('/v1/ai', ai.router);
  // Before the templates router: the thread's routes authenticate on their own, and must not be authenticated
  // (and metered) twice.
  app.use('/v1/templates', ai.messagesRouter);
  app.use('/v1/templates', templates.router);
  app.use('/v1/reports', reports.router);
  app.use('/v1/jobs', reports.jobsRouter);
  app.use('/v1/data-sources', dataSources.router);
  app.use('/v1/fonts', fonts.router);
  app.use('/v1/webhook-endpoints', webhooks.router);
  app.use('/v1/webhook-deliveries', webhooks.deliveriesRouter);
  // A browser opening /mcp gets the app's page about MCP; MCP clients get the endpoint.
  if (site) app.get('/mcp', sitePageForBrowsers(site));
  // The unmetered key authenticator: the REST calls a tool makes are each counted already, as over stdio.
  app.use(
    '/mcp',
    createMcpRoute({ authenticate: access.authenticateKey, actingTeam: team.actingTeam, usage, config, logger }),
  );

  app.use(openApiRouter({ version: SERVICE_VERSION, publicUrl: config.publicUrl }));
  app.use(docsRouter());
  // The web app at `/` and every path the API does not answer (after the API, so it never shadows a route).
  if (site) app.use(siteRouter({ site, logger }));

  app.use(notFound);
  app.use(errorHandler(logger));
  let started = false;
  return Object.assign(app, {
    start() {
      if (started) return;
      started = true;
      reports.start();
      webhooks.start();
    },
    async shutdown() {
      if (started) await Promise.all([reports.stop(), webhooks.stop()]);
      started = false;
      await Promise.all([pool.destroy(), dataSources.close()]);
    },
  });
}
