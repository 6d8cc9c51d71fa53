/**
 * A document made mostly of one long table, laid out and painted a window of rows at a time, so that what a render
 * holds stays about the same however many rows the table has (a 20,000-row ledger's DOM, styles, boxes and
 * fragments would weigh some 200 MB at once).
 *
 * Each window is the whole document with only some of the table's rows: the text before the rows and after them
 * (headings, the table's `thead` and `tfoot`, totals) is parsed, styled and laid out with every window, the rows
 * outside it are left out (their lines kept as blank lines, so that findings name the template's lines). Two passes
 * go over the windows: the first measures every row's cells for the table's column widths (the automatic layout
 * takes them from all rows), the second lays out each window with those columns and cuts it into pages from where
 * the last window's pages ended, keeping the pages that end before the window's last rows: their breaks are those
 * the whole document would have, since a page's break depends only on the rows it holds and the next one. The
 * running header and footer, which name the page count, are painted over each page once the last page is done
 * (paint/paint-pdf.ts, a page's `late` pieces).
 *
 * Documents whose rows could lay out differently in a window are laid out whole (eligible.ts).
 */
import { type AnyNode, type Document, type Element, isTag, type ParentNode } from 'domhandler';
import type { TableBox } from '../../boxes/box';
import { Findings } from '../../findings';
import { BlockLayout } from '../../layout/block/block-layout';
import type { BoxFragment, PageFragments } from '../../layout/fragment';
import { documentWidth } from '../../layout/pages/document-width';
import { planPages } from '../../layout/pages/plan';
import type { CellConstraint, ColumnConstraint, SpannedConstraint } from '../../layout/table/column-widths';
import { measureColumns } from '../../layout/table/column-widths';
import { autoLayoutInputs, presetTableColumns } from '../../layout/table/table-analysis';
import type { StyleSession } from '../../style/compute-styles';
import { setStandInSiblings, standIn } from '../../style/selectors';
import { withFontFaces } from '../font-faces';
import {
  assemblePage,
  assetBytes,
  type EngineRenderInput,
  MODULES,
  type PageAssembly,
  pageDefaults,
  rootBlock,
  runningPart,
  shapingFor,
  styleAndBuild,
  truncateTrailingMargin,
} from '../render-document';
import { pageArea, pageBox, pageBoxes } from '../running';
import { shrinkFactor } from '../shrink-to-fit';
import { turnedRoot } from '../vertical-document';
import { longTableBox, windowSafeStyles } from './eligible';
import { type LongTableRows, scanLongTable } from './scan';

/** A table of at least this many rows is laid out a window at a time. */
export const LONG_TABLE_ROWS = 2_500;
/** Rows per window. */
const WINDOW_ROWS = 400;
/** Rows a window holds before the first row it lays out pages from, for what a row takes from the one above it. */
const OVERLAP = 2;
const EPSILON = 0.01;

export interface StreamedDocument {
  /** The pages, laid out as they are read: a window's trees are let go once its pages are painted. */
  pages: Iterable<PageFragments>;
  findings: Findings;
  fonts: EngineRenderInput['fonts'];
}

export interface StreamOptions {
  minRows?: number;
  windowRows?: number;
}

