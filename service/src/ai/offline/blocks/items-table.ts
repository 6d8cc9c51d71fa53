import { term } from '../labels';
import type { ColumnSpec, DocumentSpec, TableSpec } from '../spec';
import { escapeHtml, snake } from '../text';
import { filtered, ref } from './liquid';
import { labelOf, type Theme } from './theme';

/**
 * The items table: a header row, one row per item (a Liquid for-loop over the data's list) and, when asked, totals:
 * in the table's footer, or in a block below it (right, left, or a box). Sales documents total as subtotal, tax and
 * total (computed once, at the top of the template, so the total can also appear in the parties row), with each
 * line's amount worked out as the data's amount or quantity × price, less a discount column; other documents add
 * up their summable columns.
 */

const NUMERIC = new Set(['money', 'number', 'percent']);

/** Columns that name a row in the catalogue's lists (a dish, a test, a subject): bold, like a description. */
const NAMING = new Set(['dish', 'test', 'subject', 'ingredient', 'medication', 'session', 'activity', 'specification']);

/** Column weights: names and descriptions get room, numbers little. */
function weight(column: ColumnSpec): number {
  if (['description', 'item', 'product', 'service', 'task'].includes(column.concept ?? '')) return 4;
  if (NAMING.has(column.concept ?? '')) return 3;
  switch (column.type) {
    case 'text':
    case 'longtext':
      return 2.2;
    case 'email':
    case 'url':
      return 2.6;
    case 'date':
      return 1.7;
    case 'money':
      return 1.7;
    case 'percent':
      return 1.2;
    default:
      return 1.1;
  }
}

export function columnWidths(columns: ColumnSpec[]): number[] {
  const weights = columns.map(weight);
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => Math.floor((w / total) * 1000) / 10);
  return widths;
}

export interface SalesTotals {
  /** Liquid that computes q_subtotal, q_tax and q_total. */
  prelude: string;
  /** The column under which the amounts go. */
  amountIndex: number;
  /** Each line has its own tax (a tax column or per-line rates): the tax row shows no single rate. */
  lineTax: boolean;
}

/** Concepts of the columns a line amount is worked out from: how many, and at what price each. */
export const QUANTITY = ['quantity', 'hours', 'days', 'ordered'];
export const PRICE = ['unit_price', 'price', 'rate', 'day_rate'];

/**
 * Liquid that computes one row's amount as `q_line` (and its tax as `q_line_tax` when the table has a tax column or
 * per-line rates): the data's amount, or quantity × price, with each `effect` column subtracted or added (a percent
 * column by that share of the line). Undefined when the table has no amounts.
 */
export function lineLiquid(table: TableSpec): { liquid: string; amountIndex: number; lineTax: boolean } | undefined {
  const cols = table.columns;
  const find = (concepts: string[]) => cols.findIndex((c) => concepts.includes(c.concept ?? ''));
  const at = (i: number) => ref(`${table.item}.${(cols[i] as ColumnSpec).path}`);
  let amountIndex = find(['amount', 'total']);
  if (amountIndex < 0) amountIndex = cols.findIndex((c) => c.type === 'money' && c.sum && !c.computed && !c.effect);
  const qty = find(QUANTITY);
  const price = find(PRICE);
  const amount = cols[amountIndex];
  let base: string;
  if (amount && !amount.computed) base = `${at(amountIndex)} | default: 0`;
  else if (qty >= 0 && price >= 0) base = `${at(qty)} | times: ${at(price)}`;
  else if (price >= 0) base = `${at(price)} | default: 0`;
  else {
    const money = cols.findIndex((c) => c.type === 'money' && !c.computed && !c.effect);
    if (money < 0) return undefined;
    base = `${at(money)} | default: 0`;
    amountIndex = money;
  }
  if (amountIndex < 0) amountIndex = cols.length - 1;
  const parts = [`{% assign q_line = ${base} %}`];
  cols.forEach((c, i) => {
    if (!c.effect) return;
    parts.push(
      c.type === 'percent'
        ? `{% assign q_adj = q_line | times: ${at(i)} %}`
        : `{% assign q_adj = ${at(i)} | default: 0 %}`,
      `{% assign q_line = q_line | ${c.effect === 'subtract' ? 'minus' : 'plus'}: q_adj %}`,
    );
  });
  parts.push('{% assign q_line = q_line | round: 2 %}');
  const rate = find(['tax_rate']);
  const lineTax = rate >= 0 || cols.some((c) => c.computed === 'tax');
  if (lineTax)
    parts.push(
      rate >= 0
        ? `{% assign q_rate = ${at(rate)} | default: 0 %}`
        : `{% assign q_rate = ${table.taxRate ? `${ref(table.taxRate)} | default: 0` : '0'} %}`,
      '{% assign q_line_tax = q_line | times: q_rate | round: 2 %}',
    );
  return { liquid: parts.join(''), amountIndex, lineTax };
}

