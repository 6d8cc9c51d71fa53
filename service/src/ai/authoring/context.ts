import type { TemplateEngine } from '@quire/core';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DataSources } from '../../data-sources/index';
import type { TemplateStore } from '../../templates/index';
import type { Usage } from '../../usage/index';
import type { AiProvider } from '../provider';
import type { ThreadStore } from './thread';
import type { VerifyDeps } from './verify';

/** What the AI routes are built from (see index.ts for where each comes from). */
export interface AuthoringContext {
  templates: TemplateStore;
  threads: ThreadStore;
  dataSources: Pick<DataSources, 'load'>;
  usage: Pick<Usage, 'consume' | 'refund' | 'assertRoom' | 'assertFeature' | 'summary'>;
  provider: AiProvider;
  /** For inference (schemas, sample data, syntax); the renderer renders. */
  engine: TemplateEngine;
  loop: VerifyDeps;
  /** The longest a request may take, repairs included (config.ai.timeoutMs). */
  timeoutMs: number;
  logger: Logger;
  now: () => Date;
  /** authenticate, actingTeam and idempotency, in that order. */
  caller: RequestHandler[];
  /** requirePermission of ai:use, templates:write and templates:read. */
  useAi: RequestHandler;
  write: RequestHandler;
  read: RequestHandler;
}
