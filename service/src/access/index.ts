import type { Permission } from '@quire/core';
import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import {
  type ApiKeys,
  authenticateUserOrApiKey,
  createApiKeyAuthenticator,
  createApiKeyIdentifier,
  createApiKeyRevoker,
  createApiKeys,
} from '../api-keys/index';
import { type Audit, createAudit } from '../audit/index';
import { type Auth, createAuth } from '../auth/index';
import type { Config } from '../config';
import { carriesEmbedToken, createEmbedGuard, embedTokenRoutes } from '../embed-tokens/index';
import type { IdentifyCredential } from '../http/rate-limits';
import type { Mailer } from '../mail/mailer';
import type { Store } from '../store/port';
import { createTeams, type Teams } from '../teams/index';
import { type BillingProvider, createUsage, type Usage } from '../usage/index';

export interface AccessDeps {
  store: Store;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** The billing provider plan changes go through; default: applied at once (self-hosted). */
  billing?: BillingProvider;
  /**
   * How a person is identified, given the accounts module's requireUser (which the app uses as it is). A test
   * app passes a stand-in that also accepts its identity headers; everything after it is the app's own path.
   */
  identifyUser?: (requireUser: RequestHandler) => RequestHandler;
  /**
   * How a recent sign-in is required, given the accounts module's requireRecentAuth: a test app passes a stand-in
   * that lets its test identities (who have no session) through, as people who just signed in.
   */
  requireRecentAuth?: (requireRecentAuth: RequestHandler) => RequestHandler;
}

/** What a team-scoped feature puts in front of its routes: who calls, for which team, with which permission. */
export interface TeamGuards {
  /** A person's session or a team's API key (see Access.authenticate). */
  authenticate: RequestHandler;
  /** Resolves the acting team into res.locals.team (teams.actingTeam). */
  actingTeam: RequestHandler;
  /** 403 forbidden unless the acting role has the permission. */
  requirePermission(permission: Permission): RequestHandler;
}

export interface Access {
  auth: Auth;
  usage: Usage;
  audit: Audit;
  teams: Teams;
  apiKeys: ApiKeys;
  /**
   * A person's session, a team's API key (`Bearer qk_…`) or an embed token (`Bearer qe_…`, checked by the embed
   * guard): every request a key or an embed token makes counts against the team's monthly API calls (402 once
   * they are used up).
   */
  authenticate: RequestHandler;
  /**
   * Mounted app-wide after the body parsers and before every route: a request with an embed token is refused
   * unless its route is in the embed allow-list (embed-tokens/scope.ts), its permissions and templates allow it
   * and its origin is one its key names; other requests pass untouched.
   */
  embedGuard: RequestHandler;
  /** A team's API key only, not metered: for /mcp, whose REST calls are each counted already. */
  authenticateKey: RequestHandler;
  /**
   * The credential a request carries, checked without a write (`user:<id>` for a session token whose signature
   * verifies, `key:<id>` for a live API key, and the minter's for a live embed token), else undefined: what the
   * app's request limit counts against.
   */
  identifyCredential: IdentifyCredential;
  team: TeamGuards;
  /**
   * Mounts the access routes: /v1/auth, /v1/profile, /v1/team, /v1/teams, /v1/invitations, /v1/api-keys,
   * /v1/embed-tokens, /v1/usage, /v1/subscription and /v1/audit-log.
   */
  mount(app: Router): void;
}

/**
 * Accounts, usage, the audit log, teams and API keys, wired once: the app and every feature's test app are
 * built on this, so a test reaches a feature through the same authentication, metering and team resolution.
 * Opens its collections, so it is awaited at start-up.
 */
export async function createAccess(deps: AccessDeps): Promise<Access> {
  const { store, mailer, config, logger, now } = deps;
  const features = { store, mailer, config, logger, now };
  const auth = await createAuth(features);
  const usage = await createUsage({ ...features, reading: config.reportsReading });
  const audit = await createAudit(features);
  // The key authenticator needs only the store, so it comes first: teams take it, and api-keys take teams.actingTeam.
  const authenticateKey = await createApiKeyAuthenticator(features);
  const requireUser = deps.identifyUser ? deps.identifyUser(auth.requireUser) : auth.requireUser;
  /** Runs a credential check, then the meter once the check let the request through (it throws otherwise). */
  const metered =
    (check: RequestHandler): RequestHandler =>
    async (req, res, next) => {
      let authenticated = false;
      await check(req, res, () => {
        authenticated = true;
      });
      if (authenticated) await usage.meterApiCall(req, res, next);
    };
  const embed = await createEmbedGuard({ ...features, corsOrigins: config.corsOrigins });
  const userOrKey = authenticateUserOrApiKey(requireUser, metered(authenticateKey));
  const embedToken = metered(embed.authenticate);
  // Returned, so that Express 5 sees the rejection of an async authenticator and passes it to the error handler.
  const authenticate: RequestHandler = (req, res, next) =>
    carriesEmbedToken(req) ? embedToken(req, res, next) : userOrKey(req, res, next);
  // Removing a member revokes the API keys they created; keys whose creator left before that are revoked now.
  const keyRevoker = await createApiKeyRevoker({ ...features, audit });
  const orphaned = await keyRevoker.revokeOrphanedKeys();
  if (orphaned > 0) logger.info({ revoked: orphaned }, 'revoked API keys whose creator is no longer in their team');
  const teams = await createTeams({ ...features, authenticate, audit, onMemberRemoved: keyRevoker.revokeKeysOfMember });
  const team: TeamGuards = { authenticate, actingTeam: teams.actingTeam, requirePermission: teams.requirePermission };
  const { router: usageRouter, subscriptionRouter } = usage.routes({ ...team, audit, billing: deps.billing });
  const requireRecentAuth = deps.requireRecentAuth
    ? deps.requireRecentAuth(auth.requireRecentAuth)
    : auth.requireRecentAuth;
  const apiKeys = await createApiKeys({ ...features, ...team, requireRecentAuth, audit });
  const apiKeyOf = await createApiKeyIdentifier(features);
  const embedTokens = await embedTokenRoutes({ ...features, ...team });
  const identifyCredential: IdentifyCredential = async (req) => {
    if (carriesEmbedToken(req)) return embed.identify(req);
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!token) return undefined;
    const keyId = await apiKeyOf(token);
    if (keyId) return `key:${keyId}`;
    const userId = auth.subjectOf(token);
    return userId && `user:${userId}`;
  };
  return {
    auth,
    usage,
    audit,
    teams,
    apiKeys,
    authenticate,
    authenticateKey,
    embedGuard: embed.guard,
    identifyCredential,
    team,
    mount(app) {
      app.use('/v1/auth', auth.router);
      app.use('/v1/profile', auth.profileRouter);
      app.use('/v1/team', teams.router);
      app.use('/v1/teams', teams.teamsRouter);
      app.use('/v1/invitations', teams.invitationsRouter);
      app.use('/v1/api-keys', apiKeys.router);
      app.use('/v1/embed-tokens', embedTokens);
      app.use('/v1/usage', usageRouter);
      app.use('/v1/subscription', subscriptionRouter);
      app.use('/v1/audit-log', audit.routes(team));
    },
  };
}
