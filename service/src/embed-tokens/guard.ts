import { QuireError, type Role } from '@quire/core';
import type { Request, RequestHandler, Response } from 'express';
import { openApiKeys } from '../api-keys/index';
import { hashSecret } from '../crypto/ids';
import type { ActingTeam, EmbedCaller } from '../http/caller';
import type { Store } from '../store/port';
import { openTeamCollections } from '../teams/index';
import { membershipId } from '../teams/model';
import { EMBED_TOKEN_PREFIX, type EmbedTokenRecord, isEmbedTokenShape, openEmbedTokens } from './model';
import { type EmbedPermission, matchEmbedRoute } from './scope';

export interface EmbedGuardDeps {
  store: Store;
  now: () => Date;
  /** The service's own browser origins (config.corsOrigins): an embed token may be used from them too. */
  corsOrigins: readonly string[];
}

/** A live embed token with what it acts as: its team, the role of whoever minted it, the origins of its key. */
export interface ResolvedEmbedToken {
  token: EmbedTokenRecord;
  team: ActingTeam;
  /** The minting key's allowed_origins as they are now ([] for a token a person minted). */
  allowedOrigins: readonly string[];
}

export interface EmbedGuard {
  /**
   * Mounted app-wide, before every route: a request carrying `Bearer qe_…` is checked (the token, its origin, the
   * route against EMBED_ROUTES with the token's permissions, the template against its scope) and refused, or
   * marked as the token's (res.locals.embed and res.locals.team). Any other request passes untouched.
   */
  guard: RequestHandler;
  /** The same check for an authenticator (a feature's router without the app-wide guard in front still refuses). */
  authenticate: RequestHandler;
  /** `key:<id>` or `user:<id>` for a live embed token (whoever minted it), else undefined: for the rate limit. */
  identify(req: Request): Promise<string | undefined>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const bearerOf = (req: Request) => BEARER.exec(req.get('authorization') ?? '')?.[1];

/** Whether the request carries an embed token (by its prefix; whether it is one is the guard's to say). */
export const carriesEmbedToken = (req: Request) => bearerOf(req)?.startsWith(EMBED_TOKEN_PREFIX) ?? false;

const REVOKED_KEY = 'Invalid embed token: the API key that made it was revoked.';
const MEMBER_LEFT = 'Invalid embed token: the person who made it is no longer in the team.';
// A created template is added by a compare-and-set on createdCount; concurrent creates retry.
const MAX_ADOPT_ATTEMPTS = 10;

/**
 * The one place embed tokens are enforced. Everything an embed token may do is in scope.ts's allow-list; every
 * other route answers 403 embed_scope before it runs, and a template outside the token's scope answers 404
 * template_not_found, as another team's does.
 */
export async function createEmbedGuard(deps: EmbedGuardDeps): Promise<EmbedGuard> {
  const { store, now, corsOrigins } = deps;
  const tokens = await openEmbedTokens(store);
  const keys = await openApiKeys(store);
  const { teams, memberships } = await openTeamCollections(store);
  // The rate limiter identifies the credential before the guard checks it: one lookup serves both.
  const resolved = new WeakMap<Request, Promise<ResolvedEmbedToken>>();

  async function resolve(secret: string): Promise<ResolvedEmbedToken> {
    const token = isEmbedTokenShape(secret) ? await tokens.findOne({ hash: hashSecret(secret) }) : undefined;
    if (!token) throw new QuireError('invalid_embed_token');
    if (Date.parse(token.expiresAt) <= now().getTime()) throw new QuireError('embed_token_expired');
    const team = await teams.get(token.teamId);
    if (!team) throw new QuireError('invalid_embed_token');
    let role: Role;
    let allowedOrigins: readonly string[] = [];
    if (token.apiKeyId !== null) {
      const key = await keys.get(token.apiKeyId);
      if (!key || key.revokedAt !== undefined || key.teamId !== token.teamId) {
        throw new QuireError('invalid_embed_token', { message: REVOKED_KEY });
      }
      role = key.role;
      allowedOrigins = key.allowedOrigins ?? [];
    } else {
      const membership = token.userId ? await memberships.get(membershipId(token.teamId, token.userId)) : undefined;
      if (membership?.status !== 'active') {
        throw new QuireError('invalid_embed_token', { message: MEMBER_LEFT });
      }
      role = membership.role;
    }
    return { token, team: { id: team.id, name: team.name, plan: team.plan, role }, allowedOrigins };
  }

  function resolveFor(req: Request, secret: string): Promise<ResolvedEmbedToken> {
    let found = resolved.get(req);
    if (!found) {
      found = resolve(secret);
      resolved.set(req, found);
    }
    return found;
  }

  async function adopt(tokenId: string, templateId: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_ADOPT_ATTEMPTS; attempt++) {
      const current = await tokens.get(tokenId);
      if (!current || current.createdTemplateIds.includes(templateId)) return;
      const updated = await tokens.updateOne(
        { id: tokenId, createdCount: current.createdCount },
        {
          set: {
            createdTemplateIds: [...current.createdTemplateIds, templateId],
            createdCount: current.createdCount + 1,
          },
        },
      );
      if (updated) return;
    }
    throw new QuireError('internal_error', { message: 'Too many templates created at once. Please try again.' });
  }

