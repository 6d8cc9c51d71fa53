import type { JsonSchemaDocument, TemplateContent } from '@quire/core';
import type { OfflineAnswer } from './answer';
import { afterRemoval, applyEffect, computeTax, syncSample } from './arithmetic';
import { dataShape, findRowPath, findScalarPath } from './bind';
import { titleOf } from './blocks/header';
import { columnSums, salesTotals } from './blocks/items-table';
import { headingOf } from './blocks/sections';
import { FONT_FAMILIES, labelOf } from './blocks/theme';
import type { ChartAsk } from './charts';
import { compose, marginOf } from './compose';
import { refineForeign } from './foreign';
import { chartName, unsupportedReply } from './generate';
import { type Kind, type Op, parseInstruction } from './instruction';
import { conceptsOfLabel, LANGUAGE_NAMES, term } from './labels';
import { columnFromNamed, fieldFromNamed, insertSection, isSales, partyFor, placeParty, sectionFor } from './plan';
import { BRAND_ROLES } from './presets';
import { fillSample, getPath, setPath } from './sample';
import { named } from './scan';
import {
  type ColumnSpec,
  type ContentParts,
  cloneSpec,
  type DocumentSpec,
  readSpec,
  type SectionKind,
  type SectionSpec,
  stripSpec,
} from './spec';
import { capitalize, fold, listText, similarity } from './text';
import { COLUMN_CONCEPTS, CONCEPTS, conceptOf } from './vocabulary';

/**
 * A refinement: the instruction becomes operations (instruction.ts), applied to the spec the template carries when
 * it is as generated, else to the template itself (foreign.ts). Whatever cannot be done is said plainly; when
 * nothing can be done the template comes back unchanged.
 */
export interface Outcome {
  done: string[];
  failed: string[];
}

type Ref =
  | { kind: 'column'; index: number }
  | { kind: 'field'; index: number }
  | { kind: 'section'; index: number }
  | { kind: 'party'; index: number };

const SECTION_NAMES: Record<string, string> = {
  notes: 'notes',
  terms: 'the terms',
  signature: 'a signature',
  summary: 'a summary',
  payment: 'payment details',
  qr: 'a QR code',
  barcode: 'a barcode',
  parties: 'the parties',
  details: 'the details',
  table: 'the table',
  body: 'the letter body',
  chart: 'a chart',
};

function score(name: string, candidates: (string | undefined)[], concept?: string): number {
  const f = fold(name);
  let best = 0;
  if (concept && conceptOf(name) === concept) best = 0.95;
  for (const c of candidates) {
    if (!c) continue;
    const g = fold(c).replace(/[.:]+$/, '');
    if (g === f) return 1;
    best = Math.max(best, similarity(f, g) * 0.95, g.split(' ').includes(f) && f.length > 3 ? 0.8 : 0);
  }
  return best;
}

function sectionWords(kind: SectionKind, spec: DocumentSpec): string[] {
  const words = [kind, term(kind, spec.language), term(kind, 'en')];
  if (kind === 'table') words.push('table', 'items table', 'line items', 'items');
  if (kind === 'qr') words.push('qr code', 'qr');
  if (kind === 'payment') words.push('bank details', 'payment', 'payment instructions');
  if (kind === 'terms') words.push('terms and conditions', 'conditions');
  if (kind === 'parties') words.push('addresses', 'parties', 'bill to');
  return words.filter(Boolean) as string[];
}

export function resolve(spec: DocumentSpec, name: string, kind?: Kind): Ref | undefined {
  const found: { ref: Ref; score: number }[] = [];
  if (!kind || kind === 'column')
    spec.table?.columns.forEach((c, index) => {
      found.push({
        ref: { kind: 'column', index },
        score: score(
          name,
          [labelOf(c, spec.language), c.label, c.path, ...(c.concept ? [term(c.concept, 'en')] : [])],
          c.concept,
        ),
      });
    });
  if (!kind || kind === 'field')
    spec.fields.forEach((f, index) => {
      found.push({
        ref: { kind: 'field', index },
        score:
          score(
            name,
            [
              labelOf(f, spec.language),
              f.label,
              f.path.split('.').pop(),
              ...(f.concept ? [term(f.concept, 'en')] : []),
            ],
            f.concept,
          ) - 0.01,
      });
    });
  if (!kind || kind === 'section')
    spec.sections.forEach((s, index) => {
      found.push({
        ref: { kind: 'section', index },
        score: score(name, [...sectionWords(s.kind, spec), s.label]) - 0.02,
      });
    });
  if (!kind)
    spec.parties.forEach((p, index) => {
      found.push({
        ref: { kind: 'party', index },
        score:
          score(name, [p.label, term(p.role, spec.language), term(p.role, 'en'), p.role.replace(/_/g, ' ')]) - 0.03,
      });
    });
  const best = found.sort((a, b) => b.score - a.score)[0];
  return best && best.score >= 0.74 ? best.ref : undefined;
}

