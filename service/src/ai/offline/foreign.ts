import type { TemplateContent } from '@quire/core';
import { footerBlock } from './blocks/footer';
import { totalsCss } from './blocks/items-table';
import { ref as liquidRef } from './blocks/liquid';
import { barcodeBlock, qrBlock, signatureBlock, textSectionBlock } from './blocks/sections';
import { FONT_FAMILIES, themeOf } from './blocks/theme';
import { childrenNamed, type El, findAll, parseHtml, splice, textOf } from './dom';
import { unsupportedReply } from './generate';
import type { Op } from './instruction';
import { conceptsOfLabel, LANGUAGE_NAMES, phrase, term } from './labels';
import { sectionFor } from './plan';
import { PRESETS } from './presets';
import type { Outcome } from './refine';
import { fillSample, setPath as overwrite, sampleLogo } from './sample';
import { named } from './scan';
import type { ContentParts, DocumentSpec, FontKind, Lang, SectionKind } from './spec';
import { LANGUAGES, stripSpec } from './spec';
import { escapeHtml, fold, listText, similarity, snake } from './text';
import { conceptOf } from './vocabulary';

/**
 * Refining a template the provider did not write (or one edited since): edits on the HTML and CSS themselves,
 * keeping everything else as it was. Colours, fonts, sizes and the page are changed in the CSS and page setup;
 * columns in the items table (the first table with a header row and a Liquid loop); labels by their text; and
 * sections are added from the same blocks generated templates use. What needs the spec (totals, reordering
 * sections) is declined plainly.
 */

interface State {
  html: string;
  css: string;
  footer: string;
  page: ContentParts['page'];
  sample: Record<string, unknown>;
  /** A stand-in spec for the blocks: the data root, language and look guessed from the template. */
  spec: DocumentSpec;
}

/** Runs of literal text between tags and Liquid, with their offsets. */
function textRuns(html: string): { start: number; end: number; text: string }[] {
  const runs: { start: number; end: number; text: string }[] = [];
  const pattern =
    /<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>|<!--[\s\S]*?-->|<[^>]*>|\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
  let last = 0;
  for (const m of html.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (at > last) runs.push({ start: last, end: at, text: html.slice(last, at) });
    last = at + m[0].length;
  }
  if (last < html.length) runs.push({ start: last, end: html.length, text: html.slice(last) });
  return runs.filter((r) => r.text.trim());
}

function same(a: string, b: string): boolean {
  const f = (s: string) =>
    fold(s.replace(/&amp;/g, '&').replace(/&nbsp;/g, ' '))
      .replace(/[:.]+$/, '')
      .trim();
  return f(a) === f(b) || (f(a).length > 4 && similarity(f(a), f(b)) > 0.85);
}

/** A column header and the name someone gave it, in any of the languages: "unit price" is "Einzelpreis". */
function sameColumn(header: string, name: string): boolean {
  if (same(header, name)) return true;
  const wanted = new Set([...conceptsOfLabel(name), conceptOf(name)].filter(Boolean));
  return conceptsOfLabel(header.replace(/[:.]+$/, '').trim()).some((c) => wanted.has(c));
}

function guessLanguage(html: string): Lang {
  const score: Record<Lang, number> = { en: 0, fr: 0, de: 0, es: 0, pt: 0, it: 0, nl: 0, ja: 0 };
  for (const run of textRuns(html)) {
    for (const concept of conceptsOfLabel(run.text.trim())) {
      for (const lang of LANGUAGES) {
        const label = term(concept, lang);
        if (label && fold(label) === fold(run.text.trim())) score[lang] += 1;
      }
    }
  }
  return (Object.keys(score) as Lang[]).reduce((a, b) => (score[b] > score[a] ? b : a), 'en');
}

