import { z } from 'zod';

export const PlanId = z.enum(['free', 'starter', 'professional', 'enterprise']);
export type PlanId = z.infer<typeof PlanId>;

/** Countable limits, per team. Monthly ones reset on the first day of each calendar month in UTC. */
export const PlanLimits = z
  .object({
    templates: z.number().int().nonnegative(),
    reports_per_month: z.number().int().nonnegative(),
    api_calls_per_month: z.number().int().nonnegative().describe('Requests made with API keys'),
    ai_requests_per_month: z
      .number()
      .int()
      .nonnegative()
      .describe('AI generations and conversation turns (Quire’s choice: the product description gives no figure)'),
    members: z.number().int().positive(),
  })
  .strict();
export type PlanLimits = z.infer<typeof PlanLimits>;
export type PlanLimitName = keyof PlanLimits;

/** Switches a plan turns on or off. */
export const PlanFeatures = z
  .object({
    ai_generation: z.boolean(),
    mcp: z.boolean(),
    api: z.enum(['basic', 'advanced']),
    priority_support: z.boolean(),
    custom_integrations: z.boolean(),
  })
  .strict();
export type PlanFeatures = z.infer<typeof PlanFeatures>;

/**
 * How much of the render workers a team may use, and how large and long one render may be. Quire's own figures:
 * the product description gives none. Not counted per month: they bound each render.
 */
export const PlanRendering = z
  .object({
    concurrent_renders: z
      .number()
      .int()
      .positive()
      .describe('Renders of the team that run at once on one service process (reports and previews each)'),
    render_time_limit_ms: z
      .number()
      .int()
      .positive()
      .describe('The longest one render may run; it is then stopped with render_timeout'),
    pdf_max_pages: z.number().int().positive().describe('Pages of one PDF'),
    pdf_max_bytes: z.number().int().positive().describe('Bytes of one PDF'),
    html_max_bytes: z.number().int().positive().describe('Bytes of one HTML or email report'),
  })
  .strict();
export type PlanRendering = z.infer<typeof PlanRendering>;

/**
 * The font families a team may upload (`/v1/fonts`) and how large they may be. Quire's own figures: the product
 * description says nothing about fonts. Not counted per month: they bound what the team keeps.
 */
export const PlanFonts = z
  .object({
    families: z.number().int().nonnegative().describe('Font families the team may keep'),
    face_max_bytes: z.number().int().positive().describe('Bytes of one face (normal, bold, italics or bolditalics)'),
    total_max_bytes: z.number().int().positive().describe('Bytes of all the team’s faces together'),
  })
  .strict();
export type PlanFonts = z.infer<typeof PlanFonts>;
/** The name of a font limit, as `resource` of a 402 plan_limit_exceeded. */
export type PlanFontLimitName = `font_${keyof PlanFonts}`;

export const Plan = z
  .object({
    id: PlanId,
    name: z.string(),
    price_usd_monthly: z.number().nonnegative(),
    description: z.string(),
    features: z.array(z.string()).describe('Lines of the pricing card'),
    cta: z.string(),
    popular: z.boolean(),
    limits: PlanLimits,
    rendering: PlanRendering,
    fonts: PlanFonts,
    includes: PlanFeatures,
  })
  .strict();
export type Plan = z.infer<typeof Plan>;