function nameOf(spec: DocumentSpec, ref: Ref): string {
  switch (ref.kind) {
    case 'column':
      return `the ${labelOf(spec.table?.columns[ref.index] as never, spec.language)} column`;
    case 'field':
      return `the ${labelOf(spec.fields[ref.index] as never, spec.language)} field`;
    case 'section': {
      const s = spec.sections[ref.index];
      if (!s) return 'that';
      if (
        s.kind === 'table' ||
        s.kind === 'parties' ||
        s.kind === 'qr' ||
        s.kind === 'barcode' ||
        s.kind === 'signature'
      )
        return (SECTION_NAMES[s.kind] ?? s.kind).replace(/^an? /, 'the ');
      return `the ${headingOf(s, spec)} section`;
    }
    case 'party': {
      const p = spec.parties[ref.index];
      return `the ${p?.label ?? term(p?.role ?? '', spec.language) ?? p?.role} block`;
    }
  }
}

function listOf(spec: DocumentSpec, kind: Ref['kind']): unknown[] {
  if (kind === 'column') return spec.table?.columns ?? [];
  if (kind === 'field') return spec.fields;
  if (kind === 'section') return spec.sections;
  return spec.parties;
}

function moveItem(list: unknown[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  list.splice(Math.max(0, Math.min(to, list.length)), 0, item);
}

/** A label the user typed: the dictionary's word keeps it translatable; anything else is kept as written. */
function setLabel(target: { concept?: string; label?: string }, to: string, spec: DocumentSpec): void {
  const concept = conceptsOfLabel(to).find(
    (c) => term(c, spec.language) && fold(term(c, spec.language) as string) === fold(to),
  );
  if (concept && (!target.concept || target.concept === concept || CONCEPTS[concept])) {
    target.concept = concept;
    delete target.label;
  } else target.label = to;
}

interface Context {
  spec: DocumentSpec;
  schema?: JsonSchemaDocument;
  sample: Record<string, unknown>;
  /** The column the instruction added last: what "subtract it from the amount" means. */
  added?: ColumnSpec;
}

function addThing(ctx: Context, op: Extract<Op, { op: 'add' }>, out: Outcome): void {
  const { spec } = ctx;
  // "a VAT column" is the tax on each line, not the VAT number a field of that name would be.
  const n = /^(vat|gst|hst|tva|iva|mwst|btw|sales tax)$/i.test(op.name.trim())
    ? { ...named('tax'), label: op.name.trim() }
    : named(op.name);
  const party = conceptOf(op.name);
  if (party && CONCEPTS[party]?.party) {
    const [role, path] = placeParty(party);
    if (spec.parties.some((p) => p.role === role || p.lines[0]?.path.startsWith(`${path}.`))) {
      out.failed.push(`It already has a ${term(role, 'en')?.toLowerCase() ?? role} block.`);
      return;
    }
    spec.parties.push(partyFor(role, path));
    if (!spec.sections.some((s) => s.kind === 'parties')) insertSection(spec.sections, { kind: 'parties' });
    out.done.push(`added a ${term(role, 'en')?.toLowerCase() ?? role} block`);
    return;
  }
  const asColumn =
    op.kind === 'column' || (op.kind !== 'field' && Boolean(spec.table) && COLUMN_CONCEPTS.has(n.concept ?? ''));
  const shape = dataShape(ctx.schema, undefined);
  if (asColumn) {
    if (!spec.table) {
      spec.table = { path: `${spec.root}.items`, item: 'item', columns: [], totals: false };
      insertSection(spec.sections, { kind: 'table' });
    }
    const table = spec.table;
    if (resolve(spec, op.name, 'column')) {
      out.failed.push(`It already has a ${capitalize(op.name)} column.`);
      return;
    }
    const column = columnFromNamed(n);
    const bound = shape ? findRowPath(shape, table.path, n) : undefined;
    if (bound) {
      column.path = bound.path;
      column.type = bound.type;
    }
    if (op.percent) column.type = 'percent';
    let at = table.columns.length;
    const ref = op.before ?? op.after;
    if (ref) {
      const r = resolve(spec, ref, 'column');
      if (r) at = r.index + (op.after ? 1 : 0);
    }
    table.columns.splice(at, 0, column);
    ctx.added = column;
    const added = `added the ${labelOf(column, spec.language)} column${bound ? ` (from \`${bound.path}\` in your data)` : ''}`;
    // A discount is subtracted from the line unless someone says otherwise; a tax column is worked out per line.
    const effect = op.effect ?? (column.concept === 'discount' && isSales(spec.docType) ? 'subtract' : undefined);
    if (effect) {
      const result = applyEffect(spec, column, effect, Boolean(ref));
      if (result.ok) out.done.push(`${added}; line amounts are now ${result.how}`);
      else {
        out.done.push(added);
        out.failed.push(`I didn't ${effect} it: ${result.why}.`);
      }
      return;
    }
    if (column.concept === 'tax' && !bound) {
      const how = computeTax(spec, column);
      out.done.push(how ? `${added}, worked out per line (${how})` : added);
      return;
    }
    if (column.concept === 'tax_rate' && !bound && isSales(spec.docType) && table.totals) {
      out.done.push(`${added}; the tax is now worked out per line at its rate`);
      return;
    }
    out.done.push(added);
    return;
  }
  if (resolve(spec, op.name, 'field')) {
    out.failed.push(`It already has a ${capitalize(op.name)} field.`);
    return;
  }
  const field = fieldFromNamed(n, spec.root);
  const bound = shape ? findScalarPath(shape, n) : undefined;
  if (bound) {
    field.path = bound.path;
    field.type = bound.type;
  }
  let at = spec.fields.length;
  const ref = op.before ?? op.after;
  if (ref) {
    const r = resolve(spec, ref, 'field');
    if (r) at = r.index + (op.after ? 1 : 0);
  }
  spec.fields.splice(at, 0, field);
  out.done.push(
    `added the ${labelOf(field, spec.language)} field${bound ? ` (from \`${bound.path}\` in your data)` : ''}`,
  );
}

function brandPath(spec: DocumentSpec): string {
  const brand = spec.parties.find((p) => BRAND_ROLES.has(p.role));
  return brand?.lines[0]?.path.replace(/\.[^.]+$/, '') ?? 'company';
}

/** Sample values that were the old language's defaults become the new language's defaults. */
function resample(given: unknown, before: unknown, after: unknown): unknown {
  if (JSON.stringify(given) === JSON.stringify(before)) return after;
  // The provider's text put one clause to a line (numbered terms) is still the provider's text.
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  if (typeof given === 'string' && typeof before === 'string' && typeof after === 'string')
    return squash(given) === squash(before) ? (given.includes('\n') ? oneClausePerLine(after) : after) : given;
  if (Array.isArray(given) && Array.isArray(before) && Array.isArray(after))
    return given.map((g, i) => resample(g, before[i], after[i]));
  if (
    given &&
    typeof given === 'object' &&
    before &&
    typeof before === 'object' &&
    after &&
    typeof after === 'object' &&
    !Array.isArray(given)
  ) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(given))
      out[k] = resample(v, (before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k]);
    return out;
  }
  return given;
}

function translate(ctx: Context, lang: DocumentSpec['language'], out: Outcome): void {
  const { spec } = ctx;
  if (spec.language === lang) {
    out.failed.push(`The labels are already in ${LANGUAGE_NAMES[lang]}.`);
    return;
  }
  const before = cloneSpec(spec);
  const kept: string[] = [];
  const relabel = (t: { concept?: string; label?: string }) => {
    if (!t.label) return;
    const concept = conceptOf(t.label) ?? conceptsOfLabel(t.label).find((c) => term(c, lang));
    if (concept && term(concept, lang)) {
      t.concept = t.concept ?? concept;
      if (conceptOf(t.label) === t.concept || conceptsOfLabel(t.label).includes(t.concept)) delete t.label;
      else kept.push(t.label);
    } else kept.push(t.label);
  };
  spec.fields.forEach(relabel);
  spec.table?.columns.forEach(relabel);
  spec.sections.forEach(relabel);
  spec.parties.forEach(relabel);
  if (spec.title.text) {
    const concept = conceptsOfLabel(spec.title.text).find((c) => term(c, lang));
    if (concept) {
      spec.title = { concept };
    } else kept.push(spec.title.text);
  }
  spec.language = lang;
  if (before.currency === 'USD' && lang !== 'en' && !JSON.stringify(ctx.sample).includes('"currency"'))
    spec.currency = 'EUR';
  ctx.sample = resample(ctx.sample, fillSample(before, {}), fillSample(spec, {})) as Record<string, unknown>;
  out.done.push(
    `translated the labels into ${LANGUAGE_NAMES[lang]}${spec.currency !== before.currency ? ` (amounts now in ${spec.currency})` : ''}`,
  );
  if (kept.length > 0)
    out.failed.push(
      `I kept ${listText(kept.map((k) => `"${k}"`))} as written: my dictionary has no ${LANGUAGE_NAMES[lang]} for ${kept.length === 1 ? 'it' : 'them'}; rename ${kept.length === 1 ? 'it' : 'them'} if you like.`,
    );
}

const SIDES = { left: 'on the left', right: 'on the right', center: 'centred above the header' } as const;
const TO_SIDES = { left: 'to the left', right: 'to the right', center: 'to the centre, above the header' } as const;

function placeLogo(spec: DocumentSpec, at: 'left' | 'right' | 'center', out: Outcome): void {
  if (spec.docType === 'certificate') {
    out.failed.push('On a certificate the logo stays centred above the title.');
    return;
  }
  if (spec.logo && (spec.style.logoAt ?? 'left') === at) {
    out.failed.push(`The logo is already ${SIDES[at]}.`);
    return;
  }
  const added = !spec.logo;
  if (added) spec.logo = `${brandPath(spec)}.logo_url`;
  spec.style.logoAt = at;
  out.done.push(added ? `added a logo (from \`${spec.logo}\`) ${SIDES[at]}` : `moved the logo ${TO_SIDES[at]}`);
}

