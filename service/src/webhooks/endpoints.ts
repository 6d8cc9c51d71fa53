import { QuireError, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE, WebhookEventType } from '@quire/core';
import { type Response, Router } from 'express';
import { z } from 'zod';
import { newId } from '../crypto/ids';
import { teamOf } from '../http/caller';
import { ListQuery, mapPage, paginate } from '../http/pagination';
import { attemptDelivery } from './deliver';
import { eventBody, newDelivery } from './deliveries';
import { deliveryView, endpointView, type Keyring, type TeamSigningSecret, type WebhookEndpoint } from './model';
import type { RouteDeps } from './route-deps';
import { DEFAULT_OVERLAP_SECONDS, ensureTeamSecret, freshKeyring, previousExpiry, rotatedKeyring } from './secrets';
import { assertWebhookUrl } from './urls';

/** Each endpoint gets every event it subscribes to: a cap keeps one report from fanning out without bound. */
export const MAX_ENDPOINTS_PER_TEAM = 20;

const Url = z.string().trim().min(1).max(2048).describe('The http(s) URL events are POSTed to');
const Events = z
  .array(WebhookEventType)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .describe('The events to send; default: all of them (`report.completed` and `report.failed`)');
const Description = z.string().trim().max(500).describe('A note for people: what receives these events');

export const CreateWebhookEndpointBody = z
  .object({
    url: Url,
    events: Events.optional(),
    description: Description.optional(),
    enabled: z.boolean().optional().describe('Default true'),
  })
  .strict();

export const UpdateWebhookEndpointBody = z
  .object({
    url: Url.optional(),
    events: Events.optional(),
    description: Description.nullable().optional().describe('null removes it'),
    enabled: z.boolean().optional(),
  })
  .strict();

