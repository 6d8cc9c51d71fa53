import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type {
  AuditEntry,
  AuditLogListParams,
  Plan,
  Starter,
  StarterSummary,
  SubscriptionChangeParams,
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
  /** Every plan, with its price, limits and features, as one page (a public route: `apiKey: null` will do). */
  list(options?: RequestOptions): PagePromise<Plan> {
    return this._list('/v1/plans', undefined, options);
  }
}

export class Subscription extends APIResource {
  get(options?: RequestOptions): Promise<SubscriptionObject> {
    return this._get('/v1/subscription', undefined, options);
  }

  /** Moves the team to another plan (a person with billing:manage): `change({ plan: 'professional' })`. */
  change(body: SubscriptionChangeParams, options?: RequestOptions): Promise<SubscriptionObject> {
    return this._post('/v1/subscription', body, options, false);
  }
}

export class Starters extends APIResource {
  /**
   * The starter templates, as one page (a public route: `apiKey: null` will do); create a template from one with
   * `{ starter_id }`.
   */
  list(options?: RequestOptions): PagePromise<StarterSummary> {
    return this._list('/v1/starters', undefined, options);
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