const TOTALS_AT = {
  table: "in the table's footer",
  right: 'below the table on the right',
  left: 'below the table on the left',
  box: 'in a box below the table on the right',
} as const;

function placeTotals(spec: DocumentSpec, at: keyof typeof TOTALS_AT, out: Outcome): void {
  const table = spec.table;
  if (!table) {
    out.failed.push('There is no table, so there are no totals to place.');
    return;
  }
  // Totals print only where there is something to add up: a sales document's amounts, else summable columns.
  const printable = isSales(spec.docType) ? Boolean(salesTotals(table)) : columnSums(table).sums.size > 0;
  if (!printable) {
    out.failed.push('None of the columns holds amounts or quantities to total; add an amount column first.');
    return;
  }
  if (!table.totals) {
    table.totals = true;
    if (isSales(spec.docType)) table.taxRate = table.taxRate ?? `${spec.root}.tax_rate`;
    table.totalsAt = at;
    out.done.push(`added totals ${TOTALS_AT[at]}`);
    return;
  }
  if ((table.totalsAt ?? 'table') === at) {
    out.failed.push(`The totals are already ${TOTALS_AT[at]}.`);
    return;
  }
  table.totalsAt = at;
  out.done.push(`put the totals ${TOTALS_AT[at]}`);
}

