import { describe, expect, it } from 'vitest';
import { Plan } from './plan.schema';
import { getPlan, listPlans, PLANS, REPORTS_PER_MONTH_READINGS, withinLimit } from './plans';

describe('plans', () => {
  it('match the pricing table of the seed', () => {
    const rows = PLANS.map((p) => [
      p.name,
      p.price_usd_monthly,
      p.limits.templates,
      p.limits.reports_per_month,
      p.limits.api_calls_per_month,
      p.limits.members,
      p.includes.mcp,
    ]);
    expect(rows).toEqual([
      ['Free', 0, 2, 50, 500, 1, false],
      ['Starter', 29, 5, 250, 1_500, 1, true],
      ['Professional', 79, 20, 1_000, 6_000, 3, true],
      ['Enterprise', 499, 100, 5_000, 50_000, 50, true],
    ]);
  });

  it('mark Professional as the popular plan and give every plan a Get Started button', () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['professional']);
    expect(new Set(PLANS.map((p) => p.cta))).toEqual(new Set(['Get Started']));
  });

  it('include AI template generation on every plan and the extras of the seed', () => {
    for (const plan of PLANS) {
      expect(plan.includes.ai_generation).toBe(true);
      expect(plan.features).toContain('AI template generation');
    }
    expect(getPlan('free').includes.api).toBe('basic');
    expect(getPlan('professional').includes).toMatchObject({ api: 'advanced', priority_support: true });
    expect(getPlan('enterprise').includes.custom_integrations).toBe(true);
    expect(getPlan('starter').includes.custom_integrations).toBe(false);
  });

  it('keep the seed second listing of monthly reports as an alternative reading', () => {
    expect(REPORTS_PER_MONTH_READINGS.listing).toEqual({
      free: 50,
      starter: 500,
      professional: 5_000,
      enterprise: 50_000,
    });
    expect(listPlans('listing').map((p) => p.limits.reports_per_month)).toEqual([50, 500, 5_000, 50_000]);
    expect(getPlan('starter', 'listing').features).toContain('500 reports per month');
    expect(getPlan('starter').features).toContain('250 reports per month');
  });

  it('bound each render more loosely the larger the plan', () => {
    const rows = PLANS.map((p) => [
      p.rendering.concurrent_renders,
      p.rendering.render_time_limit_ms,
      p.rendering.pdf_max_pages,
      p.rendering.pdf_max_bytes / 1024 / 1024,
      p.rendering.html_max_bytes / 1024 / 1024,
    ]);
    expect(rows).toEqual([
      [1, 10_000, 100, 10, 5],
      [2, 20_000, 300, 25, 10],
      [4, 30_000, 1_000, 50, 25],
      [8, 60_000, 5_000, 100, 50],
    ]);
    expect(getPlan('starter', 'listing').rendering).toEqual(getPlan('starter').rendering);
  });

  it('let larger plans keep more and larger fonts (our figures: the seed says nothing about fonts)', () => {
    const MB = 1024 * 1024;
    const rows = PLANS.map((p) => [p.fonts.families, p.fonts.face_max_bytes / MB, p.fonts.total_max_bytes / MB]);
    expect(rows).toEqual([
      [2, 2, 8],
      [5, 5, 25],
      [20, 20, 100],
      [100, 20, 500],
    ]);
    for (const plan of PLANS) expect(plan.fonts.face_max_bytes).toBeLessThanOrEqual(plan.fonts.total_max_bytes);
  });

  it('are valid against their schema', () => {
    for (const plan of listPlans()) expect(Plan.parse(plan)).toEqual(plan);
  });

  it('tell whether one more unit fits', () => {
    const free = getPlan('free');
    expect(withinLimit(free, 'templates', 1)).toBe(true);
    expect(withinLimit(free, 'templates', 2)).toBe(false);
    expect(withinLimit(free, 'reports_per_month', 45, 5)).toBe(true);
    expect(withinLimit(free, 'reports_per_month', 45, 6)).toBe(false);
  });
});
