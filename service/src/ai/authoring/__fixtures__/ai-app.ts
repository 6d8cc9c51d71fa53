import type { PlanId, Role } from '@quire/core';
import { startAccessApp } from '../../../__fixtures__/access-app';
import type { Answer as FullAnswer, RequestInit } from '../../../__fixtures__/actors';
import type { TestUser } from '../../../__fixtures__/test-identity';
import { createDataSources } from '../../../data-sources/index';
import { createIdempotency } from '../../../http/idempotency';
import { listRoutes, type RouteInfo } from '../../../http/routes';
import type { Store } from '../../../store/port';
import { createTemplates, inProcessRenderer, type TemplateRenderer } from '../../../templates/index';
import { createAiAuthoring } from '../index';
import { ScriptedProvider } from './scripted-provider';

export { newUser, type TestUser } from '../../../__fixtures__/test-identity';
export type Init = RequestInit;
export type Answer = Omit<FullAnswer, 'bytes'>;

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
 * The AI routers as app.ts mounts them (messages before the templates router), behind the app's access layer
 * (teams, API keys whose calls are metered, usage), with the real idempotency, templates and data sources on
 * the real embedded store; a scripted provider stands in for the model. Renders run in process: the real
 * engine, without worker threads.
 */
export async function startAiApp(options: AiAppOptions = {}): Promise<AiApp> {
  const provider = new ScriptedProvider();
  const feature = await startAccessApp({
    name: 'ai-authoring',
    async mount(app, { store, config, logger, now }, { team, usage, audit }) {
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
      app.use('/v1/data-sources', dataSources.router);
      app.use('/v1/ai', ai.router);
      app.use('/v1/templates', ai.messagesRouter);
      app.use('/v1/templates', templates.router);
    },
  });
  const { actors } = feature;
  return {
    url: feature.url,
    store: feature.deps.store,
    provider,
    routes: listRoutes(feature.app).filter((r) => r.path.startsWith('/v1/ai') || r.path.endsWith('/messages')),
    as: actors.call,
    fetchAs: actors.fetch,
    withKey: actors.call,
    teamOf: actors.teamOf,
    addMember: actors.addMember,
    apiKey: (owner, role) => actors.apiKey(owner, role),
    setPlan: actors.setPlan,
    aiUsed: async (teamId) => (await actors.usageOf(teamId)).ai_requests,
    setAiUsed: (teamId, count) => actors.setUsage(teamId, { ai_requests: count }),
    apiCalls: async (teamId) => (await actors.usageOf(teamId)).api_calls,
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
