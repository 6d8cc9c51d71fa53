import type { SectionSpec } from '../spec';
import { escapeHtml } from '../text';
import { out } from './liquid';
import { labelOf, type Theme } from './theme';

/**
 * Figures as cards in a row: the KPIs of a dashboard or a sales report, the ageing buckets of a statement (current,
 * 1–30, 31–60, over 60 days, then the amount due). The last card is the one the others add up to when the kind says
 * so; every card prints its value with the value's type (money, number, percent).
 */
export function figuresBlock(section: SectionSpec, t: Theme): { html: string; css: string } {
  const fields = section.fields ?? [];
  const cards = fields
    .map(
      (f) => `<div class="q-figure">
    <p class="q-figure-label">${escapeHtml(labelOf(f, t.lang))}</p>
    <p class="q-figure-value">${out(f.path, f.type, t)}</p>
  </div>`,
    )
    .join('\n  ');
  const html = `<div class="q-figures">
  ${cards}
</div>`;
  const css = `.q-figures { display: flex; gap: 10px; margin-bottom: 16px; break-inside: avoid; }
.q-figure { flex: 1; background-color: ${t.tint}; border-top: 3px solid ${t.accent}; padding: 8px 10px; }
.q-figure-label { font-size: ${Math.round(t.size * 0.78 * 10) / 10}pt; text-transform: uppercase; letter-spacing: 0.6px; color: ${t.muted}; margin: 0 0 4px 0; }
.q-figure-value { font-size: ${Math.round(t.size * (fields.length >= 5 ? 1.3 : 1.7) * 10) / 10}pt; font-weight: bold; color: ${t.accent}; margin: 0; }`;
  return { html, css };
}
