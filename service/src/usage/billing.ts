import type { PlanId } from '@quire/core';

export interface PlanChange {
  teamId: string;
  from: PlanId;
  to: PlanId;
  /** The user who asked for it. */
  actorId: string;
}

export interface PlanChangeResult {
  /** `active`: the team is on the new plan now. `pending`: the provider will confirm later (e.g. after checkout). */
  status: 'active' | 'pending';
  /** Where the user completes the change with the provider (a hosted checkout page), when it is pending. */
  checkoutUrl?: string;
}

/**
 * The billing provider port. The default applies every change at once: a self-hosted Quire has no one to pay.
 * A hosted deployment plugs in its payment provider here; Quire never shows a card form of its own.
 */
export interface BillingProvider {
  readonly name: string;
  changePlan(change: PlanChange): Promise<PlanChangeResult>;
}

export const immediateBilling: BillingProvider = {
  name: 'self-hosted',
  async changePlan() {
    return { status: 'active' };
  },
};
