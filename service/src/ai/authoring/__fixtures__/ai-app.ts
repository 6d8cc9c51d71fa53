import type { PlanId, Role } from '@quire/core';
import { startFeatureApp } from '../../../__fixtures__/feature-app';
import { authenticateUserOrApiKey, createApiKeyAuthenticator, createApiKeys } from '../../../api-keys/index';
import { createAudit } from '../../../audit/index';
import { createDataSources } from '../../../data-sources/index';
import { createIdempotency } from '../../../http/idempotency';
import { listRoutes, type RouteInfo } from '../../../http/routes';
import type { Store } from '../../../store/port';
import { type TestUser, testHeaderIdentity } from '../../../teams/__fixtures__/teams-app';
import { createTeams, openTeamCollections } from '../../../teams/index';
import { membershipId } from '../../../teams/model';
import { createTemplates, inProcessRenderer, type TemplateRenderer } from '../../../templates/index';
import { createUsage, type UsageCounter } from '../../../usage/index';
import { periodOf } from '../../../usage/period';
import { createAiAuthoring } from '../index';
import { ScriptedProvider } from './scripted-provider';

export { newUser, type TestUser } from '../../../teams/__fixtures__/teams-app';

export interface Init {
  method?: string;
  body?: unknown;
  team?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
  body: any;
}

export interface AiApp {
  url: string;
  store: Store;
  provider: ScriptedProvider;
  /** The routes of the AI routers, as Express lists them. */
  routes: RouteInfo[];
  /** Calls as a user (the test identity headers), JSON in and out. */
  as(user: TestUser, path: string, init?: Init): Promise<Answer>;
  /** Calls as a program with an API key's secret. */
  withKey(secret: string, path: string, init?: Init): Promise<Answer>;
  /** The raw response, for streams. */
  fetchAs(user: TestUser, path: string, init?: Init): Promise<Response>;
  /** The user's personal team id (made on first use). */
  teamOf(user: TestUser): Promise<string>;
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  apiKey(owner: TestUser, role: Exclude<Role, 'owner'>): Promise<string>;
  setPlan(teamId: string, plan: PlanId): Promise<void>;
  /** This month's AI requests of a team: read, and set as if they had been made. */
  aiUsed(teamId: string): Promise<number>;
  setAiUsed(teamId: string, count: number): Promise<void>;
  /** This month's API calls of a team (requests made with its keys). */
  apiCalls(teamId: string): Promise<number>;
  close(): Promise<void>;
}

export interface AiAppOptions {
  timeoutMs?: number;
  maxRepairRounds?: number;
  renderer?: TemplateRenderer;
}

/**
 * The AI routers as app.ts mounts them (messages before the templates router), with the real teams, API keys
 * (metered), usage, idempotency, templates and data sources on the real embedded store; a scripted provider
 * stands in for the model. Renders run in process: the real engine, without worker threads.
 */
export async function startAiApp(options: AiAppOptions = {}): Promise<AiApp> {
  const provider = new ScriptedProvider();
  const feature = await startFeatureApp({
    name: 'ai-authoring',
    async mount(app, deps) {
      const { store, mailer, config, logger, now } = deps;
      const usage = await createUsage({ store, logger, now });
      const keyAuth = await createApiKeyAuthenticator({ store, now });
      const authenticate = authenticateUserOrApiKey(testHeaderIdentity, async (req, res, next) => {
        await keyAuth(req, res, (error?: unknown) => (error ? next(error) : usage.meterApiCall(req, res, next)));
      });
      const teams = await createTeams({ store, mailer, config, logger, now, authenticate });
      const team = { authenticate, actingTeam: teams.actingTeam, requirePermission: teams.requirePermission };
      const apiKeys = await createApiKeys({ store, config, logger, now, ...team });
      const audit = await createAudit({ store, now });
      const idempotency = await createIdempotency({ store, now, secret: config.secret });
      const templates = await createTemplates({ store, logger, now, ...team, usage, idempotency });
      const dataSources = await createDataSources({ store, logger, now, config, ...team, audit, idempotency });
      const ai = await createAiAuthoring({
        store,
        logger,
        now,
        ...team,
        idempotency,
        usage,
        templates,
        dataSources,
        provider,
        renderer: options.renderer ?? inProcessRenderer,
        timeoutMs: options.timeoutMs ?? 60_000,
        ...(options.maxRepairRounds === undefined ? {} : { maxRepairRounds: options.maxRepairRounds }),
      });
      app.use('/v1/team', teams.router);
      app.use('/v1/api-keys', apiKeys.router);
      app.use('/v1/data-sources', dataSources.router);
      app.use('/v1/ai', ai.router);
      app.use('/v1/templates', ai.messagesRouter);
      app.use('/v1/templates', templates.router);
    },
  });
  const { store } = feature.deps;
  const counters = await store.collection<UsageCounter>({ name: 'usage_counters' });
  const counterId = (teamId: string) => `${teamId}:${periodOf(feature.deps.now())}`;

  const send = (path: string, headers: Record<string, string>, init: Init) => {
    if (init.team) headers['Quire-Team'] = init.team;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${feature.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...headers, ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };
  const json = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      body: type.includes('json') ? JSON.parse(text) : text,
    };
  };
  const fetchAs = (user: TestUser, path: string, init: Init = {}) =>
    send(path, { 'X-Test-User': user.id, 'X-Test-Email': user.email }, init);
  const as = async (user: TestUser, path: string, init: Init = {}) => json(await fetchAs(user, path, init));

  return {
    url: feature.url,
    store,
    provider,
    routes: listRoutes(feature.app).filter((r) => r.path.startsWith('/v1/ai') || r.path.endsWith('/messages')),
    as,
    fetchAs,
    withKey: async (secret, path, init = {}) => json(await send(path, { Authorization: `Bearer ${secret}` }, init)),
    async teamOf(user) {
      return (await as(user, '/v1/team')).body.id as string;
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
    async apiKey(owner, role) {
      const key = await as(owner, '/v1/api-keys', { method: 'POST', body: { name: role, role } });
      if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
      return key.body.secret as string;
    },
    async setPlan(teamId, plan) {
      const { teams } = await openTeamCollections(store);
      await teams.updateOne({ id: teamId }, { set: { plan } });
    },
    async aiUsed(teamId) {
      return (await counters.get(counterId(teamId)))?.ai_requests ?? 0;
    },
    async setAiUsed(teamId, count) {
      const id = counterId(teamId);
      const period = periodOf(feature.deps.now());
      await counters.upsert({ id }, { id, teamId, period, reports: 0, api_calls: 0, ai_requests: 0 }, {});
      await counters.updateOne({ id }, { set: { ai_requests: count } });
    },
    async apiCalls(teamId) {
      return (await counters.get(counterId(teamId)))?.api_calls ?? 0;
    },
    close: feature.close,
  };
}

export interface StreamEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: events are checked field by field
  data: any;
}

/** Reads a server-sent event stream to its end, as a client would with fetch. */
export async function readEvents(response: Response): Promise<StreamEvent[]> {
  const text = await response.text();
  const events: StreamEvent[] = [];
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n').filter((line) => line && !line.startsWith(':'));
    const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
    const data = lines
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    if (event) events.push({ event, data: JSON.parse(data) });
  }
  return events;
}
