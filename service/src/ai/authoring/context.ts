import type { TemplateContent, TemplateEngine } from '@quire/core';
import type { FontFaces } from '@quire/render';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DataSources } from '../../data-sources/index';
import type { TemplateStore } from '../../templates/index';
import type { Usage } from '../../usage/index';
import type { AiProvider } from '../provider';
import type { ThreadStore } from './thread';
import type { VerifyDeps, VerifyRequest } from './verify';

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
  /** The team's uploaded fonts a template names, for the checks of what the AI wrote. */
  fontsFor?: (teamId: string, content: TemplateContent) => Promise<Record<string, FontFaces> | undefined>;
}

/** The verify loop's `fontsFor` for one team: its uploaded fonts, when the service has them. */
export function teamFonts(context: AuthoringContext, teamId: string): Pick<VerifyRequest, 'fontsFor'> {
  const { fontsFor } = context;
  return fontsFor ? { fontsFor: (content) => fontsFor(teamId, content) } : {};
}
