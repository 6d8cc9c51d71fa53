import { Liquid, type Template as LiquidTemplate, toValue } from 'liquidjs';
import type { TemplateError } from '../errors/quire-error';
import { toTemplateError } from './errors';
import { accelerateOutputs } from './fast-output';
import { barChartFilter, lineChartFilter, pieChartFilter } from './filters/charts';
import { barcode, qr } from './filters/codes';
import { avg, groupBy, max, min, sortBy, sum, where } from './filters/collections';
import { date } from './filters/dates';
import { money, number, percent } from './filters/numbers';
import { titlecase } from './filters/text';
import { assertLiquidNesting } from './nesting';

/** Bounds on one parse and one render of an untrusted template. */
export interface TemplateLimits {
  /** Characters of template source, partials included, parsed at once. */
  parseChars: number;
  /** Milliseconds one render may take. */
  renderMs: number;
  /** Characters (and array slots) one render may allocate through filters, loops and ranges. */
  memory: number;
}

export const DEFAULT_TEMPLATE_LIMITS: Readonly<TemplateLimits> = Object.freeze({
  parseChars: 1_000_000,
  renderMs: 1_500,
  memory: 64_000_000,
});

export interface TemplateEngineOptions {
  /** BCP 47 locale for money, numbers, percentages and dates. Default `en-US`. */
  locale?: string;
  /** IANA time zone for dates. Default `UTC`. */
  timeZone?: string;
  /** ISO 4217 code used by `money` when a template gives none. Default `USD`. */
  currency?: string;
  limits?: Partial<TemplateLimits>;
  /** The only templates `{% render %}` and `{% include %}` can reach; nothing is read from disk. */
  partials?: Record<string, string>;
  /** The clock behind `date` of "now". */
  now?: () => Date;
}

/** A parsed template, reusable across renders. */
export interface CompiledTemplate {
  readonly source: string;
  readonly templates: LiquidTemplate[];
}

export interface TemplateEngine {
  /** The configured LiquidJS instance (for static analysis). */
  readonly liquid: Liquid;
  readonly limits: Readonly<TemplateLimits>;
  /** Parses a template; throws a TemplateError with line and column on a syntax error. */
  parse(source: string): CompiledTemplate;
  /** Renders synchronously (the fast path). Throws a TemplateError. */
  render(template: string | CompiledTemplate, data: Record<string, unknown>): string;
  /** Renders without holding the event loop for the whole render. Rejects with a TemplateError. */
  renderAsync(template: string | CompiledTemplate, data: Record<string, unknown>): Promise<string>;
}

export type { TemplateError };

const PARSE_CACHE_SIZE = 64;

/**
 * A LiquidJS set up for untrusted templates: own properties only, bounded parse, render time and memory, no
 * file system (only registered partials), unknown filters rejected, output HTML-escaped unless `| raw`.
 */
export function createTemplateEngine(options: TemplateEngineOptions = {}): TemplateEngine {
  const limits: TemplateLimits = { ...DEFAULT_TEMPLATE_LIMITS, ...options.limits };
  const settings = {
    locale: options.locale ?? 'en-US',
    timeZone: options.timeZone ?? 'UTC',
    currency: options.currency ?? 'USD',
    now: options.now ?? (() => new Date()),
  };
  const liquid = new Liquid({
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    outputEscape: 'escape',
    templates: { ...options.partials },
    relativeReference: false,
    parseLimit: limits.parseChars,
    renderLimit: limits.renderMs,
    memoryLimit: limits.memory,
    timezoneOffset: settings.timeZone,
  });
  registerQuireFilters(liquid, settings);

  const cache = new Map<string, CompiledTemplate>();

  function parse(source: string): CompiledTemplate {
    const hit = cache.get(source);
    if (hit) return hit;
    let templates: LiquidTemplate[];
    try {
      // Checked before LiquidJS parses, since its parser recurses into each block (a source over the length limit
      // is refused by the parser at once).
      if (source.length <= limits.parseChars) assertLiquidNesting(liquid, source);
      templates = liquid.parse(source);
      accelerateOutputs(templates);
    } catch (error) {
      throw toTemplateError(error, 'parse', limits);
    }
    const compiled = { source, templates };
    if (cache.size >= PARSE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, compiled);
    return compiled;
  }

  const compiled = (template: string | CompiledTemplate) => (typeof template === 'string' ? parse(template) : template);

  return {
    liquid,
    limits,
    parse,
    render(template, data) {
      const { templates } = compiled(template);
      try {
        return liquid.renderSync(templates, data) as string;
      } catch (error) {
        throw toTemplateError(error, 'render', limits);
      }
    },
    async renderAsync(template, data) {
      const { templates } = compiled(template);
      try {
        return (await liquid.render(templates, data)) as string;
      } catch (error) {
        throw toTemplateError(error, 'render', limits);
      }
    },
  };
}

export interface FilterSettings {
  locale: string;
  timeZone: string;
  currency: string;
  now: () => Date;
}

/** Adds Quire's report filters to a LiquidJS instance. */
export function registerQuireFilters(liquid: Liquid, settings: FilterSettings): void {
  // Liquid literals such as `nil` and `empty` arrive as drops; Quire's filters see plain values.
  const plain =
    (handler: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) =>
      handler(...args.map((arg) => toValue(arg)));
  const filters: Record<string, (...args: never[]) => unknown> = {
    money: money(settings),
    number: number(settings),
    percent: percent(settings),
    date: date(settings),
    titlecase,
    sum,
    avg,
    min,
    max,
    sort_by: sortBy,
    group_by: groupBy,
    where,
  };
  for (const [name, handler] of Object.entries(filters)) {
    liquid.registerFilter(name, plain(handler as (...args: unknown[]) => unknown));
  }
  // Their output is markup for the PDF engine, so it is not escaped again.
  liquid.registerFilter('qr', { handler: plain(qr as (...args: unknown[]) => unknown), raw: true });
  liquid.registerFilter('barcode', { handler: plain(barcode as (...args: unknown[]) => unknown), raw: true });
  const charts = { bar_chart: barChartFilter, line_chart: lineChartFilter, pie_chart: pieChartFilter };
  for (const [name, chart] of Object.entries(charts)) {
    liquid.registerFilter(name, { handler: plain(chart(settings) as (...args: unknown[]) => unknown), raw: true });
  }
}