/** Sentences of one line become one line each, so a numbered list has an item per clause. */
function oneClausePerLine(text: string): string {
  if (text.includes('\n')) return text;
  return text
    .split(/(?<=[.;!?])\s+(?=\p{Lu}|\d)/u)
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n');
}

function numberSection(ctx: Context, kind: 'terms' | 'notes', on: boolean, out: Outcome): void {
  const { spec } = ctx;
  let section = spec.sections.find((s) => s.kind === kind);
  const name = kind === 'terms' ? 'terms' : 'notes';
  if (!section) {
    if (!on) {
      out.failed.push(`There are no ${name} to change.`);
      return;
    }
    insertSection(spec.sections, sectionFor(kind, spec));
    section = spec.sections.find((s) => s.kind === kind) as (typeof spec.sections)[number];
    out.done.push(`added ${SECTION_NAMES[kind]}`);
  } else if (Boolean(section.numbered) === on) {
    out.failed.push(`The ${name} are already ${on ? 'a numbered list' : 'a paragraph'}.`);
    return;
  }
  const path = section.path ?? `${spec.root}.${kind}`;
  if (on) {
    section.numbered = true;
    ctx.sample = fillSample(spec, ctx.sample);
    const text = getPath(ctx.sample, path);
    if (typeof text === 'string') setPath(ctx.sample, path, oneClausePerLine(text));
    out.done.push(`made the ${name} a numbered list (one item per line of \`${path}\`)`);
  } else {
    delete section.numbered;
    out.done.push(`made the ${name} a paragraph again`);
  }
}

