import { assertCan, type Permission, QuireError } from '@quire/core';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { openApiKeys } from '../api-keys/index';
import { hashSecret, newId } from '../crypto/ids';
import { isApiKeyRequest, teamOf, userOf } from '../http/caller';
import type { Store } from '../store/port';
import { openTemplateCollections, TEMPLATE_ID } from '../templates/model';
import {
  DEFAULT_EMBED_TTL_SECONDS,
  type EmbedTokenRecord,
  MAX_EMBED_TTL_SECONDS,
  MIN_EMBED_TTL_SECONDS,
  newEmbedToken,
  openEmbedTokens,
} from './model';
import { EmbedPermission } from './scope';

/** The most templates one token names (a builder shows one, or a short list). */
export const MAX_EMBED_TEMPLATES = 100;

/** POST /v1/embed-tokens body. */
export const CreateEmbedTokenBody = z
  .object({
    template_ids: z
      .array(z.string().min(1).max(100))
      .max(MAX_EMBED_TEMPLATES)
      .default([])
      .transform((ids) => [...new Set(ids)])
      .describe("Templates of the team the token may open (at most 100); others answer 404 as another team's do"),
    new_templates: z
      .boolean()
      .default(false)
      .describe('Whether it may create templates (with `edit`; with `ai` too for AI ones); those join its scope'),
    permissions: z
      .array(EmbedPermission)
      .default([])
      .transform((permissions) => [...new Set(permissions)])
      .describe(
        'Besides reading its templates: `edit` (save drafts, the data schema), `publish` (publish; saves that ' +
          'publish), `ai` (AI writing and refining), `preview` (previews and checks). Default none: read only',
      ),
    expires_in: z
      .number()
      .int()
      .min(MIN_EMBED_TTL_SECONDS)
      .max(MAX_EMBED_TTL_SECONDS)
      .default(DEFAULT_EMBED_TTL_SECONDS)
      .describe('Seconds until it expires: 60 to 3600 (one hour), default 900'),
  })
  .strict()
  .refine((body) => body.template_ids.length > 0 || body.new_templates, {
    message: 'Name template_ids, or allow new_templates: a token with neither could open nothing',
    path: ['template_ids'],
  });
export type CreateEmbedTokenBody = z.infer<typeof CreateEmbedTokenBody>;

/** What POST /v1/embed-tokens answers (the token itself is in this answer only). */
export interface EmbedTokenView {
  object: 'embed_token';
  id: string;
  token: string;
  team_id: string;
  template_ids: string[];
  new_templates: boolean;
  permissions: EmbedPermission[];
  allowed_origins: string[];
  api_key_id: string | null;
  created_at: string;
  expires_at: string;
  expires_in: number;
}

/** What a token needs of its minter's role, besides templates:write (which every embed token needs). */
const ROLE_NEEDS: Record<EmbedPermission, Permission> = {
  edit: 'templates:write',
  publish: 'templates:write',
  ai: 'ai:use',
  preview: 'templates:read',
};

/** Expired tokens are kept a day (so that they answer embed_token_expired, not invalid), then swept. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60_000;

export interface EmbedTokenRoutesDeps {
  store: Store;
  logger: Logger;
  now: () => Date;
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
}

/**
 * POST /v1/embed-tokens: an API key (or a person) with templates:write mints a short-lived token for the builder
 * embedded in its app, scoped to its team, some templates and some permissions (never more than its own role).
 */
export async function embedTokenRoutes(deps: EmbedTokenRoutesDeps): Promise<Router> {
  const { store, logger, now } = deps;
  const tokens = await openEmbedTokens(store);
  const keys = await openApiKeys(store);
  const { templates } = await openTemplateCollections(store);
  let lastSweep = 0;

  const router = Router();
  router.post('/', deps.authenticate, deps.actingTeam, deps.requirePermission('templates:write'), async (req, res) => {
    const body = CreateEmbedTokenBody.parse(req.body ?? {});
    const team = teamOf(res);
    for (const permission of body.permissions) assertCan(team.role, ROLE_NEEDS[permission]);
    for (const [index, id] of body.template_ids.entries()) {
      const template = TEMPLATE_ID.test(id) ? await templates.get(id) : undefined;
      if (!template || template.teamId !== team.id) {
        throw new QuireError('template_not_found', { param: `template_ids.${index}` });
      }
    }
    const apiKeyId = (res.locals.apiKey as { id: string } | undefined)?.id ?? null;
    const key = apiKeyId ? await keys.get(apiKeyId) : undefined;
    const at = now();
    const secret = newEmbedToken();
    const record: EmbedTokenRecord = {
      id: newId('emb'),
      teamId: team.id,
      hash: hashSecret(secret),
      templateIds: body.template_ids,
      newTemplates: body.new_templates,
      createdTemplateIds: [],
      createdCount: 0,
      permissions: body.permissions,
      apiKeyId,
      userId: isApiKeyRequest(res) ? null : userOf(res).id,
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + body.expires_in * 1000).toISOString(),
    };
    await tokens.insert(record);
    logger.info({ team_id: team.id, embed_token_id: record.id, api_key_id: apiKeyId }, 'embed token minted');
    if (at.getTime() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = at.getTime();
      await tokens.deleteMany({ expiresAt: { $lt: new Date(at.getTime() - KEEP_EXPIRED_MS).toISOString() } });
    }
    const answer: EmbedTokenView = {
      object: 'embed_token',
      id: record.id,
      token: secret,
      team_id: team.id,
      template_ids: record.templateIds,
      new_templates: record.newTemplates,
      permissions: record.permissions,
      allowed_origins: key?.allowedOrigins ?? [],
      api_key_id: apiKeyId,
      created_at: record.createdAt,
      expires_at: record.expiresAt,
      expires_in: body.expires_in,
    };
    // A credential: no cache may keep it.
    res.status(201).set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