  /** Checks the request against the token; on success marks it as the token's. Throws the refusal otherwise. */
  async function check(req: Request, res: Response, secret: string): Promise<void> {
    if (res.locals.embed !== undefined) return;
    const { token, team, allowedOrigins } = await resolveFor(req, secret);

    // No Origin: not a browser (a backend, curl), which no CORS rule binds anyway.
    const origin = req.get('origin');
    if (origin !== undefined && !corsOrigins.includes(origin) && !allowedOrigins.includes(origin)) {
      // Another key may name this origin (so the CORS layer let it in): this token's answer is not for it.
      res.removeHeader('Access-Control-Allow-Origin');
      throw new QuireError('embed_origin', {
        message: `This embed token cannot be used from ${origin}: add it to the allowed_origins of the API key that made it.`,
        details: { origin },
      });
    }

    const path = new URL(req.originalUrl, 'http://quire.invalid').pathname;
    const matched = matchEmbedRoute(req.method, path);
    if (!matched) {
      throw new QuireError('embed_scope', {
        message: `An embed token cannot call ${req.method} ${path}.`,
        details: { reason: 'route' },
      });
    }
    const { route, params } = matched;
    if (route.creates && !token.newTemplates) {
      throw new QuireError('embed_scope', {
        message: 'This embed token cannot create templates: mint it with "new_templates": true.',
        details: { reason: 'new_templates' },
      });
    }
    const needs: EmbedPermission[] = [...route.needs];
    const body = req.body as { publish?: unknown } | undefined;
    const draft = body?.publish === false;
    if (route.publishesUnlessDraft && !draft) needs.push('publish');
    const missing = needs.filter((permission) => !token.permissions.includes(permission));
    if (missing.length > 0) {
      const hint = route.publishesUnlessDraft && missing.length === 1 && missing[0] === 'publish';
      throw new QuireError('embed_scope', {
        message:
          `This embed token does not have the ${missing.join(' and ')} permission.` +
          (hint ? ' Send "publish": false to save a draft.' : ''),
        details: { reason: 'permission', permissions: missing },
      });
    }
    const templateIds = [...token.templateIds, ...token.createdTemplateIds];
    if (route.template && !templateIds.includes(params.id as string)) throw new QuireError('template_not_found');

    const caller: EmbedCaller = {
      tokenId: token.id,
      apiKeyId: token.apiKeyId,
      userId: token.userId,
      permissions: token.permissions,
      templateIds,
      adopt: (templateId) => adopt(token.id, templateId),
    };
    res.locals.team = team;
    res.locals.embed = caller;
  }

  return {
    async guard(req, res, next) {
      const secret = bearerOf(req);
      if (secret?.startsWith(EMBED_TOKEN_PREFIX)) await check(req, res, secret);
      next();
    },
    async authenticate(req, res, next) {
      await check(req, res, bearerOf(req) ?? '');
      next();
    },
    async identify(req) {
      const secret = bearerOf(req);
      if (!secret?.startsWith(EMBED_TOKEN_PREFIX)) return undefined;
      try {
        const { token } = await resolveFor(req, secret);
        return token.apiKeyId !== null ? `key:${token.apiKeyId}` : `user:${token.userId}`;
      } catch (error) {
        if (QuireError.isInstance(error)) return undefined;
        throw error;
      }
    },
  };
}
