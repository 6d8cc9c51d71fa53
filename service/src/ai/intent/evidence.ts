import { parseDocument } from 'htmlparser2';

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

/**
 * What a rendered template shows, as the intent check reads it: the visible text (body, header and footer), the
 * header cells of its tables, the size of its first page as printed, and its marks (codes with the value they
 * encode, images, charts, a signature, buttons, page numbers). Read from the engine's output for the sample data
 * (the HTML after Liquid, the PDF's page box): what a reader gets, not what the template's source suggests.
 */
export interface IntentEvidence {
  kind: 'document' | 'email';
  /** Every visible text of the body, header and footer, in order, with a space between nodes. */
  text: string;
  /** The same without the tables' header cells: where totals and computed values are looked for. */
  textOutsideHeaders: string;
  /** The short texts that read as labels (header cells, `dt`, `label`, a text ending with a colon...). */
  labels: string[];
  /** Tables with a header row, each as its header cells in order. */
  tables: { headers: string[] }[];
  /** The first page as printed, in millimetres; undefined for emails (and a render that made no PDF). */
  page?: { widthMm: number; heightMm: number };
  /** The value of every `qr-code` and `bar-code` element. */
  qrCodes: string[];
  barcodes: string[];
  /** An image, or an element named as a logo (`class="logo"`, an SVG logo, `alt="Logo"`). */
  logo: boolean;
  /** An inline SVG or an element named as a chart. */
  charts: number;
  /** A signature line: an element named for it, or its label. */
  signature: boolean;
  /** Buttons: `mj-button`, `button`, links styled as one (`class="button"`). */
  buttons: number;
  /** The header or footer prints the page number (or the CSS's margin boxes count pages). */
  pageNumbers: boolean;
  /** The data it was rendered with. */
  sample: Record<string, unknown>;
}

/** Parts of a render, as the engine made them. */
export interface RenderedParts {
  kind: 'document' | 'email';
  body: string;
  header: string;
  footer: string;
  /** The header and footer rendered for another page number: when they differ, they print it. */
  otherPageHeaderFooter: string;
  css: string;
  page?: { widthMm: number; heightMm: number };
  sample: Record<string, unknown>;
}

/** Elements whose content no reader sees. */
const HIDDEN = new Set([
  'style',
  'script',
  'head',
  'title',
  'template',
  'mj-head',
  'mj-style',
  'mj-attributes',
  'mj-preview',
  'mj-title',
  'mj-font',
  'mj-breakpoint',
]);
const LABEL_ELEMENTS = new Set(['th', 'dt', 'label', 'legend', 'caption']);
const NAMED = (element: Element, pattern: RegExp) =>
  pattern.test(`${element.attribs.class ?? ''} ${element.attribs.id ?? ''} ${element.attribs.alt ?? ''}`);

function isHidden(element: Element): boolean {
  if (HIDDEN.has(element.name) || 'hidden' in element.attribs) return true;
  return /(?:^|;)\s*display\s*:\s*none/i.test(element.attribs.style ?? '');
}

