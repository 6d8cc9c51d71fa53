// Type tests (tsc checks them; nothing runs): the shape of the client's methods.
import type {
  AiGenerateParams,
  ApiKey,
  Invitation,
  Member,
  PagePromise,
  Plan,
  Quire,
  StarterSummary,
  SubscriptionObject,
  TeamObject,
  UsageObject,
} from '@quire/client';
import { describe, expectTypeOf, it } from 'vitest';

declare const quire: Quire;
// '@quire/client' exports the names Team, Usage and Subscription for the resources' classes, and the data types
// as TeamObject, UsageObject and SubscriptionObject.
type Team = TeamObject;
type Subscription = SubscriptionObject;

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

  it('exports the data types the resources answer under their own names', () => {
    expectTypeOf(quire.team.get()).toEqualTypeOf<Promise<TeamObject>>();
    expectTypeOf(quire.usage.get()).toEqualTypeOf<Promise<UsageObject>>();
    expectTypeOf(quire.subscription.get()).toEqualTypeOf<Promise<SubscriptionObject>>();
  });

  it('writes a template from a sentence alone, or with one hint about the data', () => {
    expectTypeOf<{ prompt: string }>().toMatchTypeOf<AiGenerateParams>();
    expectTypeOf<{ prompt: string; data_sample: { n: number } }>().toMatchTypeOf<AiGenerateParams>();
    // @ts-expect-error two hints at once
    const both: AiGenerateParams = { prompt: 'x', data_sample: {}, data_source_id: 'ds_1' };
    void both;
  });

  it('takes null as the API key of a client for the public routes', () => {
    expectTypeOf<ConstructorParameters<typeof Quire>[0]>().toMatchTypeOf<{ apiKey?: string | null } | undefined>();
  });
});
