import type { Role } from '@quire/core';
import { type FeatureDeps, startFeatureApp } from '../../__fixtures__/feature-app';
import { authenticateUserOrApiKey, createApiKeyAuthenticator, createApiKeys } from '../../api-keys/index';
import { createAudit } from '../../audit/index';
import { createIdempotency } from '../../http/idempotency';
import { listRoutes, type RouteInfo } from '../../http/routes';
import { type TestUser, testHeaderIdentity } from '../../teams/__fixtures__/teams-app';
import { createTeams, openTeamCollections } from '../../teams/index';
import { membershipId } from '../../teams/model';
import { createWebhooks, type Webhooks } from '../index';

export interface WebhooksApp {
  url: string;
  deps: FeatureDeps;
  webhooks: Webhooks;
  routes: RouteInfo[];
  /** Fetch as a user (test identity headers), optionally acting for a team and with extra headers. */
  as(
    user: TestUser,
    path: string,
    init?: { method?: string; body?: unknown; team?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Fetch as a program with `Authorization: Bearer <key>`. */
  withKey(secret: string, path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  close(): Promise<void>;
}

/**
 * The webhooks routers with the real teams, API keys, audit, idempotency, job queue and delivery worker, on the
 * real embedded store, on loopback. `env` reaches the config (QUIRE_OUTBOUND_ALLOW, QUIRE_WEBHOOK_RETRY_BASE_MS).
 */
export async function startWebhooksApp(env: Record<string, string>): Promise<WebhooksApp> {
  let webhooks: Webhooks | undefined;
  const feature = await startFeatureApp({
    name: 'webhooks',
    env,
    async mount(app, { store, mailer, config, logger, now }) {
      const authenticate = authenticateUserOrApiKey(
        testHeaderIdentity,
        await createApiKeyAuthenticator({ store, now }),
      );
      const teams = await createTeams({ store, mailer, config, logger, now, authenticate });
      const team = { authenticate, actingTeam: teams.actingTeam, requirePermission: teams.requirePermission };
      const apiKeys = await createApiKeys({ store, config, logger, now, ...team });
      const audit = await createAudit({ store, now });
      const idempotency = await createIdempotency({ store, now, secret: config.secret });
      webhooks = await createWebhooks({ store, logger, now, config, ...team, audit, idempotency });
      webhooks.start();
      app.use('/v1/team', teams.router);
      app.use('/v1/api-keys', apiKeys.router);
      app.use('/v1/audit-log', audit.routes(team));
      app.use('/v1/webhook-endpoints', webhooks.router);
      app.use('/v1/webhook-deliveries', webhooks.deliveriesRouter);
    },
  });
  const started = webhooks as Webhooks;
  const memberships = (await openTeamCollections(feature.deps.store)).memberships;

  const send = (path: string, headers: Record<string, string>, init: { method?: string; body?: unknown }) => {
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${feature.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };

  return {
    url: feature.url,
    deps: feature.deps,
    webhooks: started,
    routes: listRoutes(feature.app),
    as(user, path, init = {}) {
      const headers: Record<string, string> = { 'X-Test-User': user.id, 'X-Test-Email': user.email, ...init.headers };
      if (init.team) headers['Quire-Team'] = init.team;
      return send(path, headers, init);
    },
    withKey(secret, path, init = {}) {
      return send(path, { Authorization: `Bearer ${secret}` }, init);
    },
    async addMember(teamId, user, role) {
      await memberships.insert({
        id: membershipId(teamId, user.id),
        teamId,
        userId: user.id,
        email: user.email,
        role,
        status: 'active',
        joinedAt: feature.deps.now().toISOString(),
      });
    },
    async close() {
      await started.stop();
      await feature.close();
    },
  };
}