function textOf(nodes: ChildNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += ` ${node.data}`;
    else if ('children' in node && !(isElement(node) && isHidden(node))) out += ` ${textOf(node.children)}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

function isElement(node: ChildNode): node is Element {
  return 'attribs' in node;
}

function elements(nodes: ChildNode[], out: Element[] = []): Element[] {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (isHidden(node)) continue;
    out.push(node);
    elements(node.children, out);
  }
  return out;
}

/** The rows of a table, its own (not those of a table inside one of its cells). */
function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isElement(node) || node.name === 'table' || node.name === 'mj-table') continue;
      if (node.name === 'tr') rows.push(node);
      else walk(node.children);
    }
  };
  walk(table.children);
  return rows;
}

const cellsOf = (row: Element) => row.children.filter(isElement).filter((c) => c.name === 'th' || c.name === 'td');

/** A table's header cells: those of its `thead`, else of the rows made of `th` cells. */
function headersOf(table: Element): Element[] {
  const rows = rowsOf(table);
  const inHead = rows.filter((row) => row.parent && isElement(row.parent) && row.parent.name === 'thead');
  const headRows = inHead.length > 0 ? inHead : rows.filter((row) => cellsOf(row).every((c) => c.name === 'th'));
  return headRows.flatMap((row) => cellsOf(row).filter((cell) => textOf(cell.children)));
}

const SIGNATURE_WORDS =
  /\b(signature|signed|sign here|unterschrift|unterschrieben|firma|firmado|assinatura|assinado|handtekening|getekend)\b|署名|サイン|签名|서명/i;

/** Reads what the rendered parts show. */
export function readEvidence(parts: RenderedParts): IntentEvidence {
  const roots = [parts.body, parts.header, parts.footer].map((html) => parseDocument(html).children);
  const all = roots.flatMap((nodes) => elements(nodes));
  const text = roots.map(textOf).filter(Boolean).join(' ');
  const headerCells = new Set<Element>();
  const tables: IntentEvidence['tables'] = [];
  for (const table of all.filter((e) => e.name === 'table' || e.name === 'mj-table')) {
    const headers = headersOf(table);
    for (const cell of headers) headerCells.add(cell);
    if (headers.length > 0) tables.push({ headers: headers.map((cell) => textOf(cell.children)) });
  }
  const withoutHeaders = (nodes: ChildNode[]): string =>
    nodes
      .map((node) => {
        if (node.type === 'text') return node.data;
        if (!('children' in node)) return '';
        if (isElement(node) && (isHidden(node) || headerCells.has(node))) return '';
        return withoutHeaders(node.children);
      })
      .join(' ');
  const labels = new Set<string>();
  for (const element of all) {
    const own = textOf(element.children);
    if (!own) continue;
    if (LABEL_ELEMENTS.has(element.name)) labels.add(own);
    // A short text that ends in a colon ("Due date:"), or a short text node of its own beside a value.
    for (const child of element.children) {
      if (child.type !== 'text') continue;
      const t = child.data.replace(/\s+/g, ' ').trim();
      // "Due date: 30 April" is a label and its value in one text.
      const before = /^([^:]{1,40}):/.exec(t)?.[1]?.trim();
      for (const candidate of [t.replace(/\s*:$/, ''), before]) {
        if (candidate && candidate.length <= 40 && candidate.split(' ').length <= 4 && !/\d/.test(candidate))
          labels.add(candidate);
      }
    }
  }
  const marksNamed = (pattern: RegExp) => all.filter((e) => NAMED(e, pattern));
  return {
    kind: parts.kind,
    text,
    textOutsideHeaders: roots.map(withoutHeaders).join(' ').replace(/\s+/g, ' ').trim(),
    labels: [...labels],
    tables,
    ...(parts.page ? { page: parts.page } : {}),
    qrCodes: all.filter((e) => e.name === 'qr-code').map((e) => e.attribs.value ?? ''),
    barcodes: all.filter((e) => e.name === 'bar-code').map((e) => e.attribs.value ?? ''),
    logo:
      all.some((e) => (e.name === 'img' || e.name === 'mj-image') && (e.attribs.src ?? '').trim() !== '') ||
      marksNamed(/logo/i).length > 0,
    charts: all.filter((e) => e.name === 'svg' || /chart/i.test(e.name) || NAMED(e, /chart|graph/i)).length,
    signature: marksNamed(/sign/i).length > 0 || SIGNATURE_WORDS.test(text),
    buttons: all.filter(
      (e) => e.name === 'mj-button' || e.name === 'button' || (e.name === 'a' && NAMED(e, /button|btn|cta/i)),
    ).length,
    pageNumbers:
      parts.otherPageHeaderFooter !== `${parts.header}${parts.footer}` || /counter\(\s*pages?\s*\)/i.test(parts.css),
    sample: parts.sample,
  };
}
