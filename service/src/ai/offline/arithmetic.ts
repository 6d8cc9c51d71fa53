import { PRICE, QUANTITY } from './blocks/items-table';
import { labelOf } from './blocks/theme';
import { columnFromConcept, isSales } from './plan';
import { getPath } from './sample';
import type { ColumnSpec, DocumentSpec, TableSpec } from './spec';

/**
 * Columns that take part in a line's arithmetic: a discount subtracted from the line, a fee added to it, the line
 * amount worked out as quantity × price with them, and a line's tax. The template does the arithmetic in Liquid
 * (blocks/items-table.ts `lineLiquid`); this module decides which columns take part, says so in words for the
 * reply, and keeps the sample data's values in agreement with what the template prints.
 */

const round = (n: number) => Math.round(n * 100) / 100;

function find(table: TableSpec, concepts: string[]): ColumnSpec | undefined {
  return table.columns.find((c) => concepts.includes(c.concept ?? ''));
}

/**
 * Makes `column` change the line amount. The amount column (added when missing and quantity and price are there)
 * becomes quantity × price with the effects; with an amount from the data and no price, the totals take the effect
 * off each line. A column nobody `placed` moves before the amount it changes. Answers how the line is worked out
 * now, or why it cannot be.
 */
export function applyEffect(
  spec: DocumentSpec,
  column: ColumnSpec,
  effect: 'subtract' | 'add',
  placed = true,
): { ok: true; how: string } | { ok: false; why: string } {
  const table = spec.table;
  if (!table || !isSales(spec.docType))
    return {
      ok: false,
      why: `only sales documents (invoices, quotes, receipts, orders) work out line amounts, so the ${labelOf(column, spec.language)} column is shown as it is in the data`,
    };
  const label = (c: ColumnSpec) => labelOf(c, spec.language);
  const qty = find(table, QUANTITY);
  const price = find(table, PRICE);
  let amount = find(table, ['amount', 'total']);
  if (!amount && !(qty && price) && !price)
    return { ok: false, why: `the table has no amount or price to ${effect} the ${label(column)} from` };
  column.effect = effect;
  delete column.sum;
  const sign = effect === 'subtract' ? '−' : '+';
  const part = column.type === 'percent' ? `${label(column)} %` : label(column);
  const effects = table.columns
    .filter((c) => c.effect)
    .map((c) => ` ${c.effect === 'subtract' ? '−' : '+'} ${c.type === 'percent' ? `${label(c)} %` : label(c)}`)
    .join('');
  if (qty && price) {
    if (!amount) {
      amount = columnFromConcept('amount');
      table.columns.push(amount);
    }
    amount.computed = 'line';
    // Read left to right: quantity, price, discount, then the amount they make.
    const at = table.columns.indexOf(amount);
    if (!placed && table.columns.indexOf(column) > at) {
      table.columns.splice(table.columns.indexOf(column), 1);
      table.columns.splice(at, 0, column);
    }
    return { ok: true, how: `${label(amount)} = ${label(qty)} × ${label(price)}${effects}` };
  }
  if (amount) return { ok: true, how: `the totals take each line's ${label(amount)} ${sign} ${part}` };
  return { ok: true, how: `the totals take each line's ${label(price as ColumnSpec)} ${sign} ${part}` };
}

/**
 * After a column is removed: an amount worked out from quantity and price that lost one of them is read from the
 * data again, and the sample's amounts (net of the discounts until now) go back to before the discounts, which the
 * totals still take off. Answers what changed, for the reply, or nothing.
 */
export function afterRemoval(spec: DocumentSpec, data: Record<string, unknown>): string | undefined {
  const table = spec.table;
  const amount = table?.columns.find((c) => c.computed === 'line');
  if (!table || !amount || (find(table, QUANTITY) && find(table, PRICE))) return undefined;
  delete amount.computed;
  const rows = getPath(data, table.path);
  if (Array.isArray(rows))
    for (const row of rows as Record<string, unknown>[]) {
      if (!row || typeof row !== 'object') continue;
      let gross = Number(row[amount.path] ?? 0) || 0;
      for (const c of [...table.columns].reverse()) {
        if (!c.effect) continue;
        const v = Number(row[c.path] ?? 0) || 0;
        const sign = c.effect === 'subtract' ? 1 : -1;
        gross = c.type === 'percent' ? gross / (1 - sign * v || 1) : gross + sign * v;
      }
      row[amount.path] = round(gross);
    }
  return `the ${labelOf(amount, spec.language)} column is read from the data again`;
}

/** A tax column on a sales document: each line's amount × the tax rate (the line's own, else the document's). */
export function computeTax(spec: DocumentSpec, column: ColumnSpec): string | undefined {
  const table = spec.table;
  if (!table || !isSales(spec.docType)) return undefined;
  column.computed = 'tax';
  column.type = 'money';
  table.taxRate = table.taxRate ?? `${spec.root}.tax_rate`;
  const rate = find(table, ['tax_rate']);
  const amount = find(table, ['amount', 'total']);
  return `${labelOf(column, spec.language)} = ${amount ? labelOf(amount, spec.language) : 'line amount'} × ${rate ? labelOf(rate, spec.language) : 'the tax rate'}`;
}

/** One row's amount and tax, as the template works them out. */
export function lineOf(
  table: TableSpec,
  row: Record<string, unknown>,
  taxRate: number,
): { line: number; tax: number } | undefined {
  const num = (c: ColumnSpec | undefined) => Number((c && row[c.path]) ?? 0) || 0;
  const amount = find(table, ['amount', 'total']);
  const qty = find(table, QUANTITY);
  const price = find(table, PRICE);
  let line: number;
  if (amount && !amount.computed) line = num(amount);
  else if (qty && price) line = num(qty) * num(price);
  else if (price) line = num(price);
  else return undefined;
  for (const c of table.columns) {
    if (!c.effect) continue;
    const adj = c.type === 'percent' ? line * num(c) : num(c);
    line = c.effect === 'subtract' ? line - adj : line + adj;
  }
  line = round(line);
  const rate = find(table, ['tax_rate']);
  return { line, tax: round(line * (rate ? num(rate) : taxRate)) };
}

const PERCENT_SAMPLES = [0, 0.1, 0.05, 0];

/**
 * Sample rows agree with the template: computed columns hold what the template prints, and a percent column
 * holds fractions (a discount of 25 would be 2 500 %).
 */
export function syncSample(spec: DocumentSpec, data: Record<string, unknown>): void {
  const table = spec.table;
  if (!table) return;
  const rows = getPath(data, table.path);
  if (!Array.isArray(rows)) return;
  const taxRate = Number(table.taxRate ? getPath(data, table.taxRate) : 0) || 0;
  rows.forEach((row: Record<string, unknown>, i) => {
    if (!row || typeof row !== 'object') return;
    for (const c of table.columns)
      if (c.effect && c.type === 'percent' && Math.abs(Number(row[c.path] ?? 0)) > 1)
        row[c.path] = PERCENT_SAMPLES[i % PERCENT_SAMPLES.length];
    const worked = lineOf(table, row, taxRate);
    if (!worked) return;
    for (const c of table.columns) {
      if (c.computed === 'line') row[c.path] = worked.line;
      if (c.computed === 'tax') row[c.path] = worked.tax;
    }
  });
}
