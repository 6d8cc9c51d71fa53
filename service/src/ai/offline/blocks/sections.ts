import { phrase, term } from '../labels';
import type { DocumentSpec, SectionSpec } from '../spec';
import { escapeHtml } from '../text';
import { ifPresent, out, ref } from './liquid';
import { labelOf, type Theme } from './theme';

/**
 * Text sections (summary, notes, terms, payment details, a letter's body), the signature block, and QR codes and
 * barcodes drawn with Quire's own `<qr-code>` and `<bar-code>` elements. Text sections print only when the data
 * has their text, so an invoice without notes has no empty "Notes" heading.
 */
export function headingOf(section: SectionSpec, spec: DocumentSpec): string {
  return section.label ?? term(section.kind, spec.language) ?? section.kind;
}

export function textSectionBlock(section: SectionSpec, spec: DocumentSpec, t: Theme): { html: string; css: string } {
  const path = section.path ?? `${spec.root}.${section.kind}`;
  const heading = escapeHtml(headingOf(section, spec));
  if (section.kind === 'summary') {
    return {
      html: ifPresent(
        path,
        `<div class="q-section q-summary">
  <h2>${heading}</h2>
  <p class="q-text">{{ ${ref(path)} }}</p>
</div>`,
      ),
      css: `.q-summary { background-color: ${t.tint}; border-left: 3px solid ${t.accent}; padding: 8px 12px; margin-bottom: 16px; }`,
    };
  }
  if (section.kind === 'payment') {
    const rows = (section.fields ?? [])
      .map((f) =>
        ifPresent(f.path, `<tr><th>${escapeHtml(labelOf(f, t.lang))}</th><td>${out(f.path, f.type, t)}</td></tr>`),
      )
      .join('\n      ');
    return {
      html: `<div class="q-section q-payment">
  <h2>${heading}</h2>
  ${ifPresent(path, `<p class="q-text">{{ ${ref(path)} }}</p>`)}
  <table class="q-bank">
    <tbody>
      ${rows}
    </tbody>
  </table>
</div>`,
      css: `.q-payment { border: 1px solid ${t.line}; padding: 8px 12px; }
.q-bank th { text-align: left; font-weight: normal; color: ${t.muted}; padding: 1px 12px 1px 0; }
.q-bank td { padding: 1px 0; font-weight: bold; }`,
    };
  }
  if (section.kind === 'body') {
    const salutation = section.fields?.[0];
    return {
      html: `<div class="q-section q-letter-body">
  ${salutation ? ifPresent(salutation.path, `<p class="q-salutation">{{ ${ref(salutation.path)} }}</p>`) : ''}
  <p class="q-text">{{ ${ref(path)} }}</p>
  <p class="q-closing">${escapeHtml(phrase('closing', spec.language))}</p>
</div>`,
      css: `.q-salutation { margin-bottom: 10px; }
.q-letter-body .q-text { line-height: 1.55; margin-bottom: 14px; }
.q-closing { margin-top: 6px; }`,
    };
  }
  // A numbered list has one item per line of the text, so clauses written one to a line number themselves.
  const text = section.numbered
    ? `<ol class="q-clauses${section.kind === 'terms' ? ' q-small' : ''}">
    {% assign q_clauses = ${ref(path)} | split: "\\n" %}{% for q_clause in q_clauses %}{% assign q_clause = q_clause | strip %}{% if q_clause != blank %}<li>{{ q_clause }}</li>{% endif %}{% endfor %}
  </ol>`
    : `<p class="q-text${section.kind === 'terms' ? ' q-small' : ''}">{{ ${ref(path)} }}</p>`;
  return {
    html: ifPresent(
      path,
      `<div class="q-section q-${section.kind}">
  <h2>${heading}</h2>
  ${text}
</div>`,
    ),
    css: `.q-small { font-size: ${Math.round(t.size * 0.88 * 10) / 10}pt; color: ${t.muted}; }
.q-${section.kind} { break-inside: avoid; }${section.numbered ? '\n.q-clauses { margin: 0; padding-left: 18px; }\n.q-clauses li { margin-bottom: 3px; }' : ''}`,
  };
}

