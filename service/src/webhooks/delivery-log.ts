import { QuireError } from '@quire/core';
import { type Response, Router } from 'express';
import { z } from 'zod';
import { teamOf } from '../http/caller';
import { ListQuery, mapPage, paginate } from '../http/pagination';
import type { Filter } from '../store/port';
import { enqueueDelivery } from './deliveries';
import { deliveryView, type WebhookDelivery } from './model';
import type { RouteDeps } from './route-deps';

export const ListWebhookDeliveriesQuery = ListQuery.extend({
  report_id: z.string().min(1).max(100).optional().describe("Only this report's deliveries: its delivery log"),
  endpoint_id: z.string().min(1).max(100).optional().describe("Only this endpoint's deliveries"),
  state: z.enum(['pending', 'succeeded', 'failed']).optional().describe('Only deliveries in this state'),
});

/**
 * Routes under /v1/webhook-deliveries: the delivery log (anyone who may read reports: it holds no secret) and
 * manual retries (webhooks:manage).
 */
export function deliveryLogRoutes(deps: RouteDeps): Router {
  const { collections, now, queue, maxAttempts, notify, audit } = deps;
  const { deliveries } = collections;
  const router = Router();
  router.use(deps.authenticate, deps.actingTeam);

  async function deliveryOf(res: Response, id: string): Promise<WebhookDelivery> {
    const delivery = await deliveries.findOne({ id, teamId: teamOf(res).id });
    if (!delivery) throw new QuireError('not_found', { message: 'No such webhook delivery.' });
    return delivery;
  }

  router.get('/', deps.requirePermission('reports:read'), async (req, res) => {
    const query = ListWebhookDeliveriesQuery.parse(req.query);
    const filter: Filter = { teamId: teamOf(res).id };
    if (query.report_id) filter.reportId = query.report_id;
    if (query.endpoint_id) filter.endpointId = query.endpoint_id;
    if (query.state) filter.state = query.state;
    res.json(mapPage(await paginate(deliveries, filter, query), deliveryView));
  });

  router.get('/:id', deps.requirePermission('reports:read'), async (req, res) => {
    res.json(deliveryView(await deliveryOf(res, req.params.id as string)));
  });

  // Sends a settled delivery again, with a fresh round of attempts; its earlier attempts stay in the log.
  router.post('/:id/retry', deps.requirePermission('webhooks:manage'), deps.idempotency, async (req, res) => {
    const delivery = await deliveryOf(res, req.params.id as string);
    const pending = new QuireError('validation_failed', {
      param: 'id',
      message: 'This delivery is still being attempted: retry it once it has failed (or succeeded).',
    });
    if (delivery.state === 'pending') throw pending;
    const at = now().toISOString();
    // Conditional on the state read: of two retries at once, one reopens the delivery and the other is refused.
    const reopened = await deliveries.updateOne(
      { id: delivery.id, teamId: delivery.teamId, state: delivery.state },
      { set: { state: 'pending', nextAttemptAt: at, updatedAt: at } },
    );
    if (!reopened) throw pending;
    await enqueueDelivery(queue, reopened, maxAttempts);
    notify();
    await audit.record({
      teamId: delivery.teamId,
      actor: audit.actorOf(res),
      action: 'webhook_delivery.retried',
      target: { type: 'webhook_delivery', id: delivery.id },
      details: { event_id: delivery.eventId, previous_state: delivery.state },
    });
    res.status(202).json(deliveryView(reopened));
  });

  return router;
}
