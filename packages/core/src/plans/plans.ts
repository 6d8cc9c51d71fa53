import {
  Plan,
  type PlanFeatures,
  type PlanFonts,
  type PlanId,
  type PlanLimitName,
  type PlanLimits,
  type PlanRendering,
} from './plan.schema';

/**
 * The seed lists monthly reports twice and the two listings disagree. `table` (the pricing table, our default)
 * reads Free 50, Starter 250, Professional 1,000, Enterprise 5,000; `listing` (a separate feature listing) reads
 * Starter 500, Professional 5,000, Enterprise 50,000 and gives no figure for Free, so Free keeps 50 there.
 */
export const REPORTS_PER_MONTH_READINGS = {
  table: { free: 50, starter: 250, professional: 1_000, enterprise: 5_000 },
  listing: { free: 50, starter: 500, professional: 5_000, enterprise: 50_000 },
} as const satisfies Record<string, Record<PlanId, number>>;
export type ReportsReading = keyof typeof REPORTS_PER_MONTH_READINGS;

function plan(
  id: PlanId,
  name: string,
  price: number,
  description: string,
  limits: Omit<PlanLimits, 'reports_per_month'>,
  rendering: PlanRendering,
  fonts: PlanFonts,
  includes: PlanFeatures,
  extraFeatures: string[],
  popular = false,
): (reading: ReportsReading) => Plan {
  return (reading) => {
    const reports = REPORTS_PER_MONTH_READINGS[reading][id];
    const fmt = (n: number) => n.toLocaleString('en-US');
    return Plan.parse({
      id,
      name,
      price_usd_monthly: price,
      description,
      features: [
        `${fmt(limits.templates)} templates`,
        `${fmt(reports)} reports per month`,
        `${fmt(limits.api_calls_per_month)} API calls per month`,
        limits.members === 1 ? '1 team member' : `${fmt(limits.members)} team members`,
        'AI template generation',
        `${fmt(limits.ai_requests_per_month)} AI requests per month`,
        ...extraFeatures,
      ],
      cta: 'Get Started',
      popular,
      limits: { ...limits, reports_per_month: reports },
      rendering,
      fonts,
      includes,
    });
  };
}

const MB = 1024 * 1024;

/** A plan's render figures: renders at once, seconds per render, PDF pages, PDF megabytes, HTML megabytes. */
const rendering = (
  concurrent: number,
  seconds: number,
  pdfPages: number,
  pdfMb: number,
  htmlMb: number,
): PlanRendering => ({
  concurrent_renders: concurrent,
  render_time_limit_ms: seconds * 1000,
  pdf_max_pages: pdfPages,
  pdf_max_bytes: pdfMb * MB,
  html_max_bytes: htmlMb * MB,
});

/**
 * A plan's font figures: families kept, megabytes of one face, megabytes of all faces. Our figures: the seed says
 * nothing about fonts. A Latin font's face is 50–600 KB; a CJK face 5–20 MB, which Professional and up can hold.
 */
const fonts = (families: number, faceMb: number, totalMb: number): PlanFonts => ({
  families,
  face_max_bytes: faceMb * MB,
  total_max_bytes: totalMb * MB,
});

const PLAN_BUILDERS = [
  plan(
    'free',
    'Free',
    0,
    'For trying Quire and small side projects.',
    { templates: 2, api_calls_per_month: 500, members: 1, ai_requests_per_month: 30 },
    rendering(1, 10, 100, 10, 5),
    fonts(2, 2, 8),
    { ai_generation: true, mcp: false, api: 'basic', priority_support: false, custom_integrations: false },
    ['Basic API access'],
  ),
  plan(
    'starter',
    'Starter',
    29,
    'For individuals shipping reports in production.',
    { templates: 5, api_calls_per_month: 1_500, members: 1, ai_requests_per_month: 150 },
    rendering(2, 20, 300, 25, 10),
    fonts(5, 5, 25),
    { ai_generation: true, mcp: true, api: 'basic', priority_support: false, custom_integrations: false },
    ['MCP access'],
  ),
  plan(
    'professional',
    'Professional',
    79,
    'For small teams that report every day.',
    { templates: 20, api_calls_per_month: 6_000, members: 3, ai_requests_per_month: 600 },
    rendering(4, 30, 1_000, 50, 25),
    fonts(20, 20, 100),
    { ai_generation: true, mcp: true, api: 'advanced', priority_support: true, custom_integrations: false },
    ['Advanced API access', 'MCP access', 'Priority support'],
    true,
  ),
  plan(
    'enterprise',
    'Enterprise',
    499,
    'For organisations with high volumes and their own systems.',
    { templates: 100, api_calls_per_month: 50_000, members: 50, ai_requests_per_month: 5_000 },
    rendering(8, 60, 5_000, 100, 50),
    fonts(100, 20, 500),
    { ai_generation: true, mcp: true, api: 'advanced', priority_support: true, custom_integrations: true },
    ['Advanced API access', 'MCP access', 'Priority support', 'Custom integrations'],
  ),
];

/** The four plans, cheapest first. */
export function listPlans(reading: ReportsReading = 'table'): Plan[] {
  return PLAN_BUILDERS.map((build) => build(reading));
}

export const PLANS: readonly Plan[] = Object.freeze(listPlans('table'));
export const DEFAULT_PLAN_ID: PlanId = 'free';

export function getPlan(id: PlanId, reading: ReportsReading = 'table'): Plan {
  const found = listPlans(reading).find((p) => p.id === id);
  if (!found) throw new RangeError(`Unknown plan ${id}`);
  return found;
}

/** Whether one more unit fits under a plan's limit, given what is already used. */
export function withinLimit(plan: Plan, limit: PlanLimitName, used: number, adding = 1): boolean {
  return used + adding <= plan.limits[limit];
}
