import { kindById } from '../kinds/catalogue';
import { term } from '../labels';
import type { DocumentSpec, FieldSpec, PartySpec, SectionSpec } from '../spec';
import { escapeHtml } from '../text';
import { brandParty, partyLines, titleOf } from './header';
import { ifPresent, out, ref } from './liquid';
import { labelOf, type Theme } from './theme';

/**
 * Small formats, each with its own shape (no letterhead):
 * - a label: the sender small, the addressee large, a row of details, the barcode across the width;
 * - a ticket or pass: a coloured band, the main value large, the details in boxes, and a stub with the QR code;
 * - a card (business, membership, gift, badge, warranty): a band with who issued it, the main value large, a few
 *   details and the code at the foot.
 */
const pt = (n: number) => `${Math.round(n * 10) / 10}pt`;

function box(f: FieldSpec, t: Theme): string {
  return ifPresent(
    f.path,
    `<div class="q-box"><p class="q-box-label">${escapeHtml(labelOf(f, t.lang))}</p><p class="q-box-value">${out(f.path, f.type, t, 'medium')}</p></div>`,
  );
}

function code(section: SectionSpec | undefined, kind: 'qr' | 'barcode', size: number): string {
  if (!section?.path) return '';
  const value = `{{ ${ref(section.path)} }}`;
  const el =
    kind === 'qr'
      ? `<qr-code value="${value}" size="${size}" level="M"></qr-code>`
      : `<bar-code type="code128" value="${value}" height="${size}"></bar-code>`;
  return ifPresent(section.path, `<div class="q-${kind === 'qr' ? 'qr' : 'bars'}">${el}</div>`);
}

/** On a label an address is a name and its lines: no email. */
function postal(p: PartySpec): PartySpec {
  return { ...p, lines: p.lines.filter((l) => l.kind !== 'text') };
}

function party(p: PartySpec | undefined, spec: DocumentSpec, cls: string): string {
  if (!p) return '';
  const heading = p.label ?? term(p.role, spec.language) ?? p.role;
  return `<div class="${cls}">
    <p class="q-box-label">${escapeHtml(heading)}</p>
    ${partyLines(p, 'q-party-name')}
  </div>`;
}

function logo(spec: DocumentSpec): string {
  return spec.logo ? ifPresent(spec.logo, `<img class="q-logo" src="{{ ${ref(spec.logo)} }}" alt="Logo">`) : '';
}

