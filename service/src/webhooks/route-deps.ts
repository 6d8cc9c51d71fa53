import type { Permission } from '@quire/core';
import type { RequestHandler } from 'express';
import type { Audit } from '../audit/index';
import type { SecretBox } from '../crypto/secret-box';
import type { JobQueue } from '../jobs/queue';
import type { OutboundPolicy } from '../outbound/guard';
import type { DeliverDeps } from './deliver';
import type { WebhookCollections } from './model';

/** What the two routers are built from (index.ts assembles it). */
export interface RouteDeps {
  collections: WebhookCollections;
  box: SecretBox;
  policy: OutboundPolicy;
  now: () => Date;
  audit: Audit;
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  idempotency: RequestHandler;
  /** The webhook queue, for manual retries. */
  queue: JobQueue;
  maxAttempts: number;
  /** Wakes the delivery worker (when it runs in this process). */
  notify: () => void;
  deliver: DeliverDeps;
}
