import { certificateBlock } from './blocks/certificate';
import { chartBlock } from './blocks/chart';
import { clausesBlock } from './blocks/clauses';
import { compactBlock } from './blocks/compact';
import { detailsBlock } from './blocks/details';
import { figuresBlock } from './blocks/figures';
import { footerBlock } from './blocks/footer';
import { brandParty, headerBlock, letterheadBlock, titleOf } from './blocks/header';
import { columnSums, itemsTableBlock, salesTotals } from './blocks/items-table';
import { ifPresent, ref } from './blocks/liquid';
import { letterAddressBlock, partiesBlock } from './blocks/parties';
import { barcodeBlock, pairBlock, qrBlock, signatureBlock, textSectionBlock } from './blocks/sections';
import { baseCss, labelOf, themeOf } from './blocks/theme';
import { isCompact } from './kinds/catalogue';
import { term } from './labels';
import { isSales } from './plan';
import { fillSample } from './sample';
import { type ContentParts, type DocumentSpec, type SectionSpec, specComment } from './spec';
import { escapeHtml } from './text';

/**
 * A DocumentSpec made into a template: the blocks in the spec's order, their CSS (each block's once), the running
 * footer, the page setup and sample data that fills every value. The spec rides along in an HTML comment so that a
 * later refinement can change the spec and compose again.
 */

/** How many details fit in the header; the rest go to a details section. */
const HEADER_FIELDS = 6;
const DUE_BOX = new Set(['invoice', 'credit_note', 'quote', 'order_confirmation', 'purchase_order']);
const PAIRABLE = new Set(['payment', 'notes', 'terms', 'summary']);