function setDecimals(spec: DocumentSpec, n: number, of: 'money' | 'numbers', out: Outcome): void {
  if (of === 'money') {
    out.failed.push(
      n === 2 && spec.currency !== 'JPY'
        ? `Amounts already print with 2 decimals, as ${spec.currency} is written.`
        : `Amounts print with their currency's decimals (${spec.currency === 'JPY' ? 0 : 2} for ${spec.currency}); I can't change that.`,
    );
    return;
  }
  const numbers = spec.table?.columns.filter((c) => c.type === 'number') ?? [];
  if (numbers.length === 0) {
    out.failed.push('The table has no plain numbers (quantities, hours) to set decimals on.');
    return;
  }
  if (spec.style.decimals === n) {
    out.failed.push(`They already print with ${n} decimals.`);
    return;
  }
  spec.style.decimals = n;
  out.done.push(
    `${listText(numbers.map((c) => labelOf(c, spec.language)))} now print${numbers.length === 1 ? 's' : ''} with ${n} decimal${n === 1 ? '' : 's'}`,
  );
}

export function applyOp(ctx: Context, op: Op, out: Outcome): void {
  const { spec } = ctx;
  switch (op.op) {
    case 'add':
      addThing(ctx, op, out);
      return;
    case 'remove': {
      const ref = resolve(spec, op.name, op.kind);
      if (!ref) {
        out.failed.push(`I couldn't find "${op.name}" to remove.`);
        return;
      }
      const what = nameOf(spec, ref);
      if (ref.kind === 'section' && spec.sections[ref.index]?.kind === 'table') {
        delete spec.table;
      }
      listOf(spec, ref.kind).splice(ref.index, 1);
      if (spec.table && spec.table.columns.length === 0) {
        delete spec.table;
        spec.sections = spec.sections.filter((s) => s.kind !== 'table');
      }
      if (ref.kind === 'party' && !spec.parties.some((p) => !BRAND_ROLES.has(p.role)))
        spec.sections = spec.sections.filter((s) => s.kind !== 'parties');
      const line = ref.kind === 'column' ? afterRemoval(spec, ctx.sample) : undefined;
      out.done.push(`removed ${what}${line ? `; ${line}` : ''}`);
      return;
    }
    case 'rename': {
      const ref = resolve(spec, op.name, op.kind);
      if (!ref) {
        if (fold(op.name) === fold(spec.title.text ?? term(spec.title.concept ?? spec.docType, spec.language) ?? '')) {
          spec.title = { ...spec.title, text: op.to };
          out.done.push(`renamed the title to "${op.to}"`);
          return;
        }
        out.failed.push(`I couldn't find "${op.name}" to rename.`);
        return;
      }
      const what = nameOf(spec, ref);
      const target = listOf(spec, ref.kind)[ref.index] as { concept?: string; label?: string };
      if (ref.kind === 'section' || ref.kind === 'party') target.label = op.to;
      else setLabel(target, op.to, spec);
      out.done.push(`renamed ${what} to "${op.to}"`);
      return;
    }
    case 'move': {
      const ref = resolve(spec, op.name, op.kind);
      if (!ref) {
        out.failed.push(`I couldn't find "${op.name}" to move.`);
        return;
      }
      const list = listOf(spec, ref.kind);
      const what = nameOf(spec, ref);
      if (op.where === 'first' || op.where === 'last') {
        moveItem(list, ref.index, op.where === 'first' ? 0 : list.length);
        out.done.push(`moved ${what} ${op.where === 'first' ? 'to the start' : 'to the end'}`);
        return;
      }
      const other = op.ref ? resolve(spec, op.ref, ref.kind === 'party' ? undefined : ref.kind) : undefined;
      if (!other || other.kind !== ref.kind) {
        out.failed.push(
          `I couldn't find "${op.ref ?? ''}" to move ${what} next to${other ? ` (it is not a ${ref.kind})` : ''}.`,
        );
        return;
      }
      const anchorName = nameOf(spec, other);
      const item = list[ref.index];
      const anchor = list[other.index];
      list.splice(ref.index, 1);
      const at = list.indexOf(anchor) + (op.where === 'after' ? 1 : 0);
      list.splice(at, 0, item);
      out.done.push(`moved ${what} ${op.where} ${anchorName}`);
      return;
    }
    case 'swap': {
      const a = resolve(spec, op.a);
      const b = a ? resolve(spec, op.b, a.kind === 'party' ? undefined : a.kind) : undefined;
      if (!a || !b || a.kind !== b.kind) {
        out.failed.push(`I couldn't find both "${op.a}" and "${op.b}" to swap.`);
        return;
      }
      const list = listOf(spec, a.kind);
      const item = list[a.index];
      list[a.index] = list[b.index];
      list[b.index] = item;
      out.done.push(`swapped ${nameOf(spec, b)} and ${nameOf(spec, a)}`);
      return;
    }
    case 'order': {
      const table = spec.table;
      if (!table) {
        out.failed.push('There is no table to reorder.');
        return;
      }
      const refs = op.names.map((n) => resolve(spec, n, 'column'));
      const missing = op.names.filter((_, i) => !refs[i]);
      if (missing.length > 0) {
        out.failed.push(
          `I couldn't find the column${missing.length > 1 ? 's' : ''} ${listText(missing.map((m) => `"${m}"`))} to reorder.`,
        );
        return;
      }
      const chosen = refs.map((r) => table.columns[(r as { index: number }).index]);
      const rest = table.columns.filter((c) => !chosen.includes(c));
      table.columns = [...chosen, ...rest] as typeof table.columns;
      out.done.push(`put the columns in the order ${listText(table.columns.map((c) => labelOf(c, spec.language)))}`);
      return;
    }
    case 'section': {
      const existing = spec.sections.findIndex((s) => s.kind === op.section);
      if (op.on) {
        if (existing >= 0) {
          out.failed.push(`It already has ${SECTION_NAMES[op.section]}.`);
          return;
        }
        if (op.section === 'chart') {
          addChart(spec, op.chart ?? { type: 'bar' }, out);
          return;
        }
        insertSection(spec.sections, sectionFor(op.section, spec));
        out.done.push(`added ${SECTION_NAMES[op.section]}`);
      } else {
        if (existing < 0) {
          out.failed.push(`There is no ${SECTION_NAMES[op.section]?.replace(/^an? /, '')} to remove.`);
          return;
        }
        const what = nameOf(spec, { kind: 'section', index: existing });
        spec.sections.splice(existing, 1);
        out.done.push(`removed ${what}`);
      }
      return;
    }
    case 'feature': {
      if (op.feature === 'logo') {
        if (op.on === Boolean(spec.logo)) {
          out.failed.push(op.on ? 'It already has a logo.' : 'There is no logo to remove.');
          return;
        }
        if (op.on) spec.logo = `${brandPath(spec)}.logo_url`;
        else delete spec.logo;
        out.done.push(op.on ? `added a logo (from \`${spec.logo}\`)` : 'removed the logo');
        return;
      }
      if (op.feature === 'pageNumbers') {
        if (op.on === spec.pageNumbers) {
          out.failed.push(op.on ? 'It already has page numbers.' : 'There are no page numbers to remove.');
          return;
        }
        spec.pageNumbers = op.on;
        out.done.push(op.on ? 'added page numbers in the footer' : 'removed the page numbers');
        return;
      }
      const table = spec.table;
      if (!table) {
        out.failed.push(
          'There is no table, so there is nothing to total; add columns first ("add columns description and amount").',
        );
        return;
      }
      if (op.on && !table.columns.some((c) => c.type === 'money' || c.sum)) {
        out.failed.push('None of the columns holds amounts or quantities to total; add an amount column first.');
        return;
      }
      if (op.on === table.totals) {
        out.failed.push(op.on ? 'It already has totals.' : 'There are no totals to remove.');
        return;
      }
      table.totals = op.on;
      if (op.on && isSales(spec.docType, spec.kind)) table.taxRate = `${spec.root}.tax_rate`;
      out.done.push(op.on ? 'added totals under the table' : 'removed the totals');
      return;
    }
    case 'effect': {
      const target = op.name ? resolve(spec, op.name, 'column') : undefined;
      const column = target ? spec.table?.columns[target.index] : op.name ? undefined : ctx.added;
      if (!column) {
        out.failed.push(
          op.name
            ? `I couldn't find a "${op.name}" column to ${op.effect}.`
            : `I don't know which column to ${op.effect}.`,
        );
        return;
      }
      if (column.effect === op.effect) {
        if (ctx.added !== column)
          out.failed.push(
            `The ${labelOf(column, spec.language)} column is already ${op.effect === 'subtract' ? 'subtracted' : 'added'}.`,
          );
        return;
      }
      const result = applyEffect(spec, column, op.effect);
      if (result.ok) out.done.push(`line amounts are now ${result.how}`);
      else out.failed.push(`I didn't ${op.effect} the ${labelOf(column, spec.language)} column: ${result.why}.`);
      return;
    }
    case 'placeLogo':
      placeLogo(spec, op.at, out);
      return;
    case 'placeTotals':
      placeTotals(spec, op.at, out);
      return;
    case 'numbered':
      numberSection(ctx, op.section, op.on, out);
      return;
    case 'currency':
      if (spec.currency === op.code) out.failed.push(`Amounts are already in ${op.code}.`);
      else {
        spec.currency = op.code;
        out.done.push(`changed the currency to ${op.code}`);
      }
      return;
    case 'decimals':
      setDecimals(spec, op.n, op.of, out);
      return;
    case 'customSize': {
      const page = spec.page;
      if (page.size === 'custom' && page.widthMm === op.width_mm && page.heightMm === op.height_mm) {
        out.failed.push(`It is already on ${op.label}.`);
        return;
      }
      spec.page = { ...page, size: 'custom', widthMm: op.width_mm, heightMm: op.height_mm, format: op.label };
      out.done.push(`switched the page to ${op.label} (${op.width_mm} × ${op.height_mm} mm)`);
      return;
    }
    case 'margins': {
      const current = spec.page.margins ?? marginOf(spec);
      const mm = Math.max(0, Math.min(60, op.mm ?? Math.round(current * (op.factor ?? 1))));
      if (mm === current) {
        out.failed.push(`The margins are already ${mm} mm.`);
        return;
      }
      spec.page.margins = mm;
      out.done.push(`set the margins to ${mm} mm`);
      return;
    }
    case 'colour':
      spec.style.accent = op.hex;
      out.done.push(`changed the accent colour to ${op.name.startsWith('#') ? op.hex : `${op.name} (${op.hex})`}`);
      return;
    case 'font':
      if (spec.style.font === op.font) {
        out.failed.push(
          `It already uses a ${op.font === 'mono' ? 'monospace' : op.font === 'sans' ? 'sans-serif' : 'serif'} font (${FONT_FAMILIES[op.font]}).`,
        );
        return;
      }
      spec.style.font = op.font;
      out.done.push(
        `switched to a ${op.font === 'mono' ? 'monospace' : op.font === 'sans' ? 'sans-serif' : 'serif'} font`,
      );
      return;
    case 'size': {
      const next = op.pt ?? Math.round(spec.style.size * (op.factor ?? 1) * 2) / 2;
      const size = Math.max(6, Math.min(16, next));
      out.done.push(
        `made the text ${size > spec.style.size ? 'larger' : size < spec.style.size ? 'smaller' : 'the same size'} (${size}pt)`,
      );
      spec.style.size = size;
      return;
    }
    case 'orientation':
      if (spec.page.orientation === op.value) out.failed.push(`It is already ${op.value}.`);
      else {
        spec.page.orientation = op.value;
        out.done.push(`turned the page to ${op.value}`);
      }
      return;
    case 'pageSize':
      if (spec.page.size === op.value) out.failed.push(`It is already on ${op.value}.`);
      else {
        const { widthMm: _w, heightMm: _h, format: _f, ...named } = spec.page;
        spec.page = { ...named, size: op.value };
        out.done.push(`switched the page to ${op.value}`);
      }
      return;
    case 'language':
      translate(ctx, op.lang, out);
      return;
    case 'title':
      spec.title = { ...spec.title, text: op.text };
      out.done.push(`changed the title to "${op.text}"`);
      return;
    case 'unsupported':
      out.failed.push(unsupportedReply(op.what));
      return;
    case 'cannot':
      out.failed.push(op.reason);
      return;
    case 'unknown':
      out.failed.push(`I didn't understand "${op.text}".`);
      return;
  }
}

