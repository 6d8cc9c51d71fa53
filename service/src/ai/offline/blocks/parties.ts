import { term } from '../labels';
import type { DocumentSpec, FieldSpec, PartySpec } from '../spec';
import { escapeHtml } from '../text';
import { brandParty, metaTable, partyLines } from './header';
import { ifPresent, out } from './liquid';
import type { Theme } from './theme';

/**
 * Who the document is for (bill to, ship to, supplier, employee...), side by side; sales documents add a box
 * with the total due, as Quire's invoice starter does.
 */
export function partyLabel(party: PartySpec, spec: DocumentSpec): string {
  return party.label ?? term(party.role, spec.language) ?? party.role;
}

export function partiesBlock(
  spec: DocumentSpec,
  t: Theme,
  due?: { label: string; expression: string; date?: FieldSpec },
): { html: string; css: string } {
  const brand = brandParty(spec);
  const others = spec.parties.filter((p) => p !== brand);
  const cells = others.map(
    (party) => `<div class="q-party">
    <p class="q-label">${escapeHtml(partyLabel(party, spec))}</p>
    ${partyLines(party, 'q-party-name')}
  </div>`,
  );
  if (due) {
    cells.push(`<div class="q-due">
    <p class="q-label">${escapeHtml(due.label)}</p>
    <p class="q-due-amount">${due.expression}</p>
    ${due.date ? ifPresent(due.date.path, `<p class="q-muted">${escapeHtml(term('due_date', spec.language) ?? '')}: ${out(due.date.path, 'date', t, 'medium')}</p>`) : ''}
  </div>`);
  }
  const html = `<div class="q-parties">
  ${cells.join('\n  ')}
</div>`;
  const css = `.q-parties { display: flex; gap: 18px; margin-bottom: 20px; }
.q-party { flex: 1; }
.q-party-name { font-weight: bold; font-size: ${Math.round(t.size * 1.1 * 10) / 10}pt; margin-bottom: 1px; }
.q-lines, .q-line { color: ${t.muted}; margin: 0; }
.q-due { flex: 1; background-color: ${t.tint}; padding: 10px 12px; text-align: right; }
.q-due-amount { font-size: ${Math.round(t.size * 1.8 * 10) / 10}pt; font-weight: bold; color: ${t.accent}; margin: 2px 0; }`;
  return { html, css };
}

/** A letter's addressee on the left and its details (date, reference) on the right. */
export function letterAddressBlock(spec: DocumentSpec, t: Theme, fields: FieldSpec[]): { html: string; css: string } {
  const brand = brandParty(spec);
  const to = spec.parties.filter((p) => p !== brand);
  const html = `<div class="q-letter-top">
  <div class="q-letter-to">
    ${to.map((p) => partyLines(p, 'q-party-name')).join('\n    ')}
  </div>
  <div class="q-letter-meta">
    ${metaTable(fields, t)}
  </div>
</div>`;
  const css = `.q-letter-top { display: flex; gap: 24px; margin-bottom: 26px; }
.q-letter-to { flex: 3; }
.q-letter-meta { flex: 2; }
.q-party-name { font-weight: bold; margin-bottom: 1px; }
.q-lines, .q-line { margin: 0; }
.q-meta { width: 100%; border-collapse: collapse; }
.q-meta th { text-align: right; font-weight: normal; color: ${t.muted}; padding: 1px 8px 1px 0; }
.q-meta td { text-align: right; padding: 1px 0; }`;
  return { html, css };
}