/** The template's accent: its most used colour that is not a grey. */
function accentOf(text: string): string | undefined {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi)) {
    let hex = (m[1] as string).toLowerCase();
    if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    const spread = Math.max(r, g, b) - Math.min(r, g, b);
    const light = (r + g + b) / 3 > 225;
    if (spread < 40 || light) continue;
    counts.set(`#${hex}`, (counts.get(`#${hex}`) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function rootOf(html: string): string {
  const loops = new Set([...html.matchAll(/\{%-?\s*for\s+(\w+)\s+in/g)].map((m) => m[1]));
  const assigned = new Set([...html.matchAll(/\{%-?\s*assign\s+(\w+)/g)].map((m) => m[1]));
  const counts = new Map<string, number>();
  for (const m of html.matchAll(/\{\{-?\s*(\w+)\./g)) {
    const name = m[1] as string;
    if (loops.has(name) || assigned.has(name) || name === 'company' || name === 'customer') continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'document';
}

function standIn(current: TemplateContent, html: string): DocumentSpec {
  const root = rootOf(html);
  const docType = (Object.entries(PRESETS).find(([, p]) => p.root === root)?.[0] ??
    'document') as DocumentSpec['docType'];
  const fontFamily = /font-family:\s*([^;]+)/i.exec(current.css)?.[1] ?? '';
  const font: FontKind = /mono|courier|menlo/i.test(fontFamily)
    ? 'mono'
    : /serif/i.test(fontFamily) && !/sans/i.test(fontFamily)
      ? 'serif'
      : /georgia|times/i.test(fontFamily)
        ? 'serif'
        : 'sans';
  const size = Number(/body\s*\{[^}]*font-size:\s*([\d.]+)pt/i.exec(current.css)?.[1] ?? 9.5);
  return {
    v: 1,
    docType,
    title: { concept: docType },
    language: guessLanguage(html),
    currency: /"(EUR|GBP|CHF|USD)"/.exec(html)?.[1] ?? 'USD',
    root,
    fields: [],
    parties: /\{\{\s*company\./.test(html) ? [{ role: 'from', lines: [{ path: 'company.name', kind: 'name' }] }] : [],
    sections: [],
    style: { accent: accentOf(current.css + html) ?? '#1f4e79', font, size },
    page: { size: 'A4', orientation: 'portrait' },
    pageNumbers: false,
  };
}

/** The items table: a table with a header row whose body repeats in a Liquid loop. */
function itemsTable(
  html: string,
): { table: El; head: El[]; rows: El[]; foot: El[]; cols: El[]; loopVar: string } | undefined {
  const root = parseHtml(html);
  for (const table of findAll(root, (e) => e.name === 'table')) {
    const thead = childrenNamed(table, 'thead')[0];
    const headRow = thead ? childrenNamed(thead, 'tr')[0] : undefined;
    const tbody = childrenNamed(table, 'tbody')[0];
    if (!headRow || !tbody) continue;
    const loop = /\{%-?\s*for\s+(\w+)\s+in\s+[^%]+%\}/.exec(html.slice(tbody.openEnd, tbody.closeStart));
    if (!loop) continue;
    const head = childrenNamed(headRow, 'th', 'td');
    const rows = childrenNamed(tbody, 'tr').filter((r) => childrenNamed(r, 'td', 'th').length === head.length);
    const tfoot = childrenNamed(table, 'tfoot')[0];
    const colgroup = childrenNamed(table, 'colgroup')[0];
    return {
      table,
      head,
      rows,
      foot: tfoot ? childrenNamed(tfoot, 'tr') : [],
      cols: colgroup ? childrenNamed(colgroup, 'col') : [],
      loopVar: loop[1] as string,
    };
  }
  return undefined;
}

function columnIndex(html: string, name: string): number {
  const t = itemsTable(html);
  if (!t) return -1;
  return t.head.findIndex((th) => sameColumn(textOf(html, th), name));
}

/** Edits applied from the last offset to the first, so earlier offsets stay right. */
function applyEdits(html: string, edits: { start: number; end: number; text: string }[]): string {
  let out = html;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = splice(out, e.start, e.end, e.text);
  return out;
}

function removeColumn(html: string, index: number): string {
  const t = itemsTable(html);
  if (!t) return html;
  const edits: { start: number; end: number; text: string }[] = [];
  const cut = (el: El | undefined) => el && edits.push({ start: el.start, end: el.end, text: '' });
  cut(t.head[index]);
  for (const row of t.rows) cut(childrenNamed(row, 'td', 'th')[index]);
  cut(t.cols[index]);
  for (const row of t.foot) {
    const cells = childrenNamed(row, 'td', 'th');
    // A totals row usually has an empty spacer spanning the first columns: narrowing it keeps the labels.
    const spacer = cells.find((c) => Number(c.attrs.colspan ?? 1) > 1 && !html.slice(c.openEnd, c.closeStart).trim());
    if (spacer) {
      const span = Number(spacer.attrs.colspan);
      const open = html
        .slice(spacer.start, spacer.openEnd)
        .replace(/colspan\s*=\s*["']?\d+["']?/i, `colspan="${span - 1}"`);
      edits.push({ start: spacer.start, end: spacer.openEnd, text: open });
      continue;
    }
    let at = 0;
    for (const cell of cells) {
      const span = Number(cell.attrs.colspan ?? 1) || 1;
      if (index >= at && index < at + span) {
        if (span > 1) {
          const open = html
            .slice(cell.start, cell.openEnd)
            .replace(/colspan\s*=\s*["']?\d+["']?/i, `colspan="${span - 1}"`);
          edits.push({ start: cell.start, end: cell.openEnd, text: open });
        } else cut(cell);
        break;
      }
      at += span;
    }
  }
  return applyEdits(html, edits);
}

function moveColumn(html: string, from: number, to: number): string {
  const t = itemsTable(html);
  if (!t || from === to) return html;
  const edits: { start: number; end: number; text: string }[] = [];
  const reorder = (cells: El[]) => {
    if (cells.length <= Math.max(from, to)) return;
    const texts = cells.map((c) => html.slice(c.start, c.end));
    const [moved] = texts.splice(from, 1);
    texts.splice(to, 0, moved as string);
    cells.forEach((c, i) => {
      edits.push({ start: c.start, end: c.end, text: texts[i] as string });
    });
  };
  reorder(t.head);
  for (const row of t.rows) reorder(childrenNamed(row, 'td', 'th'));
  reorder(t.cols);
  return applyEdits(html, edits);
}

function addColumn(html: string, label: string, key: string, type: string): string | undefined {
  const t = itemsTable(html);
  if (!t) return undefined;
  const numeric = ['money', 'number', 'percent'].includes(type);
  const filter =
    type === 'money'
      ? ' | money'
      : type === 'date'
        ? ' | date: "medium"'
        : type === 'number'
          ? ' | number'
          : type === 'percent'
            ? ' | percent: 1'
            : '';
  const edits: { start: number; end: number; text: string }[] = [];
  const last = t.head[t.head.length - 1] as El;
  edits.push({ start: last.end, end: last.end, text: `<th${numeric ? ' class="num"' : ''}>${escapeHtml(label)}</th>` });
  for (const row of t.rows) {
    const cells = childrenNamed(row, 'td', 'th');
    const end = (cells[cells.length - 1] as El).end;
    edits.push({
      start: end,
      end,
      text: `<td${numeric ? ' class="num"' : ''}>{{ ${liquidRef(`${t.loopVar}.${key}`)}${filter} }}</td>`,
    });
  }
  for (const row of t.foot) {
    const cells = childrenNamed(row, 'td', 'th');
    const end = (cells[cells.length - 1] as El | undefined)?.end;
    if (end !== undefined) edits.push({ start: end, end, text: '<td></td>' });
  }
  // Column widths from a colgroup are shared again so they still add up.
  if (t.cols.length > 0) {
    const widths = t.cols.map((c) => Number.parseFloat(c.attrs.width ?? '') || 0);
    const total = widths.reduce((a, b) => a + b, 0);
    if (total > 0) {
      const share = total / (t.cols.length + 1);
      t.cols.forEach((c, i) => {
        const w = Math.round((((widths[i] as number) * (total - share)) / total) * 10) / 10;
        edits.push({ start: c.start, end: c.end, text: `<col width="${w}%">` });
      });
      const lastCol = t.cols[t.cols.length - 1] as El;
      edits.push({ start: lastCol.end, end: lastCol.end, text: `<col width="${Math.round(share * 10) / 10}%">` });
    }
  }
  return applyEdits(html, edits);
}

function setPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = data;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  if (!((keys[keys.length - 1] as string) in node)) node[keys[keys.length - 1] as string] = value;
}

function getPath(data: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), data);
}

const SECTION_CLASS: Partial<Record<SectionKind, RegExp>> = {
  notes: /notes?|remarks/,
  terms: /terms|conditions/,
  signature: /sign/,
  summary: /summary|overview/,
  payment: /payment|bank/,
};

function sectionElement(html: string, kind: SectionKind): El | undefined {
  const root = parseHtml(html);
  if (kind === 'qr' || kind === 'barcode') {
    const tag = kind === 'qr' ? 'qr-code' : 'bar-code';
    const el = findAll(root, (e) => e.name === tag)[0];
    const holder = findAll(
      root,
      (e) =>
        /code|qr/.test(e.attrs.class ?? '') &&
        e.name !== tag &&
        (html.slice(e.openEnd, e.closeStart).includes(`<${tag}`) ||
          new RegExp(`\\|\\s*${kind === 'qr' ? 'qr' : 'barcode'}\\b`).test(html.slice(e.openEnd, e.closeStart))),
    );
    return holder[holder.length - 1] ?? el;
  }
  const pattern = SECTION_CLASS[kind];
  if (!pattern) return undefined;
  return findAll(
    root,
    (e) =>
      ['div', 'section', 'aside', 'footer', 'p', 'table'].includes(e.name) &&
      (e.attrs.class ?? '').split(/\s+/).some((c) => pattern.test(c)),
  )[0];
}

function hasSection(html: string, kind: SectionKind): boolean {
  if (kind === 'qr') return /<qr-code\b|\|\s*qr\b/.test(html);
  if (kind === 'barcode') return /<bar-code\b|\|\s*barcode\b/.test(html);
  return Boolean(sectionElement(html, kind));
}

/**
 * Where a logo goes: the element that holds the sender (class brand, logo, letterhead, issuer), else the header.
 * Inside a flex row it goes into the row's first item: a new item without a flex weight would share the row badly
 * (and the PDF engine cannot lay out an unweighted item beside a table with percentage widths).
 */
function logoPlace(root: El, css: string): El | undefined {
  const blocks = findAll(root, (e) => ['div', 'header', 'section'].includes(e.name));
  const place =
    blocks.find((e) => /brand|logo|letterhead|issuer|sender/.test(e.attrs.class ?? '')) ??
    blocks.find((e) => /header|top/.test(e.attrs.class ?? ''));
  if (!place) return undefined;
  const classes = (place.attrs.class ?? '').split(/\s+/).filter(Boolean);
  const flex = classes.some((c) => new RegExp(`\\.${c}\\s*\\{[^}]*display:\\s*flex`).test(css));
  const first = place.children.find((c) => ['div', 'header', 'section'].includes(c.name));
  return flex && first ? first : place;
}

/** Where appended blocks go: before a closing wrapper that holds the whole page (a certificate frame), else the end. */
function appendAt(html: string): number {
  return html.trimEnd().length;
}

/** The logo image, with the `{% if %}` that guards it when it is alone inside one. */
function logoSpan(html: string): { start: number; end: number } | undefined {
  const root = parseHtml(html);
  // An image that says it is a logo, else the mark a letterhead starts with (the starters draw theirs in SVG).
  const img =
    findAll(root, (e) => e.name === 'img' && /logo/i.test(`${e.attrs.src} ${e.attrs.class} ${e.attrs.alt}`))[0] ??
    findAll(root, (e) => /brand|logo|letterhead|issuer|sender/.test(e.attrs.class ?? ''))
      .map((e) => e.children[0])
      .find((c) => c && (c.name === 'svg' || c.name === 'img'));
  if (!img) return undefined;
  const open = /\{%-?\s*if\s[^%]*%\}\s*$/.exec(html.slice(0, img.start));
  const close = /^\s*\{%-?\s*endif\s*-?%\}/.exec(html.slice(img.end));
  return open && close ? { start: open.index, end: img.end + close[0].length } : { start: img.start, end: img.end };
}

/**
 * The logo in a row of its own at the top of the page, aligned as asked: wherever the template had it, its own
 * layout may not have a place on that side, and a row of its own always does.
 */
function placeForeignLogo(state: State, at: 'left' | 'right' | 'center', out: Outcome): void {
  const span = logoSpan(state.html);
  let img: string;
  let html = state.html;
  if (span) {
    img = html.slice(span.start, span.end);
    const row = /<div class="q-logo-row q-logo-(left|right|center)">/.exec(html.slice(0, span.start));
    if (row && row[1] === at && html.slice(row.index + row[0].length, span.start).trim() === '') {
      out.failed.push(`The logo is already ${at === 'center' ? 'centred' : `on the ${at}`}.`);
      return;
    }
    html = splice(html, span.start, span.end, '').replace(/<div class="q-logo-row q-logo-\w+">\s*<\/div>\n?/, '');
  } else {
    const owner = /\{\{\s*company\./.test(html) ? 'company' : state.spec.root;
    const path = `${owner}.logo_url`;
    img = `{% if ${path} != blank %}<img class="q-logo" src="{{ ${path} }}" alt="Logo">{% endif %}`;
    const name = String(getPath(state.sample, 'company.name') ?? 'Q');
    setPath(state.sample, path, sampleLogo(state.spec.style.accent, name));
    if (!/\.q-logo\s*\{/.test(state.css)) state.css += '\n.q-logo { height: 44px; }\n';
  }
  const first = Math.max(0, html.search(/<(?!!--)[a-z]/i));
  // Liquid that computes values (assign, capture) stays first; the row goes before the first element.
  state.html = splice(html, first, first, `<div class="q-logo-row q-logo-${at}">${img}</div>\n`);
  if (!/\.q-logo-row\s*\{/.test(state.css))
    state.css +=
      '\n.q-logo-row { margin-bottom: 10px; }\n.q-logo-left { text-align: left; }\n.q-logo-right { text-align: right; }\n.q-logo-center { text-align: center; }\n';
  const where = at === 'center' ? 'the top of the page, centred' : `the top of the page, on the ${at}`;
  out.done.push(span ? `moved the logo to ${where}` : `added a logo at ${where}`);
}

/** Notes (or terms) printed from the data become a numbered list, one item per line of their text. */
function numberForeign(state: State, kind: 'terms' | 'notes', on: boolean, out: Outcome): void {
  const el = sectionElement(state.html, kind);
  if (!el) {
    out.failed.push(`I couldn't find a ${kind} section (an element with a "${kind}" class) to number.`);
    return;
  }
  const inner = state.html.slice(el.openEnd, el.closeStart);
  if (!on) {
    out.failed.push(`I can only make ${kind} a numbered list in a template I didn't write, not undo one.`);
    return;
  }
  const para = /<p\b[^>]*>\s*\{\{\s*([\w.[\]"-]+)\s*\}\}\s*<\/p>/.exec(inner);
  if (!para) {
    out.failed.push(`The ${kind} section doesn't print one text from the data, so I couldn't number it.`);
    return;
  }
  const path = para[1] as string;
  const list = `<ol class="q-clauses">{% assign q_clauses = ${path} | split: "\\n" %}{% for q_clause in q_clauses %}{% assign q_clause = q_clause | strip %}{% if q_clause != blank %}<li>{{ q_clause }}</li>{% endif %}{% endfor %}</ol>`;
  const at = el.openEnd + para.index;
  state.html = splice(state.html, at, at + para[0].length, list);
  state.css += '\n.q-clauses { margin: 0; padding-left: 18px; }\n.q-clauses li { margin-bottom: 3px; }\n';
  const text = getPath(state.sample, path);
  if (typeof text === 'string' && !text.includes('\n'))
    overwrite(
      state.sample,
      path,
      text
        .split(/(?<=[.;!?])\s+(?=\p{Lu}|\d)/u)
        .map((x) => x.trim())
        .filter(Boolean)
        .join('\n'),
    );
  out.done.push(`made the ${kind} a numbered list (one item per line of \`${path}\`)`);
}

const TOTALS_AT = {
  right: 'below the table on the right',
  left: 'below the table on the left',
  box: 'in a box below the table on the right',
} as const;

/**
 * The items table's footer rows (label and amount, with spacer cells) moved into a block of their own below the
 * table: on the right, the left, or in a box. The Liquid between the rows (`{% if discount > 0 %}`) moves with them.
 * A footer whose rows are not one label and one amount each stays where it is, and the reply says why.
 */
function placeForeignTotals(state: State, at: 'table' | 'right' | 'left' | 'box', out: Outcome): void {
  const moved = /<div class="q-totals-row q-totals-(right|left|box)">/.exec(state.html);
  if (moved) {
    if (at === 'table') {
      out.failed.push("I can't put the totals back into a table I didn't write; undo the version that moved them.");
      return;
    }
    if (moved[1] === at) {
      out.failed.push(`The totals are already ${TOTALS_AT[at]}.`);
      return;
    }
    state.html = splice(
      state.html,
      moved.index,
      moved.index + moved[0].length,
      `<div class="q-totals-row q-totals-${at}">`,
    );
    out.done.push(`put the totals ${TOTALS_AT[at]}`);
    return;
  }
  const t = itemsTable(state.html);
  const tfoot = t ? childrenNamed(t.table, 'tfoot')[0] : undefined;
  if (!t || !tfoot || t.foot.length === 0) {
    out.failed.push(
      at === 'table'
        ? 'The totals are already where the template puts them.'
        : "I couldn't find totals (a <tfoot> under the items table) to move.",
    );
    return;
  }
  if (at === 'table') {
    out.failed.push('The totals are already in the table.');
    return;
  }
  const html = state.html;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const row of t.foot) {
    const cells = childrenNamed(row, 'td', 'th').filter((c) => html.slice(c.openEnd, c.closeStart).trim());
    if (cells.length !== 2) {
      out.failed.push(
        "I couldn't move the totals: a row of the table's footer isn't one label and one amount, so I left them in the table.",
      );
      return;
    }
    const [label, value] = cells as [El, El];
    const grand = /grand|total-row|q-grand/.test(row.attrs.class ?? '');
    edits.push({
      start: row.start - tfoot.openEnd,
      end: row.end - tfoot.openEnd,
      text: `<tr${grand ? ' class="q-grand"' : ''}><th>${html.slice(label.openEnd, label.closeStart).trim()}</th><td class="num">${html.slice(value.openEnd, value.closeStart).trim()}</td></tr>`,
    });
  }
  const rows = applyEdits(html.slice(tfoot.openEnd, tfoot.closeStart), edits);
  const block = `\n<div class="q-totals-row q-totals-${at}">\n  <table class="q-totals">\n    <tbody>${rows}</tbody>\n  </table>\n</div>`;
  state.html = applyEdits(html, [
    { start: t.table.end, end: t.table.end, text: block },
    { start: tfoot.start, end: tfoot.end, text: '' },
  ]);
  state.css += `\n${totalsCss(themeOf(state.spec))}\n`;
  out.done.push(`put the totals ${TOTALS_AT[at]}`);
}

function apply(state: State, op: Op, out: Outcome): void {
  const t = themeOf(state.spec);
  switch (op.op) {
    case 'placeLogo':
      placeForeignLogo(state, op.at, out);
      return;
    case 'numbered':
      numberForeign(state, op.section, op.on, out);
      return;
    case 'placeTotals':
      placeForeignTotals(state, op.at, out);
      return;
    case 'effect':
      out.failed.push(
        "I can't change how a template I didn't write works out its line amounts; edit the Liquid that computes them yourself.",
      );
      return;
    case 'customSize':
      if (
        state.page.size === 'custom' &&
        state.page.width_mm === op.width_mm &&
        state.page.height_mm === op.height_mm
      ) {
        out.failed.push(`It is already on ${op.label}.`);
        return;
      }
      state.page = { ...state.page, size: 'custom', width_mm: op.width_mm, height_mm: op.height_mm };
      out.done.push(`switched the page to ${op.label} (${op.width_mm} × ${op.height_mm} mm)`);
      return;
    case 'margins': {
      const m = state.page.margins;
      const mm = Math.max(0, Math.min(60, op.mm ?? Math.round(((m.left + m.right) / 2) * (op.factor ?? 1))));
      if ([m.top, m.right, m.bottom, m.left].every((v) => v === mm)) {
        out.failed.push(`The margins are already ${mm} mm.`);
        return;
      }
      state.page.margins = {
        top: mm,
        right: mm,
        bottom: Math.max(mm, /page_number/.test(state.footer) ? 20 : 0),
        left: mm,
      };
      out.done.push(`set the margins to ${mm} mm`);
      return;
    }
    case 'currency': {
      let count = 0;
      const next = (text: string) =>
        text.replace(/\|\s*money\b(\s*:\s*(?:"[A-Za-z]{3}"|'[A-Za-z]{3}'|\w+))?/g, () => {
          count++;
          return `| money: "${op.code}"`;
        });
      const html = next(state.html);
      const footer = next(state.footer);
      if (count === 0) {
        out.failed.push('I found no amounts (the money filter) to change the currency of.');
        return;
      }
      state.html = html;
      state.footer = footer;
      out.done.push(`changed the currency of ${count} amount${count === 1 ? '' : 's'} to ${op.code}`);
      return;
    }
    case 'decimals':
      out.failed.push(
        op.of === 'money'
          ? "Amounts print with their currency's decimals (the money filter); I left them as they are."
          : "I can't set decimals in a template I didn't write; use the number filter's decimals (| number: 2) yourself.",
      );
      return;
    case 'colour': {
      const old = accentOf(state.css + state.html);
      if (old) {
        const pattern = new RegExp(old.replace('#', '#'), 'gi');
        state.css = state.css.replace(pattern, op.hex);
        state.html = state.html.replace(pattern, op.hex);
        state.footer = state.footer.replace(pattern, op.hex);
        out.done.push(
          `changed the accent colour from ${old} to ${op.name.startsWith('#') ? op.hex : `${op.name} (${op.hex})`}`,
        );
      } else {
        state.css += `\nh1, h2, h3 { color: ${op.hex}; }\n`;
        out.done.push(`coloured the headings ${op.name.startsWith('#') ? op.hex : op.name}`);
      }
      state.spec.style.accent = op.hex;
      return;
    }
    case 'font': {
      const family = FONT_FAMILIES[op.font];
      let changed = false;
      state.css = state.css.replace(/font-family:\s*([^;}]+)/gi, (m, value: string) => {
        if (op.font !== 'mono' && /mono|courier|menlo|consolas/i.test(value)) return m;
        changed = true;
        return `font-family: ${family}`;
      });
      if (!changed) state.css = `body { font-family: ${family}; }\n${state.css}`;
      state.spec.style.font = op.font;
      out.done.push(
        `switched to a ${op.font === 'mono' ? 'monospace' : op.font === 'sans' ? 'sans-serif' : 'serif'} font`,
      );
      return;
    }
    case 'size': {
      const base = state.spec.style.size;
      const factor = op.factor ?? (op.pt ?? base) / base;
      let changed = false;
      state.css = state.css.replace(/font-size:\s*([\d.]+)(pt|px)/gi, (_, n: string, unit: string) => {
        changed = true;
        return `font-size: ${Math.round(Number(n) * factor * 10) / 10}${unit}`;
      });
      if (!changed) state.css = `body { font-size: ${Math.round(base * factor * 10) / 10}pt; }\n${state.css}`;
      state.spec.style.size = Math.round(base * factor * 10) / 10;
      out.done.push(
        `made the text ${factor > 1 ? 'larger' : 'smaller'} (${Math.round(base * factor * 10) / 10}pt body text)`,
      );
      return;
    }
    case 'orientation':
      if (state.page.orientation === op.value) out.failed.push(`It is already ${op.value}.`);
      else {
        state.page.orientation = op.value;
        out.done.push(`turned the page to ${op.value}`);
      }
      return;
    case 'pageSize':
      if (state.page.size === op.value) out.failed.push(`It is already on ${op.value}.`);
      else {
        state.page.size = op.value;
        out.done.push(`switched the page to ${op.value}`);
      }
      return;
    case 'feature': {
      if (op.feature === 'pageNumbers') {
        const has = /page_number/.test(state.footer);
        if (op.on === has) {
          out.failed.push(op.on ? 'It already has page numbers.' : 'There are no page numbers to remove.');
          return;
        }
        if (op.on) {
          const block = footerBlock(state.spec, t);
          const pages = escapeHtml(phrase('page_of', state.spec.language, { n: '\u0000n', c: '\u0000c' }))
            .replace('\u0000n', '{{ page_number }}')
            .replace('\u0000c', '{{ page_count }}');
          state.footer = state.footer.trim()
            ? `${state.footer.trim()}\n<p class="q-page-number">${pages}</p>`
            : block.html;
          state.css += `\n${block.css}\n.q-page-number { text-align: right; font-size: ${Math.round(t.size * 0.78 * 10) / 10}pt; color: ${t.muted}; }\n`;
          state.page.margins.bottom = Math.max(state.page.margins.bottom, 20);
          out.done.push('added page numbers in the footer');
        } else {
          const root = parseHtml(state.footer);
          const holder = findAll(
            root,
            (e) =>
              /page_number/.test(state.footer.slice(e.openEnd, e.closeStart)) &&
              !e.children.some((c) => /page_number/.test(state.footer.slice(c.start, c.end))),
          )[0];
          state.footer = holder
            ? splice(state.footer, holder.start, holder.end, '')
            : state.footer.replace(/[^<>]*\{\{\s*page_number\s*\}\}[^<>]*/g, '');
          if (!/\{\{|\w/.test(state.footer.replace(/<[^>]*>/g, ''))) state.footer = '';
          out.done.push('removed the page numbers');
        }
        return;
      }
      if (op.feature === 'logo') {
        const root = parseHtml(state.html);
        const logos = findAll(
          root,
          (e) => e.name === 'img' && /logo/i.test(`${e.attrs.src} ${e.attrs.class} ${e.attrs.alt}`),
        );
        if (op.on) {
          if (logos.length > 0) {
            out.failed.push('It already has a logo.');
            return;
          }
          const owner = /\{\{\s*company\./.test(state.html) ? 'company' : state.spec.root;
          const path = `${owner}.logo_url`;
          const img = `{% if ${path} != blank %}<img class="q-logo" src="{{ ${path} }}" alt="Logo">{% endif %}\n`;
          const brand = logoPlace(root, state.css);
          const firstTag = state.html.search(/<(?!!--)[a-z]/i);
          const at = brand ? brand.openEnd : Math.max(0, firstTag);
          state.html = splice(state.html, at, at, brand ? `\n    ${img}` : img);
          state.css += '\n.q-logo { height: 44px; margin-bottom: 6px; }\n';
          const name = String(getPath(state.sample, 'company.name') ?? 'Q');
          setPath(state.sample, path, sampleLogo(state.spec.style.accent, name));
          out.done.push(`added a logo (from \`${path}\`)`);
        } else {
          if (logos.length === 0) {
            out.failed.push('There is no logo image to remove.');
            return;
          }
          state.html = applyEdits(
            state.html,
            logos.map((l) => ({ start: l.start, end: l.end, text: '' })),
          );
          out.done.push('removed the logo');
        }
        return;
      }
      out.failed.push(
        op.on
          ? "I can't add totals to a table I didn't write: the offline editor doesn't know which column holds the amounts. Add a <tfoot> row with {{ items | sum: \"amount\" | money }} yourself."
          : "I can't remove totals from a table I didn't write; delete its <tfoot> yourself.",
      );
      return;
    }
    case 'section': {
      const exists = hasSection(state.html, op.section);
      if (op.on) {
        if (exists) {
          out.failed.push(
            `It already has ${op.section === 'qr' ? 'a QR code' : op.section === 'barcode' ? 'a barcode' : `a ${op.section} section`}.`,
          );
          return;
        }
        const section = sectionFor(op.section, state.spec);
        const block =
          op.section === 'signature'
            ? signatureBlock(section, state.spec, t)
            : op.section === 'qr'
              ? qrBlock(section, state.spec, t)
              : op.section === 'barcode'
                ? barcodeBlock(section, state.spec, t)
                : textSectionBlock(section, state.spec, t);
        const at = appendAt(state.html);
        state.html = `${state.html.slice(0, at)}\n\n${block.html}\n${state.html.slice(at)}`;
        state.css += `\n.q-section { margin-bottom: 14px; }\n.q-text { white-space: pre-line; }\n.q-label { font-size: 7.5pt; font-weight: bold; text-transform: uppercase; letter-spacing: 1px; color: ${t.muted}; }\n${block.css}\n`;
        const spec = { ...state.spec, sections: [section] };
        const filled = fillSample(spec, state.sample);
        for (const path of [section.path, ...(section.fields ?? []).map((f) => f.path)].filter(Boolean) as string[]) {
          const value = getPath(filled, path);
          if (value !== undefined) setPath(state.sample, path, value);
        }
        out.done.push(
          `added ${op.section === 'qr' ? 'a QR code' : op.section === 'barcode' ? 'a barcode' : op.section === 'signature' ? 'a signature block' : `a ${term(op.section, 'en')?.toLowerCase() ?? op.section} section`} at the end (from \`${section.path}\`)`,
        );
      } else {
        const el = sectionElement(state.html, op.section);
        if (!el) {
          out.failed.push(
            `I couldn't find ${op.section === 'qr' ? 'a QR code' : op.section === 'barcode' ? 'a barcode' : `a ${op.section} section`} to remove.`,
          );
          return;
        }
        state.html = splice(state.html, el.start, el.end, '');
        out.done.push(`removed the ${op.section === 'qr' ? 'QR code' : op.section}`);
      }
      return;
    }
    case 'add': {
      const n = named(op.name);
      const t2 = itemsTable(state.html);
      if (op.kind === 'column' || (op.kind !== 'field' && t2 && ['money', 'number', 'percent'].includes(n.type))) {
        if (columnIndex(state.html, op.name) >= 0) {
          out.failed.push(`It already has a ${op.name} column.`);
          return;
        }
        const label = n.label ?? term(n.concept ?? '', state.spec.language) ?? op.name;
        const next = addColumn(state.html, label, n.key, n.type);
        if (!next || !t2) {
          out.failed.push(
            `I couldn't find an items table (a table with a header row and a {% for %} loop) to add the ${op.name} column to.`,
          );
          return;
        }
        state.html = next;
        const listPath = /\{%-?\s*for\s+\w+\s+in\s+([\w.]+)/.exec(state.html.slice(t2.table.start, t2.table.end))?.[1];
        const rows = listPath ? getPath(state.sample, listPath) : undefined;
        if (Array.isArray(rows)) {
          rows.forEach((row, i) => {
            if (!row || typeof row !== 'object') return;
            const value =
              n.type === 'money'
                ? [120, 80, 45.5, 300][i % 4]
                : n.type === 'number'
                  ? i + 1
                  : n.type === 'percent'
                    ? [0.05, 0.1, 0.15, 0.2][i % 4]
                    : n.type === 'date'
                      ? `2026-03-${String(2 + i * 3).padStart(2, '0')}`
                      : `${label} ${i + 1}`;
            setPath(row as Record<string, unknown>, n.key, value);
          });
        }
        out.done.push(`added the ${label} column (from \`${t2.loopVar}.${n.key}\`)`);
        if (op.effect)
          out.failed.push(
            `I didn't ${op.effect} it from the line amounts: in a template I didn't write I don't know how they are worked out.`,
          );
        return;
      }
      // A field: a row in the template's first label/value table, else a line at the end.
      const root = parseHtml(state.html);
      const kv = findAll(root, (e) => e.name === 'table' && !childrenNamed(e, 'thead').length).find((table) => {
        const body = childrenNamed(table, 'tbody')[0] ?? table;
        const rows = childrenNamed(body, 'tr');
        return (
          rows.length > 0 &&
          rows.every((r) => childrenNamed(r, 'th').length === 1 && childrenNamed(r, 'td').length === 1)
        );
      });
      const label = n.label ?? term(n.concept ?? '', state.spec.language) ?? op.name;
      const path = `${state.spec.root}.${snake(n.key)}`;
      const filter = n.type === 'money' ? ' | money' : n.type === 'date' ? ' | date: "long"' : '';
      if (kv) {
        const body = childrenNamed(kv, 'tbody')[0] ?? kv;
        const lastRow = childrenNamed(body, 'tr').pop() as El;
        state.html = splice(
          state.html,
          lastRow.end,
          lastRow.end,
          `\n        <tr><th>${escapeHtml(label)}</th><td>{{ ${path}${filter} }}</td></tr>`,
        );
      } else {
        const at = appendAt(state.html);
        state.html = `${state.html.slice(0, at)}\n<p><strong>${escapeHtml(label)}:</strong> {{ ${path}${filter} }}</p>\n${state.html.slice(at)}`;
      }
      setPath(
        state.sample,
        path,
        n.type === 'money'
          ? 250
          : n.type === 'date'
            ? '2026-03-14'
            : n.type === 'number'
              ? 12
              : `Sample ${label.toLowerCase()}`,
      );
      out.done.push(`added the ${label} field (from \`${path}\`)`);
      return;
    }
    case 'remove': {
      const index = op.kind === 'field' ? -1 : columnIndex(state.html, op.name);
      if (index >= 0) {
        state.html = removeColumn(state.html, index);
        out.done.push(`removed the ${op.name} column`);
        return;
      }
      const run = textRuns(state.html).find((r) => same(r.text, op.name));
      if (!run) {
        out.failed.push(`I couldn't find "${op.name}" to remove.`);
        return;
      }
      const root = parseHtml(state.html);
      const holders = findAll(root, (e) => e.openEnd <= run.start && e.closeStart >= run.end);
      const innermost = holders[holders.length - 1];
      const row = [...holders]
        .reverse()
        .find((e) => e.name === 'tr' || e.name === 'li' || e.name === 'p' || e.name === 'dt');
      const target = row ?? innermost;
      if (!target || textOf(state.html, target).length > 120) {
        out.failed.push(`I found "${op.name}" but not an element to remove with it alone.`);
        return;
      }
      state.html = splice(state.html, target.start, target.end, '');
      out.done.push(`removed "${op.name}"`);
      return;
    }
    case 'rename': {
      const runs = textRuns(state.html).filter((r) => same(r.text, op.name));
      if (runs.length === 0) {
        out.failed.push(`I couldn't find a label "${op.name}" to rename.`);
        return;
      }
      state.html = applyEdits(
        state.html,
        runs.map((r) => {
          const lead = /^\s*/.exec(r.text)?.[0] ?? '';
          const trail = /(:?\s*)$/.exec(r.text)?.[0] ?? '';
          return { start: r.start, end: r.end, text: `${lead}${escapeHtml(op.to)}${trail}` };
        }),
      );
      out.done.push(`renamed "${op.name}" to "${op.to}"`);
      return;
    }
    case 'move':
    case 'swap':
    case 'order': {
      const t3 = itemsTable(state.html);
      const head = t3 ? t3.head.map((h) => textOf(state.html, h)) : [];
      const find = (name: string) => head.findIndex((h) => sameColumn(h, name));
      if (op.op === 'move') {
        const from = find(op.name);
        if (from < 0) {
          out.failed.push(
            `I can only reorder the columns of the items table in a template I didn't write, and "${op.name}" isn't one of them.`,
          );
          return;
        }
        let to = op.where === 'first' ? 0 : op.where === 'last' ? head.length - 1 : find(op.ref ?? '');
        if (to < 0) {
          out.failed.push(`I couldn't find the "${op.ref}" column.`);
          return;
        }
        if (op.where === 'after' && to < from) to += 1;
        if (op.where === 'before' && to > from) to -= 1;
        state.html = moveColumn(state.html, from, to);
        out.done.push(
          `moved the ${op.name} column ${op.where === 'first' ? 'to the start' : op.where === 'last' ? 'to the end' : `${op.where} ${op.ref}`}`,
        );
        return;
      }
      if (op.op === 'swap') {
        const a = find(op.a);
        const b = find(op.b);
        if (a < 0 || b < 0) {
          out.failed.push(`I couldn't find both "${op.a}" and "${op.b}" among the table's columns.`);
          return;
        }
        state.html = moveColumn(
          moveColumn(state.html, Math.max(a, b), Math.min(a, b)),
          Math.min(a, b) + 1,
          Math.max(a, b),
        );
        out.done.push(`swapped the ${op.a} and ${op.b} columns`);
        return;
      }
      const indices = op.names.map(find);
      if (indices.some((i) => i < 0)) {
        out.failed.push(
          `I couldn't find ${listText(op.names.filter((_, i) => (indices[i] as number) < 0).map((n) => `"${n}"`))} among the table's columns.`,
        );
        return;
      }
      // Each named column is moved into place in turn; `order` tracks where the columns are meanwhile.
      const order = head.map((_, i) => i);
      indices.forEach((want, position) => {
        const from = order.indexOf(want);
        state.html = moveColumn(state.html, from, position);
        const [moved] = order.splice(from, 1);
        order.splice(position, 0, moved as number);
      });
      out.done.push(`put the columns in the order ${listText(op.names)}`);
      return;
    }
    case 'language': {
      let count = 0;
      const edits = textRuns(state.html).flatMap((r) => {
        const text = r.text.trim().replace(/:$/, '');
        const concept = conceptsOfLabel(text)[0];
        const next = concept ? term(concept, op.lang) : undefined;
        if (!next || fold(next) === fold(text)) return [];
        count++;
        return [{ start: r.start, end: r.end, text: r.text.replace(text, escapeHtml(next)) }];
      });
      if (count === 0) {
        out.failed.push(`I found no labels I know how to translate into ${LANGUAGE_NAMES[op.lang]}.`);
        return;
      }
      state.html = applyEdits(state.html, edits);
      state.spec.language = op.lang;
      out.done.push(
        `translated ${count} label${count === 1 ? '' : 's'} into ${LANGUAGE_NAMES[op.lang]} (text my dictionary doesn't know is unchanged)`,
      );
      return;
    }
    case 'title': {
      const h1 = findAll(parseHtml(state.html), (e) => e.name === 'h1')[0];
      if (!h1 || /\{\{|\{%/.test(state.html.slice(h1.openEnd, h1.closeStart))) {
        out.failed.push(
          h1
            ? 'The title comes from the data, so I left it; change the data instead.'
            : 'I found no title (an <h1>) to change.',
        );
        return;
      }
      state.html = splice(state.html, h1.openEnd, h1.closeStart, escapeHtml(op.text));
      out.done.push(`changed the title to "${op.text}"`);
      return;
    }
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

export function refineForeign(ops: Op[], current: TemplateContent): { out: Outcome; content: ContentParts } {
  const html = stripSpec(current.html);
  const page = structuredClone(current.page) as ContentParts['page'];
  const state: State = {
    html,
    css: current.css ?? '',
    footer: current.footer_html ?? '',
    page: { ...page, margins: { ...page.margins } },
    sample: structuredClone(current.sample_data ?? {}),
    spec: standIn(current, html),
  };
  const out: Outcome = { done: [], failed: [] };
  for (const op of ops) apply(state, op, out);
  if (out.done.length > 0 && readSpecMarker(current.html))
    out.failed.push(
      '(The template was edited after I generated it, so I changed the HTML directly rather than regenerating it.)',
    );
  return {
    out,
    content: {
      name: current.name,
      html: state.html,
      css: state.css,
      footer_html: state.footer,
      page: state.page,
      sample_data: state.sample,
    },
  };
}

function readSpecMarker(html: string): boolean {
  return /<!--\s*quire:spec\s/.test(html);
}