/** The money column a sales document totals, or how to compute it (quantity × price, with discounts). */
export function salesTotals(table: TableSpec): SalesTotals | undefined {
  const line = lineLiquid(table);
  if (!line) return undefined;
  const item = table.item;
  const taxRate = table.taxRate
    ? `{% assign q_tax_rate = ${ref(table.taxRate)} | default: 0 %}`
    : '{% assign q_tax_rate = 0 %}';
  // With a tax per line the tax is the sum of the lines' (rounded) taxes, so the column and the total agree.
  const prelude = `${taxRate}
{% assign q_subtotal = 0 %}{% assign q_tax = 0 %}
{% for ${item} in ${ref(table.path)} %}${line.liquid}{% assign q_subtotal = q_subtotal | plus: q_line %}${line.lineTax ? '{% assign q_tax = q_tax | plus: q_line_tax %}' : ''}{% endfor %}
{% assign q_subtotal = q_subtotal | round: 2 %}
${line.lineTax ? '{% assign q_tax = q_tax | round: 2 %}' : '{% assign q_tax = q_subtotal | times: q_tax_rate | round: 2 %}'}
{% assign q_total = q_subtotal | plus: q_tax %}`;
  return { prelude, amountIndex: line.amountIndex, lineTax: line.lineTax };
}

/** Liquid that adds up each summable column (q_sum_<name>). */
export function columnSums(table: TableSpec): { prelude: string; sums: Map<number, string> } {
  const sums = new Map<number, string>();
  const lines: string[] = [];
  table.columns.forEach((c, i) => {
    if (!c.sum || !NUMERIC.has(c.type)) return;
    const name = `q_sum_${snake(c.path)}`;
    sums.set(i, name);
    lines.push(
      `{% assign ${name} = 0 %}{% for ${table.item} in ${ref(table.path)} %}{% assign ${name} = ${name} | plus: ${ref(`${table.item}.${c.path}`)} %}{% endfor %}`,
    );
  });
  return { prelude: lines.join('\n'), sums };
}

function cell(column: ColumnSpec, item: string, t: Theme, decimals?: number): string {
  if (column.flag) {
    // H above the range, L below it: the row's own limits, so each test carries its range.
    const v = ref(`${item}.${column.flag.value}`);
    return `<td class="q-flag">{% if ${v} > ${ref(`${item}.${column.flag.high}`)} %}H{% elsif ${v} < ${ref(`${item}.${column.flag.low}`)} %}L{% endif %}</td>`;
  }
  const source =
    column.computed === 'line' ? 'q_line' : column.computed === 'tax' ? 'q_line_tax' : ref(`${item}.${column.path}`);
  const value =
    column.type === 'number' && decimals !== undefined
      ? `{{ ${source} | number: ${decimals}, "${t.locale}" }}`
      : `{{ ${filtered(source, column.type, t, 'medium')} }}`;
  const strong =
    ['description', 'item', 'product', 'service'].includes(column.concept ?? '') || NAMING.has(column.concept ?? '');
  return `<td${NUMERIC.has(column.type) ? ' class="num"' : ''}>${strong ? `<span class="q-item-name">${value}</span>` : value}</td>`;
}

