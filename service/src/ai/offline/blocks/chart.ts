import { chartColumns } from '../charts';
import type { DocumentSpec, SectionSpec } from '../spec';
import { ref } from './liquid';
import { labelOf, type Theme } from './theme';

const FORMATS: Record<string, string> = { money: 'money', percent: 'percent', number: 'number' };

/**
 * A chart of the items table, drawn from the data by core's chart filters (`bar_chart`, `line_chart`, `pie_chart`):
 * the table's first text column names the bars, slices or points, the value is the column asked for (else the first
 * money or number column). Nothing when the document has no table with numbers (plan.ts says so in the reply).
 */
export function chartBlock(section: SectionSpec, spec: DocumentSpec, t: Theme): { html: string; css: string } {
  const table = spec.table;
  const columns = table ? chartColumns(table, section.of) : undefined;
  if (!table || !columns) return { html: '', css: '' };
  const { label, value } = columns;
  const title = section.label ?? labelOf(value, spec.language);
  const quote = (text: string) => `"${text.replace(/"/g, "'")}"`;
  const options = [
    `title: ${quote(title)}`,
    `color: "${t.accent}"`,
    `format: "${FORMATS[value.type] ?? 'number'}"`,
    ...(value.type === 'money' ? [`currency: "${t.currency}"`] : []),
    // A landscape page is short: a wider, lower chart keeps the table on the same page.
    ...(spec.page.orientation === 'landscape' ? ['width: 640', 'height: 170'] : []),
  ].join(', ');
  const filter = `${section.chart ?? 'bar'}_chart`;
  const html = `<div class="q-section q-chart">
  {{ ${ref(table.path)} | ${filter}: "${label.path}", "${value.path}", ${options} }}
</div>`;
  const css = `.q-chart { margin: 4px 0 14px 0; break-inside: avoid; text-align: center; }`;
  return { html, css };
}
