import { AssignableRole, type Permission, QuireError } from '@quire/core';
import { type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Actor, Audit } from '../audit/index';
import type { Config } from '../config';
import { hashSecret, matchesSecretHash, newId } from '../crypto/ids';
import { type ActingTeam, requireSignedInUser, teamOf, userOf } from '../http/caller';
import { DuplicateKeyError, type Store } from '../store/port';
import { openTeamCollections } from '../teams/index';
import { membershipId } from '../teams/model';
import { lookupPrefix, newApiKeySecret } from './secret';

export { KEY_PREFIX } from './secret';

export interface ApiKey {
  id: string;
  teamId: string;
  name: string;
  role: AssignableRole;
  /** The first characters after `qk_live_`, in clear: unique, so a key is found without scanning hashes. */
  prefix: string;
  /** hashSecret of the whole key (keys made before it was base64url hold hex; both are accepted). */
  hash: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Revoked keys are kept (who made what, when) but never listed or accepted. */
  revokedAt?: string;
  /**
   * Browser origins (`https://app.example.com`) the key's embed tokens may be used from, besides the service's
   * own (CORS_ORIGINS); absent on keys made before there were embed tokens, which means none.
   */
  allowedOrigins?: string[];
}

export interface ApiKeysDeps {
  store: Store;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** requireUser, or authenticateUserOrApiKey(...): a key reaching these routes is refused with 403 either way. */
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  /**
   * After authenticate, on key creation: the accounts module's requireRecentAuth (a recent sign-in or
   * re-authentication), so that a stolen access token cannot mint a long-lived credential for the team.
   */
  requireRecentAuth: RequestHandler;
  /** Records key creation and revocation (the app always passes it; feature tests may leave it out). */
  audit?: Pick<Audit, 'record' | 'actorOf'>;
}

export interface ApiKeys {
  /** Mount at /v1/api-keys. */
  router: Router;
  /** For `Authorization: Bearer qk_live_…`: sets res.locals.team (with the key's role) and res.locals.apiKey. */
  authenticateApiKey: RequestHandler;
}

/** The most origins one key names. */
export const MAX_ALLOWED_ORIGINS = 20;

/** A browser origin as the Origin header carries it: scheme, host and port if not the default; nothing else. */
const BrowserOrigin = z
  .string()
  .max(200)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        // The WHATWG parser lets `*` through in a host: a wildcard would never equal an Origin header anyway.
        const host = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
        return (url.protocol === 'https:' || url.protocol === 'http:') && host && url.origin === value;
      } catch {
        return false;
      }
    },
    {
      message:
        'An origin is a scheme, a host and a port only when it is not the default, in lower case, e.g. ' +
        'https://app.example.com or http://localhost:5173 (no path, no trailing slash, no wildcard)',
    },
  );

const AllowedOrigins = z
  .array(BrowserOrigin)
  .max(MAX_ALLOWED_ORIGINS)
  .transform((origins) => [...new Set(origins)])
  .describe(
    'Browser origins the embed tokens this key mints may be used from (the builder embedded in your app), besides ' +
      "the service's own; at most 20. Requests with one of its tokens from any other origin are refused.",
  );

const KeyName = z.string().trim().min(1, 'Name is required').max(100);

/** POST /v1/api-keys body. */
export const CreateApiKeyBody = z.object({
  name: KeyName,
  role: AssignableRole,
  allowed_origins: AllowedOrigins.default([]),
});

