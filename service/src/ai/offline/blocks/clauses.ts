import type { SectionSpec } from '../spec';
import { ref } from './liquid';
import type { Theme } from './theme';

/**
 * Numbered clauses, each a title and its text, from a list in the data: contracts, NDAs and leases. The numbers
 * come from the loop, so adding or removing a clause in the data renumbers the rest.
 */
export function clausesBlock(section: SectionSpec, t: Theme): { html: string; css: string } {
  const path = section.path as string;
  const html = `<div class="q-section q-clauses">
  {% for clause in ${ref(path)} %}
  <div class="q-clause">
    <p class="q-clause-title">{{ forloop.index }}. {{ clause.title }}</p>
    <p class="q-text">{{ clause.text }}</p>
  </div>
  {% endfor %}
</div>`;
  const css = `.q-clause { margin-bottom: 10px; break-inside: avoid; }
.q-clause-title { font-weight: bold; color: ${t.accent}; margin: 0 0 3px 0; }
.q-clauses .q-text { text-align: justify; line-height: 1.5; }`;
  return { html, css };
}
