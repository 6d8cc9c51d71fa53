import { type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import { newId } from '../crypto/ids';
import { teamOf } from '../http/caller';
import { ListQuery, mapPage, paginate } from '../http/pagination';
import type { Store } from '../store/port';

/** Who did something: a signed-in user, an API key, or the service itself (a start-up clean-up, `id: quire`). */
export interface Actor {
  type: 'user' | 'api_key' | 'system';
  id: string;
}

export interface AuditEntry {
  id: string;
  teamId: string;
  actor: Actor;
  /** `resource.verb`: `api_key.created`, `member.removed`, `plan.changed`, `data_source.updated`... */
  action: string;
  target: { type: string; id: string };
  /** What changed, never a secret. */
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AuditDeps {
  store: Store;
  now: () => Date;
}

export interface AuditRoutesDeps {
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: 'audit:read'): RequestHandler;
}

export interface Audit {
  /** Mount at /v1/audit-log: owners and admins read their team's entries. Built after the teams module. */
  routes(deps: AuditRoutesDeps): Router;
  /** Records one entry; features call it after the sensitive change succeeded. */
  record(entry: Omit<AuditEntry, 'id' | 'createdAt'>): Promise<void>;
  /** The actor of a request: the API key when one authenticated it, else the signed-in user. */
  actorOf(res: Response): Actor;
}

export const AuditQuery = ListQuery.extend({
  action: z.string().max(100).optional().describe('Only entries with this action, e.g. `api_key.created`'),
});

export function auditEntryView(entry: AuditEntry) {
  return {
    object: 'audit_entry' as const,
    id: entry.id,
    action: entry.action,
    actor: entry.actor,
    target: entry.target,
    details: entry.details,
    created_at: entry.createdAt,
  };
}

export function actorOf(res: Response): Actor {
  const key = res.locals.apiKey as { id: string } | undefined;
  if (key) return { type: 'api_key', id: key.id };
  const user = res.locals.user as { id: string } | undefined;
  return { type: 'user', id: user?.id ?? 'unknown' };
}

/** The audit log: an append-only record of sensitive actions (keys, members, plan, data sources), per team. */
export async function createAudit(deps: AuditDeps): Promise<Audit> {
  const entries = await deps.store.collection<AuditEntry>({ name: 'audit_log', indexes: [['teamId', 'createdAt']] });
  return {
    routes(r) {
      const router = Router();
      router.use(r.authenticate, r.actingTeam, r.requirePermission('audit:read'));
      router.get('/', async (req, res) => {
        const query = AuditQuery.parse(req.query);
        const filter = { teamId: teamOf(res).id, ...(query.action ? { action: query.action } : {}) };
        res.json(mapPage(await paginate(entries, filter, query), auditEntryView));
      });
      return router;
    },
    actorOf,
    async record(entry) {
      await entries.insert({ ...entry, id: newId('aud'), createdAt: deps.now().toISOString() });
    },
  };
}