/** The document laid out a window of rows at a time, or null when it has no long table or must be laid out whole. */
export function streamLongTable(input: EngineRenderInput, options: StreamOptions = {}): StreamedDocument | null {
  const rows = scanLongTable(input.bodyHtml, options.minRows ?? LONG_TABLE_ROWS);
  if (!rows || rows.rowspan) return null;
  if (!windowSafeStyles(`${input.template.css ?? ''}\n${styleText(input.bodyHtml)}`)) return null;
  const windowRows = Math.max(OVERLAP * 4, options.windowRows ?? WINDOW_ROWS);
  const windows = new RowWindows(input.bodyHtml, rows);
  const count = windows.count;

  const findings = new Findings();
  const page = input.template.page;
  const css = input.template.css ?? '';
  // One style session and one layout for all the windows: their rows share computed styles, and so what the
  // layout caches by text and style (text-cache.ts), as the rows of one document do.
  // Each window's rows stand among stand-ins for the rows it leaves out, so that structural selectors
  // (`tr:nth-child(even)`, `tr:last-child`) count the table's rows.
  let current = { lo: 0, hi: 0, placed: false };
  const session: StyleSession = {
    prepare: (document) => {
      current.placed = placeStandIns(document, windows.firstRowOffset(), windows.present(current.lo, current.hi));
    },
  };
  const styleWindow = (lo: number, hi: number) => {
    const defaults = pageDefaults(page);
    current = { lo, hi, placed: false };
    const styled = styleAndBuild({ ...input, bodyHtml: windows.html(lo, hi) }, css, defaults, findings, session);
    const rows = windows.present(lo, hi);
    return { ...styled, table: current.placed ? longTableBox(styled.body, rows.lead + (hi - lo) + rows.tail) : null };
  };

  // The first window says what every window shares: page styles, fonts, whether the flow is plain enough.
  const head = styleWindow(0, Math.min(count, windowRows));
  if (!head.table || turnedRoot(head.body)) return null;
  const fonts = withFontFaces(input.fonts, head.fontFaces, findings, (url) => assetBytes(input.images, url));
  const shaping = shapingFor(fonts);
  const layout = new BlockLayout(shaping, findings, MODULES);
  const { pageStyles, canvas, rootFilter } = head;
  if (canvas?.backgroundImage) return null;
  const boxAt = pageBoxes(pageStyles);
  const other = pageBox(pageStyles.other);
  const contentWidth = pageArea(other).width;
  const firstHeight = pageArea(boxAt(0)).height;
  const contentHeight = (index: number) => pageArea(boxAt(index)).height;

  // First pass: the columns of all the rows.
  const columns = tableColumns(head.table, layout, (lo, hi) => styleWindow(lo, hi).table, count, windowRows);
  if (columns === false) return null;
  // The fixed layout takes its columns from the first row: a window's own unless the table has header rows.
  if (columns === null && !head.table.head?.rows.length) return null;

  const layOut = (lo: number, hi: number, styled = styleWindow(lo, hi)) => {
    if (!styled.table) throw new Error(`Rows ${lo} to ${hi} of the long table did not make a table as the first did.`);
    if (columns) presetTableColumns(styled.table, columns);
    layout.forgetBoxes();
    const flow = layout.layoutRoot(rootBlock(styled.body), contentWidth, firstHeight);
    const fixed = layout.takeFixed(contentWidth, pageArea(other).height);
    const rootHeight = flow.height;
    truncateTrailingMargin(flow, layout.floatsBottom);
    const rows = windows.present(lo, hi);
    const tops = rowEdges(flow, rows.lead + (hi - lo) + rows.tail, rows.lead, hi - lo);
    return { layout, flow, fixed, rootHeight, tops, floats: layout.floatsBottom > 0 };
  };

  const first = layOut(0, Math.min(count, windowRows), head);
  // What the windows cannot do alike: fixed boxes, floats beside the table, a document wider than its pages.
  if (!first.tops || first.fixed.length > 0 || first.floats) return null;
  if (shrinkFactor(documentWidth(first.flow), contentWidth) !== 1) return null;

  const runningWidth = pageArea(other).width;
  const defaults = pageDefaults(page);
  // The running parts and margin boxes have a layout of their own, which outlives the windows.
  const running = new BlockLayout(shaping, findings, MODULES);
  const header = runningPart(input, css, defaults, findings, running, runningWidth, 'header_html');
  const footer = runningPart(input, css, defaults, findings, running, runningWidth, 'footer_html');
  const rootFilters = rootFilter ? [rootFilter] : undefined;

  // The first window is laid out already; the pages let go of it like of the others.
  let firstWindow: ReturnType<typeof layOut> | null = first;
  function* pages(): Generator<PageFragments> {
    let laid: ReturnType<typeof layOut> | null = firstWindow;
    firstWindow = null;
    let lo = 0;
    let hi = Math.min(count, windowRows);
    // Where the next page starts: a row of the table and how far into it (a row taller than a page is cut).
    let from: { row: number; offset: number } | null = null;
    let index = 0;
    for (;;) {
      laid ??= layOut(lo, hi);
      const { flow, tops } = laid;
      if (!tops) throw new Error(`Rows ${lo} to ${hi} of the long table did not lay out as the first did.`);
      const start = from ? rowTop(tops, from.row - lo) + from.offset : null;
      const slices = planPages(flow, contentHeight, start === null ? undefined : { start, index });
      const assembly: PageAssembly = {
        ...{ flow, fixed: laid.fixed, rootHeight: laid.rootHeight, scale: 1, turned: false, boxAt, canvas },
        ...{ pageStyles, layout: running, header, footer },
        ...(rootFilters ? { rootFilters } : {}),
      };
      const last = hi >= count;
      // The pages kept end before the window's last rows; the next window starts where they end.
      let keep = slices.length;
      let next: { row: number; offset: number } | null = null;
      if (!last) {
        const limit = rowTop(tops, hi - lo - OVERLAP);
        const earliest = rowTop(tops, from ? from.row - lo + 1 : 0);
        keep = 0;
        for (let i = 0; i < slices.length; i++) {
          const end = (slices[i] as { end: number }).end;
          if (end > limit + EPSILON) break;
          const at = rowAt(tops, end);
          if (at !== null && end > earliest + EPSILON) {
            keep = i + 1;
            next = { row: lo + at, offset: end - rowTop(tops, at) };
          }
        }
      }
      if (!last && !next) {
        // No page ends among this window's rows (rows taller than the window's pages): a wider window.
        hi = Math.min(count, lo + (hi - lo) * 2);
        laid = null;
        continue;
      }
      for (let i = 0; i < keep; i++)
        yield assemblePage(assembly, slices[i] as (typeof slices)[number], index + i, null);
      index += keep;
      if (last) return;
      from = next as { row: number; offset: number };
      lo = Math.max(0, from.row - OVERLAP);
      hi = Math.min(count, lo + windowRows);
      laid = null;
    }
  }

  return { pages: pages(), findings, fonts };
}

