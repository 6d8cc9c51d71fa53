import { toValue } from 'liquidjs';
import { badArgument, describe, isBlank, readPath } from './arguments';
import { parseHexColor, type Scale, stepDecimals } from './chart-scale';
import {
  barChart,
  type ChartData,
  type ChartFormat,
  type ChartLook,
  emptyChart,
  lineChart,
  pieChart,
} from './chart-svg';
import { formatter, type NumberSettings } from './numbers';

type ChartKind = 'bar' | 'line' | 'pie';

// Past these a chart is unreadable on a page (and a pie's legend longer than the page): an error says so.
const MAX_POINTS: Record<ChartKind, number> = { bar: 100, line: 1000, pie: 20 };
const MAX_SERIES: Record<ChartKind, number> = { bar: 6, line: 6, pie: 1 };
const SIZES: Record<ChartKind, { width: number; height: number; minWidth: number; minHeight: number }> = {
  bar: { width: 480, height: 240, minWidth: 160, minHeight: 120 },
  line: { width: 480, height: 240, minWidth: 160, minHeight: 120 },
  pie: { width: 480, height: 220, minWidth: 240, minHeight: 100 },
};
const OPTIONS = ['width', 'height', 'title', 'color', 'format', 'currency', 'values', 'empty'] as const;
type OptionName = (typeof OPTIONS)[number];
const FORMATS = ['number', 'money', 'percent'] as const;
const DEFAULT_COLOR = '#2b6cb0';

/** LiquidJS hands keyword arguments (`width: 480`) to a filter as `[name, value]` pairs after the positional ones. */
function splitArguments(
  filter: string,
  args: unknown[],
): { properties: string[]; options: Partial<Record<OptionName, unknown>> } {
  const properties: string[] = [];
  const options: Partial<Record<OptionName, unknown>> = {};
  for (const arg of args) {
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') {
      const name = arg[0] as OptionName;
      if (!OPTIONS.includes(name)) {
        throw badArgument(filter, `unknown option "${arg[0]}"; the options are ${OPTIONS.join(', ')}`);
      }
      options[name] = toValue(arg[1]);
      continue;
    }
    if (Object.keys(options).length > 0) {
      throw badArgument(filter, 'the property names come before the options (width:, title:, ...)');
    }
    if (typeof arg !== 'string' || arg.trim() === '') {
      throw badArgument(filter, `a property name must be text such as "revenue", got ${describe(arg)}`);
    }
    properties.push(arg.trim());
  }
  return { properties, options };
}

function sizeOption(filter: string, name: 'width' | 'height', value: unknown, min: number, fallback: number): number {
  if (isBlank(value)) return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min || n > 2000) {
    throw badArgument(filter, `${name} must be a whole number of pixels from ${min} to 2000, got ${describe(value)}`);
  }
  return n;
}

function lookOf(filter: string, kind: ChartKind, options: Partial<Record<OptionName, unknown>>): ChartLook {
  const size = SIZES[kind];
  const color = isBlank(options.color) ? DEFAULT_COLOR : String(options.color);
  if (!parseHexColor(color)) {
    throw badArgument(filter, `color must be a hex colour such as "#1f4e79", got ${describe(options.color)}`);
  }
  if (!isBlank(options.values) && typeof options.values !== 'boolean') {
    throw badArgument(filter, `values must be true or false, got ${describe(options.values)}`);
  }
  return {
    width: sizeOption(filter, 'width', options.width, size.minWidth, size.width),
    height: sizeOption(filter, 'height', options.height, size.minHeight, size.height),
    ...(isBlank(options.title) ? {} : { title: String(options.title) }),
    color,
    ...(typeof options.values === 'boolean' ? { values: options.values } : {}),
    empty: isBlank(options.empty) ? 'No data' : String(options.empty),
  };
}

