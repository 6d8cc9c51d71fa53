import type { TemplateEngine } from '@quire/core';

export interface FilterDoc {
  name: string;
  /** Its arguments, as the completion's detail: `money: currency?, locale?`. */
  signature: string;
  /** One line on what it does. */
  info: string;
}

/** Quire's report filters, as @quire/core's README documents them. */
const QUIRE_FILTERS: Record<string, Omit<FilterDoc, 'name'>> = {
  money: { signature: 'currency?, locale?', info: 'A price: {{ 1234.5 | money: "EUR", "de-DE" }} → 1.234,50 €' },
  number: { signature: 'decimals?, locale?', info: 'A number with grouping: {{ 1234.567 | number: 2 }} → 1,234.57' },
  percent: { signature: 'decimals?, locale?', info: 'A share as a percentage: {{ 0.125 | percent: 1 }} → 12.5%' },
  date: {
    signature: 'format?, time_zone?, locale?',
    info: 'A date: strftime (%-d %B %Y) or short, medium, long, full, time, datetime, iso',
  },
  default: { signature: 'value', info: 'A value to print when this one is blank' },
  json: { signature: 'indent?', info: 'The value as JSON: {{ data | json | raw }}' },
  titlecase: { signature: '', info: 'Capitalises words: annual report → Annual Report' },
  truncate: { signature: 'length, ellipsis?', info: 'Shortens text to a length' },
  sum: { signature: 'property?', info: 'The sum of a list, or of a property of its items' },
  avg: { signature: 'property?', info: 'The average of a list, or of a property of its items' },
  min: { signature: 'property?', info: 'The smallest value of a list' },
  max: { signature: 'property?', info: 'The largest value of a list' },
  sort_by: { signature: 'property, "asc"|"desc"', info: 'Sorts a list by a property; blanks last' },
  group_by: { signature: 'property', info: 'Groups a list: [{ name, items, size }]; assign it, then loop' },
  where: { signature: 'property, value?', info: 'The items whose property equals the value (or is truthy)' },
  qr: { signature: 'size?, level?', info: 'A QR code of the value' },
  barcode: { signature: 'type?, height?', info: 'A barcode: code128, code39, ean13, ean8, upca, itf14' },
  bar_chart: {
    signature: 'label, value…, width:, height:, title:, color:, format:',
    info: 'A bar chart of a list as SVG: {{ sales | bar_chart: "month", "revenue", title: "Revenue" }}',
  },
  line_chart: {
    signature: 'label, value…, width:, height:, title:, color:, format:',
    info: 'A line chart of a list as SVG, a line per value property',
  },
  pie_chart: {
    signature: 'label, value, width:, height:, title:, color:, format:',
    info: 'A pie chart of a list as SVG, with a legend of values and shares',
  },
  raw: { signature: '', info: 'Prints the value without HTML escaping (last filter only)' },
};

/**
 * Every filter the engine knows (LiquidJS's standard ones and Quire's), Quire's first with their documentation,
 * so that completions offer exactly what renders.
 */
export function filterDocs(engine: TemplateEngine): FilterDoc[] {
  const registered = Object.keys(engine.liquid.filters);
  const quire = Object.keys(QUIRE_FILTERS).filter((name) => registered.includes(name) || name === 'raw');
  const standard = registered.filter((name) => !(name in QUIRE_FILTERS)).sort();
  return [
    ...quire.map((name) => ({ name, ...(QUIRE_FILTERS[name] as Omit<FilterDoc, 'name'>) })),
    ...standard.map((name) => ({ name, signature: '', info: '' })),
  ];
}