/** A chart of the items table; a document with no table of numbers cannot have one, and the reply says why. */
function addChart(spec: DocumentSpec, ask: ChartAsk, out: Outcome): void {
  const section: SectionSpec = { kind: 'chart', chart: ask.type, ...(ask.of ? { of: ask.of } : {}) };
  const name = chartName(section, spec);
  if (!name) {
    out.failed.push(
      'I could not add a chart: a chart draws the items table, and this template has no table with numbers.',
    );
    return;
  }
  insertSection(spec.sections, section);
  out.done.push(`added ${name}`);
}

export const CAN_DO =
  'I can add, remove, rename or reorder columns, fields and sections; subtract a discount column from the line amounts or work out a tax column; put the logo on the left, right or centre and the totals below the table or in a box; number the terms; change colours, fonts, text size, currency, margins, orientation and page size (A4, Letter, Legal, A5, A6 or your own); add a logo, signature, notes, terms, totals, a bar, line or pie chart of the table, a QR code, a barcode or page numbers; and translate the labels into English, French, German, Spanish, Portuguese, Italian, Dutch or Japanese.';

export function replyFor(out: Outcome): string {
  if (out.done.length === 0) {
    const unknownOnly = out.failed.every((f) => f.startsWith("I didn't understand"));
    return `${out.failed.join(' ')} The template is unchanged.${unknownOnly ? ` ${CAN_DO}` : ''}`;
  }
  const done = listText(out.done);
  return `${capitalize(done)}.${out.failed.length ? ` ${out.failed.join(' ')}` : ''}`;
}

