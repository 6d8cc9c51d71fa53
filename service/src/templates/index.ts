import { createTemplateEngine, type Permission, type TemplateContent } from '@quire/core';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Store } from '../store/port';
import type { Usage } from '../usage/index';
import type { RouteContext } from './context';
import { dataRoutes } from './data-routes';
import { openTemplateCollections } from './model';
import { renderRoutes } from './render-routes';
import { inProcessRenderer, type TemplateRenderer } from './renderer';
import { templateRoutes } from './template-routes';
import { type TemplateStore, templateStore } from './template-store';
import { versionRoutes } from './version-routes';

export { authorOf } from './context';
export { dataSchemaOf, defaultData } from './data-schema';
export { assertDataValid, type DataProblem } from './data-validation';
export type { TemplateRecord, VersionRecord } from './model';
export { inProcessRenderer, type TemplateRenderer } from './renderer';
export type { Author, TemplateStore } from './template-store';
export { typeNameOf, typeScriptOf } from './typescript-types';
export { templateView } from './views';

export interface TemplatesDeps {
  store: Store;
  logger: Logger;
  now: () => Date;
  /** Sets res.locals.user (a person) or res.locals.team + res.locals.apiKey (an API key). */
  authenticate: RequestHandler;
  /** Resolves res.locals.team (the Quire-Team header, the personal team, or the key's team). */
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  /** The plan's template limit (402 plan_limit_exceeded). */
  usage: Pick<Usage, 'assertRoom'>;
  /** createIdempotency(...): every POST of the router honours Idempotency-Key, scoped to the team and caller. */
  idempotency: RequestHandler;
  /** Renders previews and runs checks; default @quire/render in this process. */
  renderer?: TemplateRenderer;
}

/** A template version ready to render, for the reports module. */
export interface ResolvedTemplate {
  templateId: string;
  version: number;
  name: string;
  content: TemplateContent;
}

export interface Templates {
  /** Mount at /v1/templates. */
  router: Router;
  /**
   * The published version of a team's template, or the pinned `version`. Throws 404 template_not_found (also for
   * another team's template) or version_not_found.
   */
  resolveForRender(teamId: string, templateId: string, version?: number): Promise<ResolvedTemplate>;
  /** The team-scoped store of templates and versions, for features that make them (AI authoring). */
  store: TemplateStore;
}

/**
 * Templates with immutable versions, the JSON Schema and TypeScript types of their data, previews and checks.
 * Every route acts for the acting team; a person or an API key may call them, with their role's permissions
 * (templates:read to read, preview and check; templates:write to change). Another team's template answers 404
 * template_not_found on every route, never 403, so template ids cannot be probed.
 */
export async function createTemplates(deps: TemplatesDeps): Promise<Templates> {
  const templates = templateStore(await openTemplateCollections(deps.store), deps.now);
  const context: RouteContext = {
    templates,
    engine: createTemplateEngine(),
    renderer: deps.renderer ?? inProcessRenderer,
    usage: deps.usage,
    logger: deps.logger,
    read: deps.requirePermission('templates:read'),
    write: deps.requirePermission('templates:write'),
  };

  const router = Router();
  router.use(deps.authenticate, deps.actingTeam, deps.idempotency);
  router.use(templateRoutes(context));
  router.use(versionRoutes(context));
  router.use(dataRoutes(context));
  router.use(renderRoutes(context));

  async function resolveForRender(teamId: string, templateId: string, version?: number): Promise<ResolvedTemplate> {
    const template = await templates.find(teamId, templateId);
    const number = version ?? template.publishedVersion;
    const content = await templates.content(template, number);
    return { templateId: template.id, version: number, name: content.name, content };
  }

  return { router, resolveForRender, store: templates };
}
