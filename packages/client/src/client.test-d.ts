// Type tests (tsc checks them; nothing runs): the shape of the client's methods.
import type { ApiKey, Invitation, Member, PagePromise, Plan, Quire, StarterSummary } from '@quire/client';
import { describe, expectTypeOf, it } from 'vitest';

declare const quire: Quire;
// The object types named Team and Subscription: '@quire/client' exports those names for the resources' classes.
type Team = Awaited<ReturnType<Quire['team']['get']>>;
type Subscription = Awaited<ReturnType<Quire['subscription']['get']>>;

describe('the client', () => {
  it('answers a PagePromise from every list()', () => {
    expectTypeOf(quire.apiKeys.list()).toEqualTypeOf<PagePromise<ApiKey>>();
    expectTypeOf(quire.team.list()).toEqualTypeOf<PagePromise<Team>>();
    expectTypeOf(quire.team.members.list()).toEqualTypeOf<PagePromise<Member | Invitation>>();
    expectTypeOf(quire.plans.list()).toEqualTypeOf<PagePromise<Plan>>();
    expectTypeOf(quire.starters.list()).toEqualTypeOf<PagePromise<StarterSummary>>();
  });

  it('takes the plan of a subscription change in a body, as every other method takes its own', () => {
    expectTypeOf(quire.subscription.change({ plan: 'professional' })).toEqualTypeOf<Promise<Subscription>>();
    // @ts-expect-error a bare plan id is not a body
    quire.subscription.change('professional');
  });

  it('takes null as the API key of a client for the public routes', () => {
    expectTypeOf<ConstructorParameters<typeof Quire>[0]>().toMatchTypeOf<{ apiKey?: string | null } | undefined>();
  });
});