/** PATCH /v1/api-keys/{id} body: the role of a key never changes (make a new key instead). */
export const UpdateApiKeyBody = z
  .object({ name: KeyName.optional(), allowed_origins: AllowedOrigins.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.allowed_origins !== undefined, {
    message: 'Give name or allowed_origins',
  });

const view = (key: ApiKey) => ({
  object: 'api_key' as const,
  id: key.id,
  name: key.name,
  role: key.role,
  prefix: key.prefix,
  /** The user who created it: a key belongs to the team, and is revoked when its creator leaves the team. */
  created_by: key.createdBy,
  created_at: key.createdAt,
  last_used_at: key.lastUsedAt,
  allowed_origins: key.allowedOrigins ?? [],
});

/** The keys collection, for the modules that read keys (embed tokens: a token's key, the origins keys name). */
export const openApiKeys = (store: Store) =>
  store.collection<ApiKey>({
    name: 'api_keys',
    unique: ['prefix'],
    indexes: [['teamId', 'createdAt'], 'allowedOrigins'],
  });
const openKeys = openApiKeys;

const BEARER = /^Bearer\s+(\S+)$/i;
/** How fresh an API key's last_used_at is kept. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** What every Quire API key starts with (`qk_live_…` today); a session token never does. */
const API_KEY_SCHEME = 'qk_';

/**
 * For `Authorization: Bearer qk_live_…`: sets res.locals.team (the key's team, with the key's role) and
 * res.locals.apiKey = { id, name }, or answers 401 invalid_api_key. Needs only the store, so it can be built before
 * the teams module (which takes it, through authenticateUserOrApiKey) and before createApiKeys (which needs
 * teams.actingTeam): that breaks the cycle without late binding. Handles share the store's collections.
 */
export async function createApiKeyAuthenticator(deps: Pick<ApiKeysDeps, 'store' | 'now'>): Promise<RequestHandler> {
  const { store, now } = deps;
  const keys = await openKeys(store);
  const { teams } = await openTeamCollections(store);
  return async (req, res, next) => {
    const secret = BEARER.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const prefix = lookupPrefix(secret);
    const key = prefix ? await keys.findOne({ prefix }) : undefined;
    if (!key || key.revokedAt !== undefined || !matchesSecretHash(secret, key.hash)) {
      throw new QuireError('invalid_api_key');
    }
    const team = await teams.get(key.teamId);
    if (!team) throw new QuireError('invalid_api_key');
    // Written at most once a minute: a busy key would otherwise add a write to every request it makes.
    const at = now();
    if (!key.lastUsedAt || at.getTime() - Date.parse(key.lastUsedAt) > LAST_USED_RESOLUTION_MS) {
      await keys.updateOne({ id: key.id }, { set: { lastUsedAt: at.toISOString() } });
    }
    const acting: ActingTeam = { id: team.id, name: team.name, plan: team.plan, role: key.role };
    res.locals.team = acting;
    res.locals.apiKey = { id: key.id, name: key.name };
    next();
  };
}

/**
 * The id of the live API key a secret belongs to, else undefined: what the app's rate limit counts a request
 * against before the route authenticates it. A lookup by prefix and a hash comparison, no write.
 */
export async function createApiKeyIdentifier(
  deps: Pick<ApiKeysDeps, 'store'>,
): Promise<(secret: string) => Promise<string | undefined>> {
  const keys = await openKeys(deps.store);
  return async (secret) => {
    const prefix = lookupPrefix(secret);
    const key = prefix ? await keys.findOne({ prefix }) : undefined;
    return key && key.revokedAt === undefined && matchesSecretHash(secret, key.hash) ? key.id : undefined;
  };
}

/**
 * One authenticate for routes that a person or a program may call: a bearer token starting with `qk_` goes to
 * authenticateApiKey (a malformed, unknown or revoked key is 401 invalid_api_key, never a session error), anything
 * else (another bearer token, a cookie, nothing) to requireUser. Routes that need a person add the teams module's
 * requireSignedInUser, which turns a key into 403 forbidden.
 */
export function authenticateUserOrApiKey(
  requireUser: RequestHandler,
  authenticateApiKey: RequestHandler,
): RequestHandler {
  return (req, res, next) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    // Returned, so that Express 5 sees the rejection of an async authenticator and passes it to the error handler.
    if (token?.startsWith(API_KEY_SCHEME)) return authenticateApiKey(req, res, next);
    return requireUser(req, res, next);
  };
}

