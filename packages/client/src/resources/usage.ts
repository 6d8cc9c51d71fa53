import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type {
  AuditEntry,
  AuditLogListParams,
  List,
  Plan,
  PlanId,
  Starter,
  StarterSummary,
  Subscription as SubscriptionObject,
  Usage as UsageObject,
} from '../types';

export class Usage extends APIResource {
  /** The team's plan, what it uses of each limit this month, and the month. */
  get(options?: RequestOptions): Promise<UsageObject> {
    return this._get('/v1/usage', undefined, options);
  }
}

export class Plans extends APIResource {
  /** Every plan, with its price, limits and features (no key needed). */
  list(options?: RequestOptions): Promise<List<Plan>> {
    return this._get('/v1/plans', undefined, options);
  }
}

export class Subscription extends APIResource {
  get(options?: RequestOptions): Promise<SubscriptionObject> {
    return this._get('/v1/subscription', undefined, options);
  }

  /** Moves the team to another plan (a person with billing:manage). */
  change(plan: PlanId, options?: RequestOptions): Promise<SubscriptionObject> {
    return this._post('/v1/subscription', { plan }, options, false);
  }
}

export class Starters extends APIResource {
  /** The starter templates (no key needed); create a template from one with `{ starter_id }`. */
  list(options?: RequestOptions): Promise<List<StarterSummary>> {
    return this._get('/v1/starters', undefined, options);
  }

  get(id: string, options?: RequestOptions): Promise<Starter> {
    return this._get(path`/v1/starters/${id}`, undefined, options);
  }
}

export class AuditLog extends APIResource {
  /** Sensitive actions (keys, members, plan, data sources), newest first; owners and admins. */
  list(query?: AuditLogListParams, options?: RequestOptions): PagePromise<AuditEntry> {
    return this._list('/v1/audit-log', query, options);
  }
}