function formatOf(
  filter: string,
  settings: NumberSettings,
  options: Partial<Record<OptionName, unknown>>,
  data: ChartData,
): ChartFormat {
  const style = isBlank(options.format) ? 'number' : String(options.format);
  if (!(FORMATS as readonly string[]).includes(style)) {
    throw badArgument(filter, `format must be ${FORMATS.join(', ')}, got ${describe(options.format)}`);
  }
  const currency = isBlank(options.currency) ? settings.currency : String(options.currency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw badArgument(filter, `currency must be a code such as "USD", got ${describe(options.currency)}`);
  }
  const base: Intl.NumberFormatOptions =
    style === 'money' ? { style: 'currency', currency } : style === 'percent' ? { style: 'percent' } : {};
  const make = (extra: Intl.NumberFormatOptions) => formatter(filter, settings.locale, { ...base, ...extra });
  // Whole amounts print without cents on a chart, where .00 on every bar is noise.
  const whole = data.series.every((s) => s.values.every(Number.isInteger));
  const full = make(
    style === 'number'
      ? { maximumFractionDigits: 2 }
      : style === 'percent'
        ? { maximumFractionDigits: 1 }
        : whole
          ? { minimumFractionDigits: 0, maximumFractionDigits: 0 }
          : {},
  );
  const share = formatter(filter, settings.locale, { style: 'percent', maximumFractionDigits: 1 });
  const noNegativeZero = (n: number) => (Object.is(n, -0) ? 0 : n);
  return {
    value: (n) => full.format(noNegativeZero(n)),
    tick: (n: number, scale: Scale) => {
      const largest = Math.max(Math.abs(scale.min), Math.abs(scale.max));
      // Axis labels of large amounts in the compact form a reader expects there: 120K, $1.5M.
      if (style !== 'percent' && largest >= 10_000) {
        return make({ notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(
          noNegativeZero(n),
        );
      }
      const decimals = Math.max(0, stepDecimals(scale.step) - (style === 'percent' ? 2 : 0));
      return make({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(noNegativeZero(n));
    },
    share: (fraction) => share.format(fraction),
  };
}

/** `new_customers` → `New customers`: a series' name in a legend, from its property's last step. */
function seriesName(path: string): string {
  const words = (path.split('.').pop() as string).replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function numberAt(filter: string, value: unknown, where: string): number {
  let n: number | undefined;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value.trim().replace(/,/g, ''));
  if (n === undefined || !Number.isFinite(n)) throw badArgument(filter, `${where} is ${describe(value)}, not a number`);
  // Past this, sums and ranges of values lose whole units (or overflow), and no axis can print them.
  if (Math.abs(n) > Number.MAX_SAFE_INTEGER) throw badArgument(filter, `${where} is ${n}, too large to chart`);
  return n;
}

/** The labels and series of a list of objects (label and value properties named) or of numbers (none named). */
function readData(filter: string, kind: ChartKind, list: unknown, properties: string[]): ChartData {
  if (isBlank(list)) return { labels: [], series: [] };
  if (!Array.isArray(list)) throw badArgument(filter, `expects a list of objects or numbers, got ${describe(list)}`);
  if (list.length > MAX_POINTS[kind]) {
    throw badArgument(filter, `a ${kind} chart shows at most ${MAX_POINTS[kind]} items; this list has ${list.length}`);
  }
  if (properties.length === 0) {
    const values = list.map((item, i) => {
      if (item !== null && typeof item === 'object') {
        throw badArgument(
          filter,
          `item ${i + 1} is an object: name its label and value properties, as in ${filter}: "month", "revenue"`,
        );
      }
      return numberAt(filter, item, `item ${i + 1}`);
    });
    return { labels: values.map((_, i) => String(i + 1)), series: [{ name: 'Value', values }] };
  }
  const [labelProperty, ...valueProperties] = properties as [string, ...string[]];
  if (valueProperties.length === 0) {
    throw badArgument(
      filter,
      `name the value property after the label property: ${filter}: "${labelProperty}", "amount"`,
    );
  }
  if (valueProperties.length > MAX_SERIES[kind]) {
    throw badArgument(
      filter,
      kind === 'pie'
        ? 'a pie shows one value property; draw several pies, or a bar chart, for more'
        : `a ${kind} chart shows at most ${MAX_SERIES[kind]} value properties`,
    );
  }
  const labels: string[] = [];
  const series = valueProperties.map((path) => ({ name: seriesName(path), values: [] as number[] }));
  list.forEach((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw badArgument(filter, `item ${i + 1} is ${describe(item)}, not an object with "${labelProperty}"`);
    }
    const label = readPath(item, labelProperty);
    if (isBlank(label)) throw badArgument(filter, `item ${i + 1} has no "${labelProperty}"`);
    if (typeof label === 'object') {
      throw badArgument(filter, `item ${i + 1}'s "${labelProperty}" is ${describe(label)}, not a label`);
    }
    labels.push(String(label));
    valueProperties.forEach((path, s) => {
      const value = readPath(item, path);
      if (isBlank(value)) throw badArgument(filter, `item ${i + 1} has no "${path}"`);
      (series[s] as ChartData['series'][number]).values.push(numberAt(filter, value, `item ${i + 1}'s "${path}"`));
    });
  });
  return { labels, series };
}

function chart(kind: ChartKind, settings: NumberSettings) {
  const filter = `${kind}_chart`;
  return (list: unknown, ...args: unknown[]): string => {
    const { properties, options } = splitArguments(filter, args);
    const look = lookOf(filter, kind, options);
    const data = readData(filter, kind, list, properties);
    const format = formatOf(filter, settings, options, data);
    const title = `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
    if (data.labels.length === 0) return emptyChart(look, title);
    if (kind === 'pie') {
      const values = (data.series[0] as ChartData['series'][number]).values;
      const negative = values.findIndex((v) => v < 0);
      if (negative >= 0) {
        throw badArgument(
          filter,
          `item ${negative + 1} is ${values[negative]}; a pie cannot show negative values (use bar_chart)`,
        );
      }
      // Nothing to divide: the chart says so rather than drawing an empty circle.
      if (values.every((v) => v === 0)) return emptyChart(look, title);
      return pieChart(data, look, format);
    }
    return kind === 'bar' ? barChart(data, look, format) : lineChart(data, look, format);
  };
}

/** `{{ sales | bar_chart: "month", "revenue", title: "Revenue" }}`: an inline SVG bar chart of the list. */
export const barChartFilter = (settings: NumberSettings) => chart('bar', settings);
/** `{{ sales | line_chart: "month", "revenue", "costs" }}`: an inline SVG line chart, a line per value property. */
export const lineChartFilter = (settings: NumberSettings) => chart('line', settings);
/** `{{ budget | pie_chart: "category", "amount" }}`: an inline SVG pie with a legend of values and shares. */
export const pieChartFilter = (settings: NumberSettings) => chart('pie', settings);
