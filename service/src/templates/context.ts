import type { TemplateEngine } from '@quire/core';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { embedOf, isApiKeyRequest, teamOf, userOf } from '../http/caller';
import type { Usage } from '../usage/index';
import type { TemplateRenderer } from './renderer';
import type { Author, TemplateStore } from './template-store';

/** What every group of template routes is built from. */
export interface RouteContext {
  templates: TemplateStore;
  /** For inference only (schemas, types, sample data); rendering has the renderer's own engines. */
  engine: TemplateEngine;
  renderer: TemplateRenderer;
  usage: Pick<Usage, 'assertRoom'>;
  logger: Logger;
  /** requirePermission('templates:read') and ('templates:write'). */
  read: RequestHandler;
  write: RequestHandler;
}

/**
 * The acting team and who acts for it: a user, or an API key or embed token (no user: versions record null as their
 * author). An embed token adopts the templates it creates.
 */
export function authorOf(res: Response): Author {
  const author: Author = { teamId: teamOf(res).id, userId: isApiKeyRequest(res) ? null : userOf(res).id };
  const embed = embedOf(res);
  if (embed) author.adopt = embed.adopt;
  return author;
}

/** The `:id` path parameter (Express 5 types it loosely). */
export const idOf = (params: Record<string, unknown>) => String(params.id);
