import { term } from '../labels';
import type { DocumentSpec, FieldSpec } from '../spec';
import { escapeHtml } from '../text';
import { out } from './liquid';
import { labelOf, type Theme } from './theme';

/** Fields that do not fit in the header: a two-column grid of label and value. */
export function detailsBlock(
  spec: DocumentSpec,
  t: Theme,
  fields: FieldSpec[],
  label?: string,
): { html: string; css: string } {
  const pairs = fields.map(
    (f) =>
      `<th>${escapeHtml(labelOf(f, t.lang))}</th><td${f.type === 'longtext' ? ' class="q-text"' : ''}>${out(f.path, f.type, t)}</td>`,
  );
  const rows: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    rows.push(`<tr>${pairs[i]}${pairs[i + 1] ?? '<th></th><td></td>'}</tr>`);
  }
  const html = `<div class="q-section q-details">
  <h2>${escapeHtml(label ?? term('details', spec.language) ?? 'Details')}</h2>
  <table class="q-kv">
    <colgroup><col width="20%"><col width="30%"><col width="20%"><col width="30%"></colgroup>
    <tbody>
      ${rows.join('\n      ')}
    </tbody>
  </table>
</div>`;
  const css = `.q-kv { width: 100%; border-collapse: collapse; }
.q-kv th { text-align: left; font-weight: normal; color: ${t.muted}; padding: 3px 8px 3px 0; border-bottom: 1px solid ${t.line}; }
.q-kv td { padding: 3px 12px 3px 0; border-bottom: 1px solid ${t.line}; }`;
  return { html, css };
}
