import {
  getPlan,
  listPlans,
  type Plan,
  type PlanFeatures,
  PlanId,
  type PlanLimitName,
  QuireError,
  type ReportsReading,
} from '@quire/core';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Audit } from '../audit/index';
import { type ActingTeam, requireSignedInUser, teamOf, userOf } from '../http/caller';
import type { Store } from '../store/port';
import { openTeamCollections } from '../teams/index';
import { type BillingProvider, immediateBilling } from './billing';
import { periodBounds, periodOf } from './period';

export { type BillingProvider, immediateBilling, type PlanChange, type PlanChangeResult } from './billing';
export { periodBounds, periodOf } from './period';

/** Monthly counters of one team: `<teamId>:<YYYY-MM>`. */
export interface UsageCounter {
  id: string;
  teamId: string;
  period: string;
  /** Reports rendered (failed renders are given back). */
  reports: number;
  /** Requests authenticated by an API key. */
  api_calls: number;
  /** AI generations and conversation turns (absent on counters made before AI existed: read as 0). */
  ai_requests?: number;
}

/** The counters a plan caps per month, by the plan limit they count against. */
const METERED = {
  reports_per_month: 'reports',
  api_calls_per_month: 'api_calls',
  ai_requests_per_month: 'ai_requests',
} as const;
export type MeteredLimit = keyof typeof METERED;
/** Limits on what a team has at once (counted by the feature that owns the things). */
export type CountedLimit = Exclude<PlanLimitName, MeteredLimit>;

export interface UsageDeps {
  store: Store;
  logger: Logger;
  now: () => Date;
  /** Which of the seed's two readings of monthly reports applies (see @quire/core's plans). */
  reading?: ReportsReading;
}

/** What the routes need; they come after the meter, which the API key authenticator itself uses. */
export interface UsageRoutesDeps {
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: 'usage:read' | 'billing:manage'): RequestHandler;
  audit: Audit;
  billing?: BillingProvider;
}

export interface Usage {
  /** GET /v1/usage (mount at /v1/usage) and GET, POST /v1/subscription (mount at /v1/subscription). */
  routes(deps: UsageRoutesDeps): { router: Router; subscriptionRouter: Router };
  /** The plan a team is on now (read from the store, so a change applies to requests already in flight). */
  planOf(teamId: string): Promise<Plan>;
  /**
   * Takes `amount` units of a monthly limit atomically, or throws 402 plan_limit_exceeded when they do not fit:
   * two concurrent requests never both take the last unit.
   */
  consume(team: Pick<ActingTeam, 'id'>, limit: MeteredLimit, amount?: number): Promise<void>;
  /** Gives units back (a report that failed to render does not count). */
  refund(team: Pick<ActingTeam, 'id'>, limit: MeteredLimit, amount?: number): Promise<void>;
  /** Throws 402 plan_limit_exceeded unless `adding` more fit next to `current` (templates, members). */
  assertRoom(team: Pick<ActingTeam, 'id'>, limit: CountedLimit, current: number, adding?: number): Promise<void>;
  /** Throws 402 plan_feature_unavailable unless the team's plan includes the feature (MCP access). */
  assertFeature(team: Pick<ActingTeam, 'id'>, feature: 'mcp' | 'ai_generation'): Promise<void>;
  /** After authenticateApiKey: counts the request against api_calls_per_month (402 once the month's are used). */
  meterApiCall: RequestHandler;
  /** What GET /v1/usage answers for a team. */
  summary(teamId: string): Promise<UsageSummary>;
}

export interface UsageSummary {
  object: 'usage';
  plan: PlanId;
  period: { start: string; end: string };
  usage: Record<PlanLimitName, { used: number; limit: number }>;
  features: PlanFeatures;
}

export const SubscriptionBody = z.object({
  plan: PlanId.describe('The plan to move the team to'),
});