/** The totals as label/value rows, for a block of their own below the table. */
function totalsRows(
  spec: DocumentSpec,
  t: Theme,
  table: TableSpec,
  sales: SalesTotals | undefined,
  sums: Map<number, string>,
): { label: string; value: string; grand?: boolean; when?: string }[] {
  const money = (v: string) => `{{ ${v} | money: "${t.currency}", "${t.locale}" }}`;
  if (sales)
    return [
      { label: escapeHtml(term('subtotal', spec.language) ?? 'Subtotal'), value: money('q_subtotal') },
      {
        label: taxLabel(spec, t, sales),
        value: money('q_tax'),
        when: sales.lineTax ? 'q_tax != 0' : 'q_tax_rate > 0',
      },
      { label: escapeHtml(term('total', spec.language) ?? 'Total'), value: money('q_total'), grand: true },
    ];
  return [...sums.entries()].map(([i, sum]) => {
    const c = table.columns[i] as ColumnSpec;
    return {
      label: `${escapeHtml(term('total', spec.language) ?? 'Total')} ${escapeHtml(labelOf(c, t.lang))}`,
      value: `{{ ${filtered(sum, c.type, t)} }}`,
      grand: true,
    };
  });
}

function taxLabel(spec: DocumentSpec, t: Theme, sales: SalesTotals): string {
  const tax = escapeHtml(term('tax', spec.language) ?? 'Tax');
  return sales.lineTax ? tax : `${tax} ({{ q_tax_rate | percent: 1, "${t.locale}" }})`;
}

/** Totals in a block of their own: below the table on the right or left, or a tinted box on the right. */
function totalsBlock(
  rows: ReturnType<typeof totalsRows>,
  at: 'right' | 'left' | 'box',
  t: Theme,
): { html: string; css: string } {
  const body = rows
    .map((r) => {
      const tr = `<tr${r.grand ? ' class="q-grand"' : ''}><th>${r.label}</th><td class="num">${r.value}</td></tr>`;
      return r.when ? `{% if ${r.when} %}${tr}{% endif %}` : tr;
    })
    .join('\n      ');
  const html = `<div class="q-totals-row q-totals-${at}">
  <table class="q-totals">
    <tbody>
      ${body}
    </tbody>
  </table>
</div>`;
  return { html, css: totalsCss(t) };
}

/** The look of a totals block, also given to templates it did not write when their totals move out of the table. */
export function totalsCss(t: Theme): string {
  return `.q-totals-row { display: flex; margin-bottom: 18px; }
.q-totals { width: 42%; border-collapse: collapse; }
.q-totals-right, .q-totals-box { justify-content: flex-end; }
.q-totals-left { justify-content: flex-start; }
.q-totals th { text-align: left; font-weight: normal; color: ${t.muted}; padding: 4px 8px; }
.q-totals td { padding: 4px 8px; }
.q-totals .q-grand th, .q-totals .q-grand td { font-weight: bold; color: ${t.accent}; border-top: 1.5px solid ${t.accent}; }
.q-totals-box .q-totals { background-color: ${t.tint}; border: 1px solid ${t.accent}; }`;
}