function unchanged(current: TemplateContent, reply: string): OfflineAnswer {
  return {
    reply,
    content: {
      name: current.name,
      html: current.html,
      css: current.css,
      page: current.page as never,
      sample_data: current.sample_data,
      footer_html: current.footer_html,
    },
  };
}

/** Whether a new version prints exactly what the current one does (the spec comment aside). */
function printsTheSame(content: ContentParts, current: TemplateContent): boolean {
  return (
    stripSpec(content.html).trim() === stripSpec(current.html).trim() &&
    content.css.trim() === (current.css ?? '').trim() &&
    JSON.stringify(content.page) === JSON.stringify(current.page) &&
    content.footer_html.trim() === (current.footer_html ?? '').trim()
  );
}

/** A change that changes nothing the template prints is no change: the reply must not claim one. */
function nothingChanged(current: TemplateContent, out: Outcome): OfflineAnswer {
  return unchanged(current, replyFor({ done: [], failed: [...out.failed, 'Nothing it prints would change.'] }));
}

export function refine(instruction: string, current: TemplateContent, schema?: JsonSchemaDocument): OfflineAnswer {
  const ops = parseInstruction(instruction);
  const recovered = readSpec(current.html, current.css);
  const out: Outcome = { done: [], failed: [] };
  if (!recovered?.pristine) {
    const result = refineForeign(ops, current);
    if (result.out.done.length === 0) return unchanged(current, replyFor(result.out));
    if (printsTheSame(result.content, current)) return nothingChanged(current, result.out);
    return { reply: replyFor(result.out), content: result.content };
  }
  const ctx: Context = {
    spec: cloneSpec(recovered.spec),
    sample: structuredClone(current.sample_data ?? {}),
    ...(schema ? { schema } : {}),
  };
  for (const op of ops) applyOp(ctx, op, out);
  if (out.done.length === 0) return unchanged(current, replyFor(out));
  const sample = fillSample(ctx.spec, ctx.sample);
  syncSample(ctx.spec, sample);
  const content = compose(ctx.spec, sample);
  if (printsTheSame(content, current)) return nothingChanged(current, out);
  // A name someone gave the template stays; the generated one follows the title (and its language).
  if (current.name && current.name !== titleOf(recovered.spec)) content.name = current.name;
  return { reply: replyFor(out), content };
}