/** The error of a reached limit: 402 with the limit, what is used and the plan, so a client can offer the upgrade. */
export function planLimitError(plan: Plan, limit: PlanLimitName, used: number): QuireError {
  return new QuireError('plan_limit_exceeded', {
    message: `Your ${plan.name} plan allows ${plan.limits[limit]} ${LIMIT_NOUNS[limit]}. Upgrade your plan to continue.`,
    details: { limit: plan.limits[limit], used, plan: plan.id, resource: limit },
  });
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One limit a smaller plan cannot hold, in words: what the team has, what the plan allows, what to remove. */
function downgradeSentence(to: Plan, resource: CountedLimit, used: number, limit: number, pending: number): string {
  const over = used - limit;
  if (resource === 'templates') {
    return `Your team has ${plural(used, 'template', 'templates')} and the ${to.name} plan allows ${limit}: delete ${plural(over, 'template', 'templates')} before moving to ${to.name}.`;
  }
  const seats =
    pending > 0
      ? `${plural(used, 'seat', 'seats')} in use (members and pending invitations)`
      : plural(used, 'member', 'members');
  return `Your team has ${seats} and the ${to.name} plan allows ${plural(limit, 'member', 'members')}: remove ${over} before moving to ${to.name}.`;
}

const LIMIT_NOUNS: Record<PlanLimitName, string> = {
  templates: 'templates',
  reports_per_month: 'reports per month',
  api_calls_per_month: 'API calls per month',
  ai_requests_per_month: 'AI requests per month',
  members: 'members',
};

/** Plans, usage counters and the subscription: limits are enforced where things are made, counted here. */
export async function createUsage(deps: UsageDeps): Promise<Usage> {
  const { store, now, logger } = deps;
  const reading = deps.reading ?? 'table';
  const counters = await store.collection<UsageCounter>({ name: 'usage_counters', indexes: ['teamId'] });
  const { teams, memberships, invitations } = await openTeamCollections(store);
  const templates = await store.collection<{ id: string; teamId: string; deletedAt?: string }>({
    name: 'templates',
    indexes: [['teamId', 'createdAt']],
  });

  async function planOf(teamId: string): Promise<Plan> {
    const team = await teams.get(teamId);
    return getPlan(team?.plan ?? 'free', reading);
  }

  async function counter(teamId: string): Promise<UsageCounter> {
    const period = periodOf(now());
    const id = `${teamId}:${period}`;
    // A read first: every request made with a key comes here, and the counter exists for all but the month's first.
    const existing = await counters.get(id);
    if (existing?.ai_requests !== undefined) return existing;
    const found = await counters.upsert({ id }, { id, teamId, period, reports: 0, api_calls: 0, ai_requests: 0 }, {});
    if (found.ai_requests !== undefined) return found;
    // A counter made before AI requests were metered: give it the field, so conditional increments can match it.
    return (await counters.updateOne({ id, ai_requests: { $exists: false } }, { set: { ai_requests: 0 } })) ?? found;
  }

  async function consume(team: Pick<ActingTeam, 'id'>, limit: MeteredLimit, amount = 1): Promise<void> {
    const plan = await planOf(team.id);
    const field = METERED[limit];
    const current = await counter(team.id);
    const cap = plan.limits[limit];
    // Conditional increment: only applies while the counter leaves room, so the check and the take are one write.
    const taken = await counters.updateOne(
      { id: current.id, [field]: { $lte: cap - amount } },
      { inc: { [field]: amount } },
    );
    if (!taken) {
      const latest = (await counters.get(current.id)) ?? current;
      throw planLimitError(plan, limit, latest[field] ?? 0);
    }
  }

  async function refund(team: Pick<ActingTeam, 'id'>, limit: MeteredLimit, amount = 1): Promise<void> {
    const field = METERED[limit];
    const current = await counter(team.id);
    await counters.updateOne({ id: current.id, [field]: { $gte: amount } }, { inc: { [field]: -amount } });
  }

  async function assertRoom(team: Pick<ActingTeam, 'id'>, limit: CountedLimit, current: number, adding = 1) {
    const plan = await planOf(team.id);
    if (current + adding > plan.limits[limit]) throw planLimitError(plan, limit, current);
  }

  async function assertFeature(team: Pick<ActingTeam, 'id'>, feature: 'mcp' | 'ai_generation') {
    const plan = await planOf(team.id);
    if (!plan.includes[feature]) {
      throw new QuireError('plan_feature_unavailable', {
        message: `Your ${plan.name} plan does not include ${feature === 'mcp' ? 'MCP access' : 'AI generation'}. Upgrade your plan to use it.`,
        details: { feature, plan: plan.id },
      });
    }
  }

  const meterApiCall: RequestHandler = async (_req, res, next) => {
    // A program's call: an API key's, or an embed token's (a builder in another app is that app's program).
    if (res.locals.apiKey !== undefined || res.locals.embed !== undefined) {
      await consume(teamOf(res), 'api_calls_per_month');
    }
    next();
  };

  async function summary(teamId: string): Promise<UsageSummary> {
    const plan = await planOf(teamId);
    const current = await counter(teamId);
    const [templateCount, memberCount] = await Promise.all([
      templates.count({ teamId, deletedAt: { $exists: false } }),
      memberships.count({ teamId }),
    ]);
    const used: Record<PlanLimitName, number> = {
      templates: templateCount,
      reports_per_month: current.reports,
      api_calls_per_month: current.api_calls,
      ai_requests_per_month: current.ai_requests ?? 0,
      members: memberCount,
    };
    const usage = Object.fromEntries(
      (Object.keys(used) as PlanLimitName[]).map((name) => [name, { used: used[name], limit: plan.limits[name] }]),
    ) as UsageSummary['usage'];
    return { object: 'usage', plan: plan.id, period: periodBounds(current.period), usage, features: plan.includes };
  }

  /**
   * Refuses a plan that cannot hold what the team has now: its templates, and its seats (active members and
   * invitations that can still be accepted, as inviting counts them). Monthly counters do not block a change.
   */
  async function assertFits(teamId: string, to: Plan): Promise<void> {
    const [templateCount, active, pending] = await Promise.all([
      templates.count({ teamId, deletedAt: { $exists: false } }),
      memberships.count({ teamId, status: 'active' }),
      invitations.count({ teamId, status: 'pending', expiresAt: { $gt: now().toISOString() } }),
    ]);
    const exceeded: { resource: CountedLimit; used: number; limit: number }[] = [];
    if (templateCount > to.limits.templates) {
      exceeded.push({ resource: 'templates', used: templateCount, limit: to.limits.templates });
    }
    if (active + pending > to.limits.members) {
      exceeded.push({ resource: 'members', used: active + pending, limit: to.limits.members });
    }
    if (exceeded.length === 0) return;
    throw new QuireError('plan_downgrade_blocked', {
      message: exceeded.map((e) => downgradeSentence(to, e.resource, e.used, e.limit, pending)).join(' '),
      details: { plan: to.id, exceeded },
    });
  }

  function routes(r: UsageRoutesDeps) {
    const billing = r.billing ?? immediateBilling;
    const { audit } = r;
    const router = Router();
    router.get('/', r.authenticate, r.actingTeam, r.requirePermission('usage:read'), async (_req, res) => {
      res.json(await summary(teamOf(res).id));
    });

    const subscriptionRouter = Router();
    subscriptionRouter.use(r.authenticate, r.actingTeam);
    subscriptionRouter.get('/', r.requirePermission('usage:read'), async (_req, res) => {
      const plan = await planOf(teamOf(res).id);
      res.json({
        object: 'subscription',
        plan: plan.id,
        status: 'active',
        provider: billing.name,
        plans: listPlans(reading),
      });
    });
    // Changing the plan needs a person with billing:manage (owner or admin): a key cannot spend the team's money.
    subscriptionRouter.post('/', requireSignedInUser, r.requirePermission('billing:manage'), async (req, res) => {
      const { plan: to } = SubscriptionBody.parse(req.body ?? {});
      const team = teamOf(res);
      const from = (await planOf(team.id)).id;
      if (to !== from) await assertFits(team.id, getPlan(to, reading));
      const user = userOf(res);
      let result: Awaited<ReturnType<BillingProvider['changePlan']>>;
      try {
        result = await billing.changePlan({ teamId: team.id, from, to, actorId: user.id });
      } catch (error) {
        logger.warn({ err: error, team_id: team.id }, 'billing provider refused a plan change');
        throw new QuireError('billing_provider_error', { cause: error });
      }
      if (result.status === 'active' && from !== to) {
        await teams.updateOne({ id: team.id }, { set: { plan: to } });
        await audit.record({
          teamId: team.id,
          actor: audit.actorOf(res),
          action: 'plan.changed',
          target: { type: 'team', id: team.id },
          details: { from, to, provider: billing.name },
        });
      }
      res.json({
        object: 'subscription',
        plan: result.status === 'active' ? to : from,
        status: result.status,
        provider: billing.name,
        ...(result.checkoutUrl ? { checkout_url: result.checkoutUrl } : {}),
      });
    });

    return { router, subscriptionRouter };
  }

  return { routes, planOf, consume, refund, assertRoom, assertFeature, meterApiCall, summary };
}