export const RotateWebhookSecretBody = z
  .object({
    overlap_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60 * 60)
      .optional()
      .describe(
        'How long the replaced secret keeps signing alongside the new one (default 86400, a day; at most a week). ' +
          '0 drops it at once, for a secret that leaked.',
      ),
  })
  .strict();

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** The URL without its query and fragment, for the audit log: a query string may carry a receiver's token. */
function auditUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** Routes under /v1/webhook-endpoints: endpoints, their secrets, tests, and the team's own signing secret. */
export function endpointRoutes(deps: RouteDeps): Router {
  const { collections, box, policy, now, audit } = deps;
  const { endpoints, teamSecrets } = collections;
  const router = Router();
  // Endpoints and secrets: webhooks:manage (owners and admins), people or API keys of such a role (see README).
  router.use(deps.authenticate, deps.actingTeam, deps.requirePermission('webhooks:manage'), deps.idempotency);

  const record = (res: Response, action: string, target: { type: string; id: string }, details = {}) =>
    audit.record({ teamId: teamOf(res).id, actor: audit.actorOf(res), action, target, details });

  async function endpointOf(res: Response, id: string): Promise<WebhookEndpoint> {
    const endpoint = await endpoints.findOne({ id, teamId: teamOf(res).id });
    // Another team's endpoint answers as one that does not exist: ids cannot be probed.
    if (!endpoint) throw new QuireError('webhook_endpoint_not_found');
    return endpoint;
  }

  /**
   * Rotates a keyring with a compare-and-set on the sealed current secret: of two rotations at once, the second
   * starts again from the first's result, so no secret shown to a caller is silently overwritten.
   */
  async function rotate<T extends Keyring & { id: string }>(
    load: () => Promise<T>,
    save: (current: T, next: Keyring, at: Date) => Promise<T | undefined>,
    overlapSeconds: number,
  ) {
    for (let attempt = 0; ; attempt++) {
      const current = await load();
      const at = now();
      const rotated = rotatedKeyring(current, box, at, overlapSeconds);
      const saved = await save(current, rotated.keyring, at);
      if (saved) return { saved, secret: rotated.secret, previousExpiresAt: rotated.previousExpiresAt };
      if (attempt >= 4) throw new Error('The secret changed under every rotation attempt');
    }
  }

  const teamSecretView = (record: TeamSigningSecret) => ({
    object: 'webhook_signing_secret' as const,
    secret: box.open(record.secret),
    created_at: record.createdAt,
    rotated_at: record.rotatedAt,
    previous_secret_expires_at: previousExpiry(record, now()),
  });

  // The team's own signing secret, for report requests' webhook_url. Before /:id, which would take its name.
  router.get('/team-secret', async (_req, res) => {
    const team = teamOf(res);
    const { record: secret, created } = await ensureTeamSecret(collections, box, team.id, now());
    if (created) await record(res, 'webhook_signing_secret.created', { type: 'webhook_signing_secret', id: secret.id });
    res.json(teamSecretView(secret));
  });

  router.post('/team-secret/rotate', async (req, res) => {
    const { overlap_seconds: overlap = DEFAULT_OVERLAP_SECONDS } = RotateWebhookSecretBody.parse(req.body ?? {});
    const team = teamOf(res);
    const { saved, secret } = await rotate(
      async () => (await ensureTeamSecret(collections, box, team.id, now())).record,
      (current, next, at) =>
        teamSecrets.updateOne(
          { id: current.id, secret: current.secret },
          { set: { ...next, rotatedAt: at.toISOString() } },
        ),
      overlap,
    );
    await record(
      res,
      'webhook_signing_secret.rotated',
      { type: 'webhook_signing_secret', id: saved.id },
      { overlap_seconds: overlap },
    );
    res.json({ ...teamSecretView(saved), secret });
  });

  router.post('/', async (req, res) => {
    const body = CreateWebhookEndpointBody.parse(req.body ?? {});
    const team = teamOf(res);
    const url = await assertWebhookUrl(body.url, policy);
    if ((await endpoints.count({ teamId: team.id })) >= MAX_ENDPOINTS_PER_TEAM) {
      throw new QuireError('validation_failed', {
        message: `A team can have at most ${MAX_ENDPOINTS_PER_TEAM} webhook endpoints.`,
      });
    }
    const { secret, keyring } = freshKeyring(box);
    const at = now().toISOString();
    const endpoint = await endpoints.insert({
      id: newId('we'),
      teamId: team.id,
      url,
      events: unique(body.events ?? WEBHOOK_EVENT_TYPES),
      description: body.description || null,
      enabled: body.enabled ?? true,
      ...keyring,
      createdAt: at,
      updatedAt: at,
      secretRotatedAt: null,
    });
    await record(
      res,
      'webhook_endpoint.created',
      { type: 'webhook_endpoint', id: endpoint.id },
      { url: auditUrl(url), events: endpoint.events, enabled: endpoint.enabled },
    );
    // The only time the endpoint's secret is shown: it is stored sealed, and rotating is the way to a new one.
    res.status(201).json({ ...endpointView(endpoint), secret, previous_secret_expires_at: null });
  });

  router.get('/', async (req, res) => {
    const query = ListQuery.parse(req.query);
    res.json(mapPage(await paginate(endpoints, { teamId: teamOf(res).id }, query), endpointView));
  });

  router.get('/:id', async (req, res) => {
    res.json(endpointView(await endpointOf(res, req.params.id as string)));
  });

  router.patch('/:id', async (req, res) => {
    const body = UpdateWebhookEndpointBody.parse(req.body ?? {});
    const endpoint = await endpointOf(res, req.params.id as string);
    const set: Partial<WebhookEndpoint> = { updatedAt: now().toISOString() };
    if (body.url !== undefined) set.url = await assertWebhookUrl(body.url, policy);
    if (body.events !== undefined) set.events = unique(body.events);
    if (body.description !== undefined) set.description = body.description || null;
    if (body.enabled !== undefined) set.enabled = body.enabled;
    const updated = await endpoints.updateOne({ id: endpoint.id, teamId: endpoint.teamId }, { set });
    if (!updated) throw new QuireError('webhook_endpoint_not_found');
    await record(
      res,
      'webhook_endpoint.updated',
      { type: 'webhook_endpoint', id: endpoint.id },
      {
        changed: Object.keys(body).sort(),
        ...(set.url ? { url: auditUrl(set.url) } : {}),
        ...(set.enabled === undefined ? {} : { enabled: set.enabled }),
      },
    );
    res.json(endpointView(updated));
  });

  router.delete('/:id', async (req, res) => {
    const endpoint = await endpointOf(res, req.params.id as string);
    await endpoints.deleteOne(endpoint.id);
    await record(
      res,
      'webhook_endpoint.deleted',
      { type: 'webhook_endpoint', id: endpoint.id },
      { url: auditUrl(endpoint.url) },
    );
    res.json({ ...endpointView(endpoint), deleted: true });
  });

  router.post('/:id/rotate-secret', async (req, res) => {
    const { overlap_seconds: overlap = DEFAULT_OVERLAP_SECONDS } = RotateWebhookSecretBody.parse(req.body ?? {});
    const id = req.params.id as string;
    const { saved, secret, previousExpiresAt } = await rotate(
      () => endpointOf(res, id),
      (current, next, at) =>
        endpoints.updateOne(
          { id: current.id, teamId: current.teamId, secret: current.secret },
          { set: { ...next, secretRotatedAt: at.toISOString(), updatedAt: at.toISOString() } },
        ),
      overlap,
    );
    await record(
      res,
      'webhook_endpoint.secret_rotated',
      { type: 'webhook_endpoint', id: saved.id },
      { overlap_seconds: overlap },
    );
    res.json({ ...endpointView(saved), secret, previous_secret_expires_at: previousExpiresAt });
  });

  // One webhook.test event to this endpoint, sent now (no retries): the answer says how the receiver took it.
  router.post('/:id/test', async (req, res) => {
    const endpoint = await endpointOf(res, req.params.id as string);
    const at = now();
    const eventId = newId('evt');
    const object = {
      object: 'webhook_test',
      endpoint_id: endpoint.id,
      message: 'A test event from Quire. Verify its Quire-Signature header, then answer with any 2xx status.',
    };
    const delivery = await collections.deliveries.insert(
      newDelivery(
        {
          teamId: endpoint.teamId,
          reportId: null,
          endpointId: endpoint.id,
          url: endpoint.url,
          eventId,
          type: WEBHOOK_TEST_EVENT_TYPE,
          body: eventBody(eventId, WEBHOOK_TEST_EVENT_TYPE, at.toISOString(), object),
        },
        at,
      ),
    );
    const result = await attemptDelivery(delivery, deps.deliver);
    const settled = result.ok
      ? result.delivery
      : await collections.deliveries.updateOne(
          { id: delivery.id, state: 'pending' },
          { set: { state: 'failed', nextAttemptAt: null, updatedAt: now().toISOString() } },
        );
    res.json(deliveryView(settled ?? delivery));
  });

  return router;
}