/** `middle` goes between the signature and the date: a certificate's QR code sits there, as on its starter. */
export function signatureBlock(
  section: SectionSpec,
  spec: DocumentSpec,
  t: Theme,
  middle = '',
): { html: string; css: string } {
  const path = section.path ?? `${spec.root}.signatory`;
  const heading = escapeHtml(headingOf(section, spec));
  const single = spec.docType === 'letter';
  const signer = `<div class="q-sign">
    <p class="q-sign-line">&nbsp;</p>
    <p class="q-sign-name">{{ ${ref(`${path}.name`)} }}</p>
    ${ifPresent(`${path}.title`, `<p class="q-muted">{{ ${ref(`${path}.title`)} }}</p>`)}
  </div>`;
  const date = `<div class="q-sign">
    <p class="q-sign-line">&nbsp;</p>
    <p class="q-muted">${escapeHtml(term('date', spec.language) ?? 'Date')}</p>
  </div>`;
  const html = `<div class="q-signatures">
  ${single || spec.docType === 'certificate' ? '' : `<p class="q-label">${heading}</p>`}
  <div class="q-sign-row">
  ${signer}
  ${middle ? `<div class="q-sign-middle">${middle}</div>` : ''}
  ${single ? '<div class="q-sign-space"></div>' : date}
  </div>
</div>`;
  const css = `.q-signatures { margin-top: ${single ? 8 : 26}px; break-inside: avoid; }
.q-sign-row { display: flex; gap: 40px; }
.q-sign { flex: 1; }
.q-sign-space { flex: 1; }
.q-sign-middle { flex: 1; text-align: center; }
.q-sign-line { border-bottom: 1px solid ${t.text}; padding-top: 30px; margin-bottom: 4px; }
.q-sign-name { font-weight: bold; margin: 0; }`;
  return { html, css };
}

function caption(spec: DocumentSpec): string {
  if (['invoice', 'credit_note', 'statement'].includes(spec.docType)) return phrase('scan_to_pay', spec.language);
  if (spec.docType === 'certificate') return phrase('scan_to_verify', spec.language);
  return phrase('scan_to_open', spec.language);
}

export function qrBlock(section: SectionSpec, spec: DocumentSpec, t: Theme): { html: string; css: string } {
  const path = section.path ?? `${spec.root}.url`;
  return {
    html: ifPresent(
      path,
      `<div class="q-code">
  <qr-code value="{{ ${ref(path)} }}" size="84" level="M"></qr-code>
  <p class="q-code-caption">${escapeHtml(caption(spec))}</p>
</div>`,
    ),
    css: `.q-code { text-align: right; margin-bottom: 12px; break-inside: avoid; }
.q-code-caption { font-size: ${Math.round(t.size * 0.8 * 10) / 10}pt; color: ${t.muted}; }`,
  };
}

/** The barcode prints its own value under the bars. */
export function barcodeBlock(section: SectionSpec, spec: DocumentSpec, t: Theme): { html: string; css: string } {
  const path = section.path ?? `${spec.root}.number`;
  return {
    html: ifPresent(
      path,
      `<div class="q-code">
  <bar-code type="code128" value="{{ ${ref(path)} }}" height="40"></bar-code>
</div>`,
    ),
    css: `.q-code { text-align: right; margin-bottom: 12px; break-inside: avoid; }
.q-code-caption { font-size: ${Math.round(t.size * 0.8 * 10) / 10}pt; color: ${t.muted}; }`,
  };
}

/** A text section with a code beside it: payment details with "scan to pay", notes with a tracking barcode. */
export function pairBlock(main: string, side: string): { html: string; css: string } {
  return {
    html: `<div class="q-pair">
  <div class="q-pair-main">
${main}
  </div>
  <div class="q-pair-side">
${side}
  </div>
</div>`,
    css: `.q-pair { display: flex; gap: 20px; margin-bottom: 14px; break-inside: avoid; }
.q-pair-main { flex: 3; }
.q-pair-side { flex: 1; }`,
  };
}
