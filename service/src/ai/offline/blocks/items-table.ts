import { term } from '../labels';
import type { ColumnSpec, DocumentSpec, TableSpec } from '../spec';
import { escapeHtml, snake } from '../text';
import { filtered, ref } from './liquid';
import { labelOf, type Theme } from './theme';

/**
 * The items table: a header row, one row per item (a Liquid for-loop over the data's list) and, when asked, a
 * totals footer. Sales documents total as subtotal, tax and total (computed once, at the top of the template,
 * so the total can also appear in the parties row); other documents add up their summable columns.
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
}

/** The money column a sales document totals, or how to compute it (quantity × price). */
export function salesTotals(table: TableSpec): SalesTotals | undefined {
  const cols = table.columns;
  const find = (concepts: string[]) => cols.findIndex((c) => concepts.includes(c.concept ?? ''));
  let amountIndex = find(['amount', 'total']);
  if (amountIndex < 0) amountIndex = cols.findIndex((c) => c.type === 'money' && c.sum);
  const qty = find(['quantity', 'hours', 'days', 'ordered']);
  const price = find(['unit_price', 'price', 'rate', 'day_rate']);
  const item = table.item;
  const at = (i: number) => ref(`${item}.${(cols[i] as ColumnSpec).path}`);
  let line: string;
  if (amountIndex >= 0) line = `${at(amountIndex)} | default: 0`;
  else if (qty >= 0 && price >= 0) line = `${at(qty)} | times: ${at(price)}`;
  else if (price >= 0) line = `${at(price)} | default: 0`;
  else {
    const money = cols.findIndex((c) => c.type === 'money');
    if (money < 0) return undefined;
    line = `${at(money)} | default: 0`;
    amountIndex = money;
  }
  if (amountIndex < 0) amountIndex = cols.length - 1;
  const taxRate = table.taxRate
    ? `{% assign q_tax_rate = ${ref(table.taxRate)} | default: 0 %}`
    : '{% assign q_tax_rate = 0 %}';
  const prelude = `{% assign q_subtotal = 0 %}
{% for ${item} in ${ref(table.path)} %}{% assign q_line = ${line} %}{% assign q_subtotal = q_subtotal | plus: q_line %}{% endfor %}
{% assign q_subtotal = q_subtotal | round: 2 %}
${taxRate}
{% assign q_tax = q_subtotal | times: q_tax_rate | round: 2 %}
{% assign q_total = q_subtotal | plus: q_tax %}`;
  return { prelude, amountIndex };
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

function cell(column: ColumnSpec, item: string, t: Theme): string {
  if (column.flag) {
    // H above the range, L below it: the row's own limits, so each test carries its range.
    const v = ref(`${item}.${column.flag.value}`);
    return `<td class="q-flag">{% if ${v} > ${ref(`${item}.${column.flag.high}`)} %}H{% elsif ${v} < ${ref(`${item}.${column.flag.low}`)} %}L{% endif %}</td>`;
  }
  const value = `{{ ${filtered(ref(`${item}.${column.path}`), column.type, t, 'medium')} }}`;
  const strong =
    ['description', 'item', 'product', 'service'].includes(column.concept ?? '') || NAMING.has(column.concept ?? '');
  return `<td${NUMERIC.has(column.type) ? ' class="num"' : ''}>${strong ? `<span class="q-item-name">${value}</span>` : value}</td>`;
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
  const row = cols.map((c) => cell(c, table.item, t)).join('\n      ');
  let foot = '';
  if (table.totals && sales) {
    const n = cols.length;
    const label = (text: string) =>
      sales.amountIndex > 0 ? `<td colspan="${sales.amountIndex}" class="q-total-label">${text}</td>` : '';
    const after = n - sales.amountIndex - 1 > 0 ? `<td colspan="${n - sales.amountIndex - 1}"></td>` : '';
    const money = (v: string) => `{{ ${v} | money: "${t.currency}", "${t.locale}" }}`;
    const taxLabel = `${escapeHtml(term('tax', spec.language) ?? 'Tax')} ({{ q_tax_rate | percent: 1, "${t.locale}" }})`;
    foot = `<tfoot>
    <tr>${label(escapeHtml(term('subtotal', spec.language) ?? 'Subtotal'))}<td class="num">${money('q_subtotal')}</td>${after}</tr>
    {% if q_tax_rate > 0 %}<tr>${label(taxLabel)}<td class="num">${money('q_tax')}</td>${after}</tr>{% endif %}
    <tr class="q-grand">${label(escapeHtml(term('total', spec.language) ?? 'Total'))}<td class="num">${money('q_total')}</td>${after}</tr>
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
    {% for ${table.item} in ${ref(table.path)} %}
    <tr>
      ${row}
    </tr>
    {% else %}
    <tr><td colspan="${cols.length}" class="q-empty">${escapeHtml(term('no_items', spec.language) ?? 'No items')}</td></tr>
    {% endfor %}
  </tbody>
  ${foot}
</table>`;
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
.q-items tfoot .q-grand td { font-weight: bold; color: ${t.accent}; border-top: 1.5px solid ${t.accent}; padding-top: 6px; }`;
  return { html, css };
}