export function compactBlock(spec: DocumentSpec, t: Theme, rest: string): { html: string; css: string } {
  const def = kindById(spec.kind);
  const heroConcepts = def?.hero ?? [];
  const hero = spec.fields.filter((f) => f.concept && heroConcepts.includes(f.concept));
  const qr = spec.sections.find((s) => s.kind === 'qr');
  const barcode = spec.sections.find((s) => s.kind === 'barcode');
  // A barcode prints its value under the bars: the field it encodes is not repeated beside it.
  const others = spec.fields.filter((f) => !hero.includes(f) && f.path !== barcode?.path);
  const brand = brandParty(spec);
  const brandName = brand?.lines.find((l) => l.kind === 'name');
  // A ticket's main values share a line ("LIS Lisbon → CPH Copenhagen").
  const heroHtml =
    spec.layout === 'ticket' && hero.length > 1
      ? `<p class="q-hero">${hero.map((f) => out(f.path, f.type, t, 'medium')).join(' → ')}</p>`
      : hero.map((f) => `<p class="q-hero">${out(f.path, f.type, t, 'medium')}</p>`).join('\n    ');
  const widthMm = spec.page.orientation === 'landscape' ? (spec.page.heightMm ?? 297) : (spec.page.widthMm ?? 210);
  const wide = widthMm >= 150;
  // The frame fills the page: a ticket or card is the whole piece of paper, not a box at its top.
  const heightMm = spec.page.orientation === 'landscape' ? (spec.page.widthMm ?? 210) : (spec.page.heightMm ?? 297);
  const frame = `height: ${Math.floor(heightMm - 2 * (heightMm < 60 ? 4 : 5) - 3)}mm;`;
  const grid = others.length
    ? `<div class="q-grid">\n      ${others.map((f) => box(f, t)).join('\n      ')}\n    </div>`
    : '';
  const band = `<div class="q-band">
    ${logo(spec)}
    ${brandName ? `<p class="q-band-brand">{{ ${ref(brandName.path)} }}</p>` : ''}
    <p class="q-band-title">${escapeHtml(titleOf(spec))}</p>
  </div>`;
  const s = t.size;
  const base = `.q-compact { color: ${t.text}; }
.q-box-label { font-size: ${pt(s * 0.62)}; text-transform: uppercase; letter-spacing: 0.6px; color: ${t.muted}; margin: 0; overflow-wrap: anywhere; }
.q-box-value { font-weight: bold; margin: 0; overflow-wrap: anywhere; }
.q-party-name { font-weight: bold; margin: 0; }
.q-grid { display: flex; flex-wrap: wrap; gap: 4px 10px; }
.q-bars, .q-qr { text-align: center; }`;
  if (spec.layout === 'label') {
    const from = spec.parties.find((p) => ['ship_from', 'from', 'sender'].includes(p.role));
    const to = spec.parties.find((p) => p !== from) ?? (from && spec.parties.length === 1 ? undefined : undefined);
    const shipping = Boolean(barcode) || others.length > 0 || hero.length > 0;
    if (!shipping) {
      // An address label: the addressee, large, and nothing else.
      const only = to ?? from;
      return {
        html: `<div class="q-compact q-address-label">
  ${only ? partyLines(postal(only), 'q-party-name') : ''}
  ${rest}
</div>`,
        css: `${base}
.q-address-label { padding: 2px 4px; }
.q-address-label .q-party-name { font-size: ${pt(s * 1.35)}; }
.q-address-label .q-lines { font-size: ${pt(s * 1.15)}; color: ${t.text}; }`,
      };
    }
    return {
      html: `<div class="q-compact q-label">
  <div class="q-label-top">
    ${party(from && postal(from), spec, 'q-label-from')}
    <div class="q-label-service">${heroHtml || `<p class="q-hero">${escapeHtml(titleOf(spec))}</p>`}</div>
  </div>
  ${party(to && postal(to), spec, 'q-label-to')}
  <div class="q-label-details">
    ${grid}
  </div>
  ${code(barcode, 'barcode', 70)}
  ${barcode?.path ? ifPresent(barcode.path, `<p class="q-label-tracking">${escapeHtml(labelOf({ path: barcode.path, concept: barcode.path.split('.').pop() as string }, t.lang))}: {{ ${ref(barcode.path)} }}</p>`) : ''}
  ${code(qr, 'qr', 70)}
  ${rest}
</div>`,
      css: `${base}
.q-label { border: 2px solid ${t.text}; padding: 6px; }
.q-label-top { display: flex; gap: 8px; border-bottom: 2px solid ${t.text}; padding-bottom: 6px; margin-bottom: 8px; }
.q-label-from { flex: 3; font-size: ${pt(s * 0.8)}; }
.q-label-service { flex: 2; background-color: ${t.text}; color: #ffffff; padding: 6px; text-align: center; }
.q-label-service .q-hero { font-size: ${pt(s * 1.2)}; font-weight: bold; color: #ffffff; margin: 0; }
.q-label-to { padding: 4px 0 10px 0; border-bottom: 2px solid ${t.text}; margin-bottom: 8px; }
.q-label-to .q-party-name { font-size: ${pt(s * 1.6)}; }
.q-label-to .q-lines { font-size: ${pt(s * 1.3)}; color: ${t.text}; }
.q-label-details { border-bottom: 2px solid ${t.text}; padding-bottom: 6px; margin-bottom: 10px; }
.q-label-details .q-box { width: 30%; }
.q-label-tracking { text-align: center; font-weight: bold; font-size: ${pt(s * 0.95)}; margin: 4px 0 8px 0; }`,
    };
  }
  if (spec.layout === 'ticket') {
    return {
      html: `<div class="q-compact q-ticket">
  <div class="q-ticket-main">
    ${band}
    <div class="q-ticket-body">
    ${heroHtml}
    ${grid}
    ${code(barcode, 'barcode', 30)}
    ${rest}
    </div>
  </div>
  <div class="q-ticket-stub">
    ${code(qr, 'qr', 90)}
  </div>
</div>`,
      css: `${base}
.q-ticket { display: flex; border: 1.5px solid ${t.accent}; ${frame} }
.q-ticket-main { flex: 3; }
.q-ticket-stub { flex: 1; border-left: 2px dashed ${t.accent}; padding: 10px 8px; text-align: center; }
.q-band { background-color: ${t.accent}; color: ${t.onAccent}; padding: 6px 12px; display: flex; gap: 10px; }
.q-band-brand { flex: 1; font-weight: bold; color: ${t.onAccent}; margin: 0; }
.q-band-title { flex: 1; text-align: right; text-transform: uppercase; letter-spacing: 1px; color: ${t.onAccent}; margin: 0; }
.q-logo { height: 18px; }
.q-ticket-body { padding: 8px 12px; }
.q-hero { font-size: ${pt(s * 2)}; font-weight: bold; color: ${t.accent}; margin: 0 0 6px 0; }
.q-ticket .q-box { width: ${wide ? 22 : 46}%; border-left: 2px solid ${t.tint}; padding-left: 5px; }
.q-ticket .q-box-value { font-size: ${pt(s * 1.1)}; }`,
    };
  }
  if (spec.kind === 'business_card') {
    // The name and role on the left, the ways to reach them on the right, a rule in the accent between.
    const [name, role, ...contact] = [...hero, ...others];
    const line = (f: FieldSpec) =>
      ifPresent(
        f.path,
        `<p class="q-bc-line"><span class="q-bc-label">${escapeHtml(labelOf(f, t.lang))}</span> ${out(f.path, f.type, t)}</p>`,
      );
    return {
      html: `<div class="q-compact q-bcard">
  <div class="q-bc-left">
    ${logo(spec)}
    ${name ? `<p class="q-hero">${out(name.path, name.type, t)}</p>` : ''}
    ${role ? ifPresent(role.path, `<p class="q-bc-role">${out(role.path, role.type, t)}</p>`) : ''}
    ${brandName ? `<p class="q-bc-company">{{ ${ref(brandName.path)} }}</p>` : ''}
  </div>
  <div class="q-bc-right">
    ${contact.map(line).join('\n    ')}
    ${code(qr, 'qr', 48)}
  </div>
</div>
${rest}`,
      css: `${base}
.q-bcard { display: flex; gap: 8px; }
.q-bc-left { flex: 1; border-right: 2px solid ${t.accent}; padding: 4mm 6px 4mm 2mm; }
.q-bc-right { flex: 1; padding: 6mm 0 0 4px; }
.q-hero { font-size: ${pt(s * 1.45)}; font-weight: bold; color: ${t.accent}; margin: 0 0 2px 0; }
.q-bc-role { color: ${t.muted}; margin: 0 0 8px 0; }
.q-bc-company { font-weight: bold; margin: 0; }
.q-bc-line { font-size: ${pt(s * 0.78)}; margin: 0 0 3px 0; overflow-wrap: anywhere; }
.q-bc-label { color: ${t.muted}; font-size: ${pt(s * 0.62)}; text-transform: uppercase; }
.q-logo { height: 16px; margin-bottom: 4px; }`,
    };
  }
  // Cards.
  const badge = spec.kind === 'name_badge';
  const barcodeField = spec.fields.find((f) => f.path === barcode?.path);
  const side = qr?.path ? code(qr, 'qr', badge ? 64 : 56) : '';
  return {
    html: `<div class="q-compact q-card${badge ? ' q-badge' : ''}">
  ${band}
  <div class="q-card-body">
    <div class="q-card-main">
    ${heroHtml}
    ${grid}
    </div>
    ${side ? `<div class="q-card-side">${side}</div>` : ''}
  </div>
  ${barcodeField ? `<p class="q-code-label">${escapeHtml(labelOf(barcodeField, t.lang))}</p>` : ''}
  ${code(barcode, 'barcode', 24)}
  ${rest}
</div>`,
    css: `${base}
.q-card { border: 1px solid ${t.line}; ${frame} }
.q-band { background-color: ${t.accent}; color: ${t.onAccent}; padding: 4px 8px; display: flex; gap: 8px; }
.q-band-brand { flex: 3; font-size: ${pt(s * 0.85)}; font-weight: bold; color: ${t.onAccent}; margin: 0; }
.q-band-title { flex: 2; text-align: right; font-size: ${pt(s * 0.6)}; text-transform: uppercase; letter-spacing: 1px; color: ${t.onAccent}; margin: 0; }
.q-logo { height: 14px; }
.q-card-body { display: flex; gap: 6px; padding: 6px 8px 4px 8px; }
.q-card-main { flex: 3; }
.q-card-side { flex: 1; text-align: right; }
.q-hero { font-size: ${pt(s * (badge ? 2.4 : 1.4))}; font-weight: bold; color: ${t.accent}; margin: 0 0 4px 0; }
.q-card .q-box { width: ${side ? 46 : 30}%; margin-bottom: 2px; }
.q-card .q-box-value { font-size: ${pt(s * 0.85)}; }
.q-card .q-bars { padding: 0 8px 4px 8px; }
.q-code-label { font-size: ${pt(s * 0.6)}; text-transform: uppercase; letter-spacing: 0.6px; color: ${t.muted}; text-align: center; margin: 2px 0 0 0; }${badge ? `\n.q-badge .q-card-main { text-align: center; }\n.q-badge .q-box { width: 100%; }` : ''}`,
  };
}