/** Team API keys: created and revoked by users with api_keys:manage, presented by programs as Bearer tokens. */
export async function createApiKeys(deps: ApiKeysDeps): Promise<ApiKeys> {
  const { store, logger, now, authenticate, actingTeam, requirePermission } = deps;
  const keys = await openKeys(store);
  const authenticateApiKey = await createApiKeyAuthenticator(deps);

  const router = Router();
  // Managing keys needs a person: a key cannot mint, list or revoke keys, whatever its role (403, not 401).
  router.use(authenticate, requireSignedInUser, actingTeam, requirePermission('api_keys:manage'));

  router.post('/', deps.requireRecentAuth, async (req, res) => {
    const { name, role, allowed_origins: allowedOrigins } = CreateApiKeyBody.parse(req.body ?? {});
    const team = teamOf(res);
    const user = userOf(res);
    // 71 random bits of prefix make a collision unlikely; the unique index turns one into a retry, not a clash.
    for (let attempt = 0; ; attempt++) {
      const secret = newApiKeySecret();
      const prefix = lookupPrefix(secret) as string;
      try {
        const key = await keys.insert({
          id: newId('key'),
          teamId: team.id,
          name,
          role,
          prefix,
          hash: hashSecret(secret),
          createdBy: user.id,
          createdAt: now().toISOString(),
          lastUsedAt: null,
          allowedOrigins,
        });
        logger.info({ team_id: team.id, api_key_id: key.id }, 'api key created');
        await deps.audit?.record({
          teamId: team.id,
          actor: deps.audit.actorOf(res),
          action: 'api_key.created',
          target: { type: 'api_key', id: key.id },
          details: { name, role, prefix: key.prefix, allowed_origins: allowedOrigins },
        });
        // The only time the secret leaves the service: it is not stored and cannot be shown again.
        res.status(201).json({ ...view(key), secret });
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError) || error.field !== 'prefix' || attempt >= 2) throw error;
      }
    }
  });

  router.get('/', async (_req, res) => {
    const team = teamOf(res);
    const list = await keys.find(
      { teamId: team.id, revokedAt: { $exists: false } },
      { sort: { field: 'createdAt', direction: -1 } },
    );
    res.json({ object: 'list', data: list.map(view) });
  });

  // The name, and the origins its embed tokens may be used from (taking effect at once for the live tokens).
  router.patch('/:id', async (req, res) => {
    const body = UpdateApiKeyBody.parse(req.body ?? {});
    const team = teamOf(res);
    const set: Partial<ApiKey> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.allowed_origins !== undefined) set.allowedOrigins = body.allowed_origins;
    const updated = await keys.updateOne(
      { id: req.params.id as string, teamId: team.id, revokedAt: { $exists: false } },
      { set },
    );
    if (!updated) throw new QuireError('not_found', { message: 'No such API key.' });
    await deps.audit?.record({
      teamId: team.id,
      actor: deps.audit.actorOf(res),
      action: 'api_key.updated',
      target: { type: 'api_key', id: updated.id },
      details: { name: updated.name, prefix: updated.prefix, allowed_origins: updated.allowedOrigins ?? [] },
    });
    res.json(view(updated));
  });

  router.delete('/:id', async (req, res) => {
    const team = teamOf(res);
    const revoked = await keys.updateOne(
      { id: req.params.id as string, teamId: team.id, revokedAt: { $exists: false } },
      { set: { revokedAt: now().toISOString() } },
    );
    if (!revoked) throw new QuireError('not_found', { message: 'No such API key.' });
    await deps.audit?.record({
      teamId: team.id,
      actor: deps.audit.actorOf(res),
      action: 'api_key.revoked',
      target: { type: 'api_key', id: revoked.id },
      details: { name: revoked.name, prefix: revoked.prefix },
    });
    res.json({ ...view(revoked), revoked: true });
  });

  return { router, authenticateApiKey };
}

export interface ApiKeyRevoker {
  /**
   * Revokes the keys a member created in a team, when they are removed from it (recorded in the audit log as done
   * by whoever removed them); returns the revoked keys' ids.
   */
  revokeKeysOfMember(removed: { teamId: string; userId: string; res: Response }): Promise<string[]>;
  /**
   * Revokes the keys whose creator is no longer a member of the key's team: keys made before removal revoked them.
   * Run once at start-up; returns how many it revoked.
   */
  revokeOrphanedKeys(): Promise<number>;
}

/**
 * Who a key belongs to: the team. Who answers for it: the member who created it. A key must not outlive its
 * creator's membership (an admin who leaves would otherwise keep a working credential of the team), so removing a
 * member revokes the keys they created. Needs only the store and the audit log, so teams can take it.
 */
export async function createApiKeyRevoker(
  deps: Pick<ApiKeysDeps, 'store' | 'now' | 'logger' | 'audit'>,
): Promise<ApiKeyRevoker> {
  const { store, now, logger, audit } = deps;
  const keys = await openKeys(store);
  const { memberships } = await openTeamCollections(store);

  async function revoke(key: ApiKey, actor: Actor | undefined) {
    const revoked = await keys.updateOne(
      { id: key.id, revokedAt: { $exists: false } },
      { set: { revokedAt: now().toISOString() } },
    );
    if (!revoked) return false;
    logger.info({ team_id: key.teamId, api_key_id: key.id }, 'api key revoked: its creator left the team');
    if (audit && actor) {
      await audit.record({
        teamId: key.teamId,
        actor,
        action: 'api_key.revoked',
        target: { type: 'api_key', id: key.id },
        details: { name: key.name, prefix: key.prefix, reason: 'creator_removed', created_by: key.createdBy },
      });
    }
    return true;
  }

  return {
    async revokeKeysOfMember({ teamId, userId, res }) {
      const theirs = await keys.find({ teamId, createdBy: userId, revokedAt: { $exists: false } });
      const revoked: string[] = [];
      for (const key of theirs) if (await revoke(key, audit?.actorOf(res))) revoked.push(key.id);
      return revoked;
    },
    async revokeOrphanedKeys() {
      let count = 0;
      for (const key of await keys.find({ revokedAt: { $exists: false } })) {
        if (await memberships.get(membershipId(key.teamId, key.createdBy))) continue;
        if (await revoke(key, { type: 'system', id: 'quire' })) count += 1;
      }
      return count;
    },
  };
}