export function compose(spec: DocumentSpec, given: Record<string, unknown> = {}): ContentParts {
  const t = themeOf(spec);
  const css = new Set<string>([baseCss(t)]);
  const use = (block: { html: string; css: string }) => {
    css.add(block.css);
    return block.html;
  };

  const special = spec.docType === 'certificate' || spec.docType === 'letter';
  const subject = spec.docType === 'letter' ? spec.fields.find((f) => f.concept === 'subject') : undefined;
  const short = spec.fields.filter((f) => f.type !== 'longtext' && f !== subject);
  const headerFields = special ? short : short.slice(0, HEADER_FIELDS);
  const extra = spec.fields.filter((f) => f !== subject && !headerFields.includes(f));

  const table = spec.table;
  const sales = table?.totals && isSales(spec.docType, spec.kind) ? salesTotals(table) : undefined;
  const sums = table?.totals && !sales ? columnSums(table) : { prelude: '', sums: new Map<number, string>() };
  const prelude = [sales?.prelude, sums.prelude].filter(Boolean).join('\n');

  const sections = [...spec.sections];
  // On a certificate the codes go last; with a signature, between the signature and the date, as on the
  // certificate starter, so the page stays one page.
  let codesInSignature = false;
  if (spec.docType === 'certificate') {
    const codes = sections.filter((s) => s.kind === 'qr' || s.kind === 'barcode');
    sections.splice(0, sections.length, ...sections.filter((s) => !codes.includes(s)), ...codes);
    codesInSignature = codes.length > 0 && sections.some((s) => s.kind === 'signature');
  }
  if (extra.length > 0 && !sections.some((s) => s.kind === 'details')) {
    const after = sections.findIndex((s) => s.kind === 'parties');
    sections.splice(after + 1, 0, { kind: 'details' });
  }

  const render = (section: SectionSpec): string => {
    switch (section.kind) {
      case 'parties': {
        if (spec.docType === 'letter') return use(letterAddressBlock(spec, t, headerFields));
        const others = spec.parties.filter((p) => p !== brandParty(spec));
        if (others.length === 0 && !sales) return '';
        const dueDate = spec.fields.find((f) => f.concept === 'due_date');
        const due =
          sales && DUE_BOX.has(spec.docType)
            ? {
                label: term('total', spec.language) ?? 'Total',
                expression: `{{ q_total | money: "${t.currency}", "${t.locale}" }}`,
                ...(dueDate ? { date: dueDate } : {}),
              }
            : undefined;
        return use(partiesBlock(spec, t, due));
      }
      case 'details':
        return extra.length > 0 ? use(detailsBlock(spec, t, extra, section.label)) : '';
      case 'table':
        return table ? use(itemsTableBlock(spec, t, table, sales, sums.sums)) : '';
      case 'signature': {
        const codes = codesInSignature
          ? sections
              .filter((s) => s.kind === 'qr' || s.kind === 'barcode')
              .map((s) => use(s.kind === 'qr' ? qrBlock(s, spec, t) : barcodeBlock(s, spec, t)))
              .join('\n')
          : '';
        return use(signatureBlock(section, spec, t, codes));
      }
      case 'figures':
        return use(figuresBlock(section, t));
      case 'clauses':
        return section.path ? use(clausesBlock(section, t)) : '';
      case 'chart':
        return use(chartBlock(section, spec, t));
      case 'qr':
        return codesInSignature ? '' : use(qrBlock(section, spec, t));
      case 'barcode':
        return codesInSignature ? '' : use(barcodeBlock(section, spec, t));
      default:
        return use(textSectionBlock(section, spec, t));
    }
  };

  // Small formats draw their own parties and codes; the other sections (terms, notes) follow them.
  const compact = isCompact(spec);
  const parts: string[] = [];
  for (let i = 0; i < sections.length; i++) {
    const section = sections[i] as SectionSpec;
    if (compact && ['parties', 'details', 'qr', 'barcode'].includes(section.kind)) continue;
    const next = sections[i + 1];
    if (
      spec.docType !== 'certificate' &&
      PAIRABLE.has(section.kind) &&
      next &&
      (next.kind === 'qr' || next.kind === 'barcode')
    ) {
      parts.push(use(pairBlock(render(section), render(next))));
      i++;
      continue;
    }
    parts.push(render(section));
  }

  let body: string;
  if (compact) {
    body = use(compactBlock(spec, t, parts.filter(Boolean).join('\n')));
  } else if (spec.docType === 'certificate') {
    // More than a signature on the face (notes, a logo, codes below it) needs tighter spacing to stay one page.
    const busy =
      Boolean(spec.logo) ||
      sections.some((s) => !['signature', 'qr', 'barcode'].includes(s.kind)) ||
      (!codesInSignature && sections.some((s) => s.kind === 'qr' || s.kind === 'barcode'));
    body = use(certificateBlock(spec, t, parts.filter(Boolean).join('\n'), busy));
  } else if (spec.docType === 'letter') {
    const top = use(letterheadBlock(spec, t));
    if (!sections.some((s) => s.kind === 'parties')) parts.unshift(use(letterAddressBlock(spec, t, headerFields)));
    const subjectLine = subject
      ? ifPresent(
          subject.path,
          `<p class="q-subject"><strong>${escapeHtml(labelOf(subject, t.lang))}:</strong> {{ ${ref(subject.path)} }}</p>`,
        )
      : '';
    if (subject) css.add(`.q-subject { margin: 0 0 14px 0; }`);
    const bodyAt = parts.findIndex((p) => p.includes('q-letter-body'));
    if (subjectLine) parts.splice(bodyAt >= 0 ? bodyAt : parts.length, 0, subjectLine);
    body = [top, ...parts].filter(Boolean).join('\n\n');
  } else {
    body = [use(headerBlock(spec, t, headerFields)), ...parts].filter(Boolean).join('\n\n');
  }

  // On a small page (A6, a 4x6 slip) the letterhead and the heading stack instead of sharing a line.
  const across = spec.page.orientation === 'landscape' ? spec.page.heightMm : spec.page.widthMm;
  if (!compact && across !== undefined && across < 130)
    css.add(`.q-header { display: block; }
.q-heading { text-align: left; margin-top: 6px; }
.q-meta th, .q-meta td { text-align: left; }
h1 { font-size: ${Math.round(t.size * 1.7 * 10) / 10}pt; }`);
  const html = `${prelude ? `${prelude}\n\n` : ''}${body}\n`;
  const footer = spec.pageNumbers ? footerBlock(spec, t) : undefined;
  if (footer) css.add(footer.css);
  const stylesheet = `${[...css].join('\n')}\n`;
  const margin = spec.page.margins ?? marginOf(spec);
  return {
    name: titleOf(spec),
    html: specComment(spec, html, stylesheet) + html,
    css: stylesheet,
    footer_html: footer?.html ?? '',
    page: {
      size: spec.page.size,
      ...(spec.page.size === 'custom'
        ? { width_mm: spec.page.widthMm ?? 210, height_mm: spec.page.heightMm ?? 297 }
        : {}),
      orientation: spec.page.orientation,
      margins: { top: margin, right: margin, bottom: spec.pageNumbers ? Math.max(margin, 22) : margin, left: margin },
    },
    sample_data: fillSample(spec, given),
  };
}

/** Margins that suit the page: 18 mm on office paper, less on A5, a few millimetres on labels and cards. */
export function marginOf(spec: DocumentSpec): number {
  if (spec.docType === 'certificate' && !spec.page.widthMm) return 12;
  const short = Math.min(spec.page.widthMm ?? 210, spec.page.heightMm ?? 297);
  if (short < 60) return 4;
  if (short < 110) return isCompact(spec) ? 5 : 8;
  if (short < 160) return 12;
  return 18;
}
