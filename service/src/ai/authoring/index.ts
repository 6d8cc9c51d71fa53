import { createTemplateEngine, type Permission } from '@quire/core';
import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { DataSources } from '../../data-sources/index';
import type { FontLibrary } from '../../fonts/library';
import type { Store } from '../../store/port';
import type { TemplateRenderer, Templates } from '../../templates/index';
import type { Usage } from '../../usage/index';
import type { AiProvider } from '../provider';
import type { AuthoringContext } from './context';
import { generateRoute } from './generate-route';
import { messageRoutes } from './message-routes';
import { openThreads } from './thread';
import { DEFAULT_REPAIR_ROUNDS } from './verify';

export { AI_BODY_LIMIT, MAX_PROMPT_CHARS, MAX_SAMPLE_BYTES } from './bodies';
export { AI_OPERATIONS } from './operations';
export type { AuthoringReport } from './report';
export { type AuthoringEvent, DEFAULT_REPAIR_ROUNDS, verifyLoop } from './verify';

export interface AiAuthoringDeps {
  store: Store;
  logger: Logger;
  now: () => Date;
  /** Sets res.locals.user (a person) or res.locals.team + res.locals.apiKey (an API key, metered). */
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  /** createIdempotency(...): the POSTs honour Idempotency-Key (JSON answers; a stream is never replayed). */
  idempotency: RequestHandler;
  /** The month's AI requests (consume, refund), the template limit and the ai_generation feature. */
  usage: Pick<Usage, 'consume' | 'refund' | 'assertRoom' | 'assertFeature' | 'summary'>;
  /** Where templates and their versions are made (createTemplates(...).store). */
  templates: Pick<Templates, 'store'>;
  /** Reads data_source_id for a generation. */
  dataSources: Pick<DataSources, 'load'>;
  /** The configured provider (offline, Gemini or OpenAI-compatible). */
  provider: AiProvider;
  /** Renders and checks candidates: poolRenderer(pool), so untrusted templates stay off the event loop. */
  renderer: TemplateRenderer;
  /** config.ai.timeoutMs: the whole request, repairs included. */
  timeoutMs: number;
  /** The teams' uploaded fonts: the checks of what the AI wrote draw with those its template names. */
  fonts?: Pick<FontLibrary, 'fontsFor'>;
  /** Repair rounds after the first answer; default 3. */
  maxRepairRounds?: number;
}

export interface AiAuthoring {
  /** Mount at /v1/ai (POST /v1/ai/templates), after a JSON parser with AI_BODY_LIMIT. */
  router: Router;
  /**
   * GET and POST /v1/templates/{id}/messages. Mount at /v1/templates BEFORE the templates router: its routes
   * carry their own authentication, and anything else passes through to the templates router untouched.
   */
  messagesRouter: Router;
}

/**
 * AI authoring: templates generated from a sentence, and refined in a per-template conversation, every answer
 * verified (sanitised, parsed, rendered with the sample and edge cases, checked) and repaired a bounded number of
 * times. See README.md.
 */
export async function createAiAuthoring(deps: AiAuthoringDeps): Promise<AiAuthoring> {
  const engine = createTemplateEngine();
  const context: AuthoringContext = {
    templates: deps.templates.store,
    threads: await openThreads(deps.store),
    dataSources: deps.dataSources,
    usage: deps.usage,
    provider: deps.provider,
    engine,
    loop: {
      provider: deps.provider,
      renderer: deps.renderer,
      engine,
      maxRepairRounds: deps.maxRepairRounds ?? DEFAULT_REPAIR_ROUNDS,
    },
    timeoutMs: deps.timeoutMs,
    logger: deps.logger,
    now: deps.now,
    caller: [deps.authenticate, deps.actingTeam, deps.idempotency],
    useAi: deps.requirePermission('ai:use'),
    write: deps.requirePermission('templates:write'),
    read: deps.requirePermission('templates:read'),
    ...(deps.fonts ? { fontsFor: deps.fonts.fontsFor } : {}),
  };
  return { router: generateRoute(context), messagesRouter: messageRoutes(context) };
}
