/**
 * The subscription screen's texts. The plans themselves (names, prices, features, "Most Popular") come from the
 * service (GET /v1/plans, seed section 9). No imports: the browser tests import this table.
 */
export const SUBSCRIPTION_TEXT = {
  title: 'Subscription',
  lead: 'Your team’s plan and what it has used this month.',
  usageTitle: 'Usage this month',
  period: (start: string, end: string) => `${start} – ${end}`,
  plansTitle: 'Plans',
  current: 'Current plan',
  popular: 'Most Popular',
  perMonth: '/month',
  choose: (plan: string) => `Switch to ${plan}`,
  confirmTitle: (plan: string) => `Change your plan to ${plan}?`,
  confirmUpgrade: 'The new limits apply at once.',
  confirmDowngrade:
    'The new limits apply at once. What your team used this month still counts against the smaller limits.',
  blockedLead: 'Your team has more than this plan allows:',
  blockedItem: (used: number, noun: string, limit: number) => `${used} ${noun} (the plan allows ${limit})`,
  blockedHint: 'Remove what is over the limit first, then change plan.',
  confirm: 'Change plan',
  changing: 'Changing…',
  cancel: 'Cancel',
  changed: (plan: string) => `Your team is now on the ${plan} plan`,
  pendingCheckout: 'Complete the change with the billing provider.',
  openCheckout: 'Continue to checkout',
  noBilling: 'Only the team’s owner and admins can change its plan.',
  failed: 'The plan could not be changed.',
  loadFailed: 'The subscription could not be loaded.',
} as const;

/** The meters, in the dashboard's order (seed section 9's limits). */
export const USAGE_METERS = [
  { limit: 'templates', label: 'Templates', noun: 'templates' },
  { limit: 'reports_per_month', label: 'Reports this month', noun: 'reports' },
  { limit: 'api_calls_per_month', label: 'API calls this month', noun: 'API calls' },
  { limit: 'ai_requests_per_month', label: 'AI requests this month', noun: 'AI requests' },
  { limit: 'members', label: 'Team members', noun: 'members' },
] as const;
