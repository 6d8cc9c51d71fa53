import type { Role } from '@quire/core';
import { startAccessApp } from '../../__fixtures__/access-app';
import type { RequestInit } from '../../__fixtures__/actors';
import type { FeatureDeps } from '../../__fixtures__/feature-app';
import type { TestUser } from '../../__fixtures__/test-identity';
import { createIdempotency } from '../../http/idempotency';
import { listRoutes, type RouteInfo } from '../../http/routes';
import { createWebhooks, type Webhooks } from '../index';

export interface WebhooksApp {
  url: string;
  deps: FeatureDeps;
  webhooks: Webhooks;
  routes: RouteInfo[];
  /** Fetch as a user (test identity headers), optionally acting for a team and with extra headers. */
  as(user: TestUser, path: string, init?: RequestInit): Promise<Response>;
  /** Fetch as a program with `Authorization: Bearer <key>`. */
  withKey(secret: string, path: string, init?: RequestInit): Promise<Response>;
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  close(): Promise<void>;
}

/**
 * The webhooks routers behind the app's access layer (teams, API keys, audit), with the real idempotency, job
 * queue and delivery worker, on the real embedded store, on loopback. `env` reaches the config
 * (QUIRE_OUTBOUND_ALLOW, QUIRE_WEBHOOK_RETRY_BASE_MS).
 */
export async function startWebhooksApp(env: Record<string, string>): Promise<WebhooksApp> {
  let webhooks: Webhooks | undefined;
  const feature = await startAccessApp({
    name: 'webhooks',
    env,
    async mount(app, { store, config, logger, now }, { team, audit }) {
      const idempotency = await createIdempotency({ store, now, secret: config.secret });
      webhooks = await createWebhooks({ store, logger, now, config, ...team, audit, idempotency });
      webhooks.start();
      app.use('/v1/webhook-endpoints', webhooks.router);
      app.use('/v1/webhook-deliveries', webhooks.deliveriesRouter);
    },
  });
  const started = webhooks as Webhooks;
  const { actors } = feature;
  return {
    url: feature.url,
    deps: feature.deps,
    webhooks: started,
    routes: listRoutes(feature.app),
    as: actors.fetch,
    withKey: actors.fetch,
    addMember: actors.addMember,
    async close() {
      await started.stop();
      await feature.close();
    },
  };
}