/** The text of the HTML's `<style>` elements and `style` attributes (declarations only: no selectors). */
function styleText(html: string): string {
  const found: string[] = [];
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) found.push(match[1] ?? '');
  for (const match of html.matchAll(/\bstyle\s*=\s*("[^"]*"|'[^']*')/gi))
    found.push(`{${(match[1] ?? '  ').slice(1, -1)}}`);
  return found.join('\n');
}

/** The document's HTML with a window of the long table's rows, the others left as blank lines. */
class RowWindows {
  readonly count: number;
  /** Newlines in the text before each row start (and before the group's end). */
  private readonly lines: number[];

  constructor(
    private readonly source: string,
    private readonly rows: LongTableRows,
  ) {
    this.count = rows.starts.length - 1;
    this.lines = [];
    let at = 0;
    let lines = 0;
    for (const start of rows.starts) {
      for (let i = source.indexOf('\n', at); i !== -1 && i < start; i = source.indexOf('\n', i + 1)) lines++;
      at = start;
      this.lines.push(lines);
    }
  }

  /** Where a window's first row starts in its text: where the table's first row does in the document. */
  firstRowOffset(): number {
    return this.rows.starts[0] as number;
  }

  /**
   * The rows a window of rows [lo, hi) holds besides them: the table's first and last rows (`lead`, `tail`), whose
   * borders the header and footer rows collapse with on every page (and which `tr:first-child` and `tr:last-child`
   * style), and how many rows are left out between them and the window (`before`, `after`).
   */
  present(lo: number, hi: number): { lead: number; before: number; after: number; tail: number } {
    const lead = lo > 0 ? 1 : 0;
    const tail = hi < this.count ? 1 : 0;
    return { lead, before: Math.max(0, lo - 1), after: Math.max(0, this.count - 1 - hi), tail };
  }

  html(lo: number, hi: number): string {
    const { starts } = this.rows;
    const blank = (from: number, to: number) => '\n'.repeat((this.lines[to] as number) - (this.lines[from] as number));
    const row = (i: number, j: number) => this.source.slice(starts[i], starts[j]);
    const last = this.count - 1;
    return (
      this.source.slice(0, starts[0]) +
      (lo > 0 ? row(0, 1) + blank(1, lo) : '') +
      row(lo, hi) +
      (hi < this.count ? blank(hi, last) + row(last, this.count) : '') +
      this.source.slice(this.rows.end)
    );
  }
}

/**
 * Finds the window's first row (the `tr` that starts at `offset`) and sets its group's children among stand-ins for
 * the `before` rows left out before the window and the `after` rows after it. False when the row is not found or
 * the group's children are not the window's rows between what comes before and after them.
 */
function placeStandIns(
  document: Document,
  offset: number,
  rows: { lead: number; before: number; after: number; tail: number },
): boolean {
  const row = findStartingAt(document, offset);
  const group = row?.parent;
  if (!row || !group) return false;
  const children = group.children;
  const first = children.indexOf(row);
  // The group's rows, in order: the lead row, the window's rows, the tail row; nothing else between them.
  const trs: number[] = [];
  for (let i = first; i < children.length; i++) {
    const child = children[i] as AnyNode;
    if (!isTag(child)) continue;
    if (child.name !== 'tr') break;
    trs.push(i);
  }
  const at = (k: number) => trs[k] as number;
  const n = trs.length;
  if (n < rows.lead + rows.tail + 1) return false;
  const stand = standIn('tr');
  // Filled and concatenated, not made by a callback per row and spread: each window of a 20,000-row table is given
  // 20,000 siblings, twice (the column widths' pass and the layout's), and building them one by one was 3% of W3.
  const gap = (length: number) => new Array<AnyNode>(length).fill(stand);
  const windowFrom = rows.lead ? at(1) : at(0);
  const windowTo = rows.tail ? at(n - 2) + 1 : at(n - 1) + 1;
  setStandInSiblings(
    group,
    children
      .slice(0, windowFrom)
      .concat(gap(rows.before), children.slice(windowFrom, windowTo), gap(rows.after), children.slice(windowTo)),
  );
  return true;
}

function findStartingAt(node: ParentNode, offset: number): Element | null {
  for (const child of node.children) {
    if (!isTag(child) || child.startIndex === null) continue;
    if (child.startIndex === offset) return child.name === 'tr' ? child : null;
    if (child.startIndex > offset) return null;
    const end = child.endIndex ?? Number.POSITIVE_INFINITY;
    if (end >= offset) {
      const found = findStartingAt(child, offset);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The automatic table layout's column constraints over all the rows, measured a window at a time (a row's cells
 * are measured in the one window that holds it; header and footer rows in every window, which changes nothing:
 * constraints merge by their largest). Null for a table of the fixed layout; false when a window's rows do not
 * make the table the first window's did.
 */
function tableColumns(
  headTable: TableBox,
  layout: BlockLayout,
  tableOf: (lo: number, hi: number) => TableBox | null,
  count: number,
  windowRows: number,
): ColumnConstraint[] | null | false {
  let columnCount = 0;
  let fromColumns: Array<CellConstraint | null> = [];
  let spacing = 0;
  const single = new Map<string, CellConstraint>();
  const spanning: SpannedConstraint[] = [];
  let fixed = false;
  for (let lo = 0; lo < count; lo += windowRows) {
    const table = lo === 0 ? headTable : tableOf(lo, Math.min(count, lo + windowRows));
    if (!table) return false;
    // The fixed layout's columns come from the table's first row; every window is still built, to see that its
    // rows make the table the first window's did (a row of `display: none` does not).
    if (fixed) continue;
    layout.forgetBoxes();
    const inputs = autoLayoutInputs(table, layout);
    if (!inputs) {
      fixed = true;
      continue;
    }
    if (lo === 0) ({ columnCount, fromColumns, spacing } = inputs);
    else if (inputs.columnCount !== columnCount) return false;
    for (const cell of inputs.cells) {
      if (cell.colspan !== 1) {
        spanning.push(cell);
        continue;
      }
      // Cells merge into their column by their largest min, max and percentage, the fixed ones apart.
      const key = `${cell.col}|${cell.constraint.fixed}`;
      const had = single.get(key);
      const k = cell.constraint;
      single.set(
        key,
        had
          ? {
              min: Math.max(had.min, k.min),
              max: Math.max(had.max, k.max),
              pct: Math.max(had.pct, k.pct),
              fixed: k.fixed,
            }
          : { ...k },
      );
    }
  }
  if (fixed) return null;
  const cells: SpannedConstraint[] = [];
  for (const [key, constraint] of single) cells.push({ col: Number(key.split('|')[0]), colspan: 1, constraint });
  return measureColumns(columnCount, fromColumns, [...cells, ...spanning], spacing);
}

/**
 * The top and bottom in the flow of the window's rows (`count` rows from the group's `from`th), or null when the
 * flow has no row group of `rows` rows.
 */
function rowEdges(flow: BoxFragment, rows: number, from: number, count: number): Float64Array | null {
  const found = findGroup(flow, 0, rows);
  if (!found) return null;
  const edges = new Float64Array(count * 2);
  let i = 0;
  for (const child of found.group.children) {
    if (child.kind !== 'box' || child.role !== 'row') continue;
    const k = i++ - from;
    if (k < 0 || k >= count) continue;
    edges[k * 2] = found.y + child.y;
    edges[k * 2 + 1] = found.y + child.y + child.height;
  }
  return i === rows ? edges : null;
}

function findGroup(fragment: BoxFragment, y: number, rows: number): { group: BoxFragment; y: number } | null {
  for (const child of fragment.children) {
    if (child.kind !== 'box') continue;
    const top = y + child.y;
    if (child.role === 'table-body') {
      let n = 0;
      for (const row of child.children) if (row.kind === 'box' && row.role === 'row') n++;
      if (n === rows) return { group: child, y: top };
      continue;
    }
    if (child.role === 'block' || child.role === 'table') {
      const found = findGroup(child, top, rows);
      if (found) return found;
    }
  }
  return null;
}

const rowTop = (edges: Float64Array, row: number): number => edges[row * 2] as number;

/** The row `y` falls in (from its top to before its bottom), or null when it falls outside the rows. */
function rowAt(edges: Float64Array, y: number): number | null {
  const rows = edges.length / 2;
  let low = 0;
  let high = rows - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((edges[mid * 2] as number) <= y + EPSILON) low = mid;
    else high = mid - 1;
  }
  const top = edges[low * 2] as number;
  const bottom = edges[low * 2 + 1] as number;
  return y >= top - EPSILON && y < bottom - EPSILON ? low : null;
}
