import { term } from '../labels';
import type { DocumentSpec, FieldSpec, PartySpec } from '../spec';
import { escapeHtml } from '../text';
import { ifPresent, out, ref } from './liquid';
import { labelOf, type Theme } from './theme';

/**
 * The top of a document: the letterhead (logo, who it is from) on the left, the title and the document's details
 * (number, dates...) on the right; the logo can sit on the right or centred instead (`style.logoAt`). Letters have only the letterhead; their details sit beside the address.
 */
export function titleOf(spec: DocumentSpec): string {
  return spec.title.text ?? term(spec.title.concept ?? spec.docType, spec.language) ?? 'Document';
}

export function brandParty(spec: DocumentSpec): PartySpec | undefined {
  const first = spec.parties[0];
  return first && ['from', 'company', 'employer', 'sender', 'ship_from', 'buyer'].includes(first.role)
    ? first
    : undefined;
}

function logoHtml(spec: DocumentSpec): string {
  if (!spec.logo) return '';
  return ifPresent(spec.logo, `<img class="q-logo" src="{{ ${ref(spec.logo)} }}" alt="Logo">`);
}

/** A party's lines: its name in bold, then its address and the rest. */
export function partyLines(party: PartySpec, nameClass: string): string {
  return party.lines
    .map((line) => {
      if (line.kind === 'name') return `<p class="${nameClass}">{{ ${ref(line.path)} }}</p>`;
      if (line.kind === 'lines')
        return `<p class="q-lines">{% for line in ${ref(line.path)} %}{{ line }}<br>{% endfor %}</p>`;
      return ifPresent(line.path, `<p class="q-line">{{ ${ref(line.path)} }}</p>`);
    })
    .join('\n    ');
}

export function metaTable(fields: FieldSpec[], t: Theme): string {
  if (fields.length === 0) return '';
  const rows = fields
    .map((f) => `<tr><th>${escapeHtml(labelOf(f, t.lang))}</th><td>${out(f.path, f.type, t)}</td></tr>`)
    .join('\n        ');
  return `<table class="q-meta">
      <tbody>
        ${rows}
      </tbody>
    </table>`;
}

export function headerBlock(spec: DocumentSpec, t: Theme, fields: FieldSpec[]): { html: string; css: string } {
  const brand = brandParty(spec);
  const at = spec.style.logoAt ?? 'left';
  const logo = logoHtml(spec);
  // The logo goes where it was asked: with the sender on the left, above the title on the right, or centred in a
  // row of its own above the header.
  const brandLogo = at === 'left' ? logo : '';
  const left = brand
    ? `<div class="q-brand">
    ${brandLogo}
    ${partyLines(brand, 'q-company')}
  </div>`
    : brandLogo
      ? `<div class="q-brand">${brandLogo}</div>`
      : '';
  const headingLogo = at === 'right' && logo && left ? `<div class="q-logo-right">${logo}</div>` : '';
  // With nothing on the left, a logo on the right takes a column of its own beside the title.
  const rightColumn = at === 'right' && logo && !left ? `\n  <div class="q-brand q-logo-right">${logo}</div>` : '';
  const row = at === 'center' && logo ? `<div class="q-logo-row">${logo}</div>\n` : '';
  const html = `${row}<div class="q-header">
  ${left}
  <div class="q-heading">
    ${headingLogo}
    <h1>${escapeHtml(titleOf(spec))}</h1>
    ${metaTable(fields, t)}
  </div>${rightColumn}
</div>`;
  const css = `.q-header {
  display: flex;
  gap: 24px;
  padding-bottom: 14px;
  border-bottom: 2px solid ${t.accent};
  margin-bottom: 18px;
}
.q-brand { flex: 1; }
.q-heading { flex: 1; text-align: ${left ? 'right' : 'left'}; }
.q-logo { height: 44px; margin-bottom: 6px; }
.q-logo-right { text-align: right; }
.q-logo-row { text-align: center; margin-bottom: 10px; }
.q-company { font-size: ${Math.round(t.size * 1.25 * 10) / 10}pt; font-weight: bold; color: ${t.text}; margin-bottom: 2px; }
.q-lines, .q-line { color: ${t.muted}; margin: 0; }
.q-meta { width: 100%; border-collapse: collapse; }
.q-meta th {
  text-align: ${left ? 'right' : 'left'};
  font-weight: normal;
  color: ${t.muted};
  padding: 1px 8px 1px 0;
}
.q-meta td { text-align: ${left ? 'right' : 'left'}; font-weight: bold; padding: 1px 0; }`;
  return { html, css };
}

/** A letter's letterhead: logo and sender, with a rule under them. */
export function letterheadBlock(spec: DocumentSpec, t: Theme): { html: string; css: string } {
  const brand = brandParty(spec);
  const at = spec.style.logoAt ?? 'left';
  const logo = `<div class="q-letterhead-logo">${logoHtml(spec)}</div>`;
  const from = `<div class="q-letterhead-from">
    ${brand ? partyLines(brand, 'q-company') : ''}
  </div>`;
  // Left: logo, then the sender on the right. Right: the sender on the left, the logo on the right. Centre: the
  // logo in a row above, the sender under it.
  const html =
    at === 'center'
      ? `<div class="q-logo-row">${logoHtml(spec)}</div>
<div class="q-letterhead">
  ${from}
</div>`
      : `<div class="q-letterhead">
  ${at === 'right' ? `${from}\n  ${logo}` : `${logo}\n  ${from}`}
</div>`;
  const css = `.q-letterhead {
  display: flex;
  gap: 16px;
  padding-bottom: 10px;
  border-bottom: 2px solid ${t.accent};
  margin-bottom: 28px;
}
.q-letterhead-logo { flex: 1; text-align: ${at === 'right' ? 'right' : 'left'}; }
.q-letterhead-from { flex: 3; text-align: ${at === 'left' ? 'right' : at === 'center' ? 'center' : 'left'}; }
.q-logo-row { text-align: center; margin-bottom: 8px; }
.q-logo { height: 44px; }
.q-company { font-size: ${Math.round(t.size * 1.2 * 10) / 10}pt; font-weight: bold; color: ${t.accent}; margin-bottom: 2px; }
.q-lines, .q-line { color: ${t.muted}; margin: 0; }`;
  return { html, css };
}