export function itemsTableBlock(
  spec: DocumentSpec,
  t: Theme,
  table: TableSpec,
  sales: SalesTotals | undefined,
  sums: Map<number, string>,
): { html: string; css: string } {
  const cols = table.columns;
  const widths = columnWidths(cols);
  const head = cols
    .map((c) => `<th${NUMERIC.has(c.type) ? ' class="num"' : ''}>${escapeHtml(labelOf(c, t.lang))}</th>`)
    .join('\n      ');
  const row = cols.map((c) => cell(c, table.item, t, spec.style.decimals)).join('\n      ');
  // Computed columns print the row's amount and tax, worked out at the top of each row.
  const computed = cols.some((c) => c.computed) ? (lineLiquid(table)?.liquid ?? '') : '';
  const placement = table.totalsAt ?? 'table';
  let foot = '';
  let after: { html: string; css: string } | undefined;
  if (table.totals && placement !== 'table' && (sales || sums.size > 0)) {
    after = totalsBlock(totalsRows(spec, t, table, sales, sums), placement, t);
  } else if (table.totals && sales) {
    const n = cols.length;
    const label = (text: string) =>
      sales.amountIndex > 0 ? `<td colspan="${sales.amountIndex}" class="q-total-label">${text}</td>` : '';
    const rest = n - sales.amountIndex - 1 > 0 ? `<td colspan="${n - sales.amountIndex - 1}"></td>` : '';
    const money = (v: string) => `{{ ${v} | money: "${t.currency}", "${t.locale}" }}`;
    foot = `<tfoot>
    <tr>${label(escapeHtml(term('subtotal', spec.language) ?? 'Subtotal'))}<td class="num">${money('q_subtotal')}</td>${rest}</tr>
    {% if ${sales.lineTax ? 'q_tax != 0' : 'q_tax_rate > 0'} %}<tr>${label(taxLabel(spec, t, sales))}<td class="num">${money('q_tax')}</td>${rest}</tr>{% endif %}
    <tr class="q-grand">${label(escapeHtml(term('total', spec.language) ?? 'Total'))}<td class="num">${money('q_total')}</td>${rest}</tr>
  </tfoot>`;
  } else if (table.totals && sums.size > 0) {
    const cells = cols.map((c, i) => {
      const sum = sums.get(i);
      if (sum) return `<td class="num">{{ ${filtered(sum, c.type, t)} }}</td>`;
      if (i === 0) return `<td class="q-total-label-left">${escapeHtml(term('total', spec.language) ?? 'Total')}</td>`;
      return '<td></td>';
    });
    foot = `<tfoot>
    <tr class="q-grand">${cells.join('')}</tr>
  </tfoot>`;
  }
  const html = `<table class="q-items">
  <colgroup>
    ${widths.map((w) => `<col width="${w}%">`).join('\n    ')}
  </colgroup>
  <thead>
    <tr>
      ${head}
    </tr>
  </thead>
  <tbody>
    {% for ${table.item} in ${ref(table.path)} %}${computed}
    <tr>
      ${row}
    </tr>
    {% else %}
    <tr><td colspan="${cols.length}" class="q-empty">${escapeHtml(term('no_items', spec.language) ?? 'No items')}</td></tr>
    {% endfor %}
  </tbody>
  ${foot}
</table>${after ? `\n${after.html}` : ''}`;
  const css = `.q-items { width: 100%; border-collapse: collapse; margin-bottom: 18px; }
.q-items th {
  background-color: ${t.accent};
  color: ${t.onAccent};
  font-size: ${Math.round(t.size * 0.82 * 10) / 10}pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 0.5px;
  text-align: left;
  padding: 6px 8px;
}
.q-items td { padding: 6px 8px; border-bottom: 1px solid ${t.line}; vertical-align: top; }
.q-items tbody tr:nth-child(even) td { background-color: ${t.stripe}; }
.q-items .num { text-align: right; }
.q-item-name { font-weight: bold; }
.q-items .q-flag { font-weight: bold; color: #b91c1c; text-align: center; }
.q-empty { color: ${t.muted}; font-style: italic; }
.q-items tfoot td { border-bottom: none; padding: 4px 8px; }
.q-items tfoot .q-total-label { text-align: right; color: ${t.muted}; }
.q-items tfoot .q-total-label-left { font-weight: bold; }
.q-items tfoot .q-grand td { font-weight: bold; color: ${t.accent}; border-top: 1.5px solid ${t.accent}; padding-top: 6px; }${after ? `\n${after.css}` : ''}`;
  return { html, css };
}
