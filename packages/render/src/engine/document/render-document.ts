import type { RenderWarning, TemplateEngine } from '@quire/core';
import type { FontRegistry } from '../../fonts/registry';
import { pageGeometry } from '../../pdf/document';
import type { PdfMetadata, RenderTemplate } from '../../types';
import type { BlockBox } from '../boxes/box';
import { buildBoxes } from '../boxes/index';
import { type EngineFinding, Findings } from '../findings';
import { BlockLayout, type LayoutModules } from '../layout/block/block-layout';
import { ensureFlexReady, flexIntrinsicWidths, isFlexReady, layoutFlex } from '../layout/flex/index';
import type { BoxFragment, Fragment, PageFragments, PagePiece } from '../layout/fragment';
import { gridIntrinsicWidths, layoutGrid } from '../layout/grid/index';
import { inlineIntrinsicWidths, layoutInline } from '../layout/inline/index';
import { layoutMulticol } from '../layout/multicol/index';
import { documentWidth } from '../layout/pages/document-width';
import { slicePieces } from '../layout/pages/pieces';
import { type PageSlice, planPages } from '../layout/pages/plan';
import { layoutTable, tableIntrinsicWidths } from '../layout/table/index';
import { paintPdfWith } from '../paint/paint-pdf';
import type { PaintPlatform } from '../paint/platform';
import type { FontFaceRule } from '../parse/css';
import type { StyleSession } from '../style/compute-styles';
import { type ComputedStyle, initialStyle, type PageStyles, pageStyleAt } from '../style/computed-style';
import type { Filter } from '../style/filters';
import { computeStyles } from '../style/index';
import { createTextShaping } from '../text/shaper';
import type { TextShaping } from '../text/shaper-types';
import { withFontFaces } from './font-faces';
import { streamLongTable } from './long-table/stream';
import { marginBoxPieces, type PageBox, pageArea, pageBox, pageBoxes, runningPiece } from './running';
import { reportShrink, shrinkFactor, shrunkBy } from './shrink-to-fit';
import { turnedArea, turnedPieces, turnedRoot } from './vertical-document';

export const MODULES: LayoutModules = {
  layoutInline,
  inlineIntrinsicWidths,
  layoutTable,
  tableIntrinsicWidths,
  layoutFlex,
  flexIntrinsicWidths,
  layoutGrid,
  gridIntrinsicWidths,
  layoutMulticol,
};

// Shaping keeps per-registry caches (parsed faces, shaped words) for the life of the process.
const shapings = new WeakMap<FontRegistry, TextShaping>();
export function shapingFor(fonts: FontRegistry): TextShaping {
  let shaping = shapings.get(fonts);
  if (!shaping) {
    shaping = createTextShaping(fonts);
    shapings.set(fonts, shaping);
  }
  return shaping;
}

export interface EngineRenderInput {
  template: RenderTemplate;
  data: Record<string, unknown>;
  /** The body HTML after Liquid. */
  bodyHtml: string;
  /** The Liquid engine, for the running header and footer (rendered per page with page_number and page_count). */
  liquid: TemplateEngine;
  fonts: FontRegistry;
  images: Map<string, Uint8Array>;
  metadata?: PdfMetadata;
  /** Deflate the PDF's streams (default true). */
  compress?: boolean;
}

export interface EngineRenderOutput {
  bytes: Uint8Array;
  pages: number;
  warnings: RenderWarning[];
  /** performance.now() when layout was done and painting began. */
  layoutDone: number;
}

/** The document's flow and pages, before painting (tests and `check` look at them). */
export interface LaidOutDocument {
  pages: PageFragments[];
  findings: Findings;
  flow: BoxFragment;
  pageStyles: PageStyles;
  /** The fonts it was laid out with: the render's, and the template's @font-face ones. */
  fonts: FontRegistry;
}

export const rootBlock = (child: BlockBox): BlockBox => ({
  type: 'block',
  style: { ...initialStyle(), display: 'block' },
  tag: null,
  blocks: [child],
  inlines: null,
});

/**
 * The whole pipeline for one document: parse and style the body, build its boxes, lay it out in one flow as wide
 * as the page's content box, cut the flow into pages, and add each page's margin boxes and running header and
 * footer (their Liquid rendered with the page's number and the page count).
 */
export function layoutDocument(input: EngineRenderInput): LaidOutDocument {
  if (needsFlex(input) && !isFlexReady()) {
    throw new Error('layoutDocument called before the flex layout (Yoga) was loaded: await ensureFlexReady() first.');
  }
  const findings = new Findings();
  const defaults = pageDefaults(input.template.page);
  const css = input.template.css ?? '';
  // The styled element tree is let go once the boxes are built (a 20,000-row table's is some 60 MB).
  const { body, pageStyles, canvas, fontFaces, rootFilter } = styleAndBuild(input, css, defaults, findings);
  // The template's @font-face fonts join the render's for this document.
  const fonts = withFontFaces(input.fonts, fontFaces, findings, (url) => assetBytes(input.images, url));
  const shaping = shapingFor(fonts);
  const layout = new BlockLayout(shaping, findings, MODULES);
  const boxAt = pageBoxes(pageStyles);
  // The flow is laid out for the right pages' page area (pageStyleAt: the pages after the first on that side).
  const other = pageBox(pageStyles.other);
  const first = boxAt(0);
  // A vertical-rl document is laid out and paginated in its pages' turned frame (document/vertical-document.ts).
  const turned = turnedRoot(body);
  const area = turned ? turnedArea : pageArea;
  const contentWidth = area(other).width;
  // The flow is laid out `scale` times as large as the page when the document is wider than the page (see below).
  let scale = 1;
  const pageContentHeight = (index: number) => area(boxAt(index)).height * scale;
  const layOutFlow = () => {
    const flow = layout.layoutRoot(rootBlock(turned ?? body), contentWidth * scale, area(first).height * scale);
    // position: fixed boxes, placed in the page area and printed on every page.
    const fixed = layout.takeFixed(contentWidth * scale, area(other).height * scale);
    // The root element's box, in which the canvas's image is placed, keeps the body's bottom margin.
    const rootHeight = flow.height;
    truncateTrailingMargin(flow, layout.floatsBottom);
    return { flow, fixed, rootHeight, slices: planPages(flow, pageContentHeight) };
  };
  const beforeLayout = findings.mark();
  let laidOut = layOutFlow();
  // A document wider than the page is laid out again wider and printed smaller, as Chromium prints it; what the
  // first layout found is found again, or not, by the second.
  const wide = documentWidth(laidOut.flow);
  // A vertical document's lines are as long as its page area is high: it is not wider than its pages.
  scale = turned ? 1 : shrinkFactor(wide, contentWidth);
  if (scale !== 1) {
    // The table or block that is too wide is named, as when it was cut off, so that its author (or the AI loop's
    // repairs) can make it fit.
    const named = overflowMessages(widestOverflow(laidOut.flow, contentWidth), contentWidth, () => shrunkBy(scale));
    findings.dropAfter(beforeLayout);
    for (const message of named) findings.add({ code: 'content_overflow', message });
    if (named.length === 0) reportShrink(findings, wide, contentWidth, scale);
    laidOut = layOutFlow();
  }
  // Column sets the pages moved whole past room at a page's foot: laid out again to fill it, as a browser's columns
  // go on over the page (layout/multicol/page-rooms.ts). Each pass can only add rooms further down the flow.
  for (let pass = 0; pass < 3 && layout.columnHints.learnRooms(laidOut.flow, laidOut.slices, pageContentHeight); pass++)
    laidOut = layOutFlow();
  const { flow, fixed, rootHeight, slices } = laidOut;
  reportOverflow(flow, contentWidth * scale, findings);
  // The html element's filter, around everything the document paints but the canvas (as in Chromium): the flow and
  // the fixed boxes, which it does not hold (Filter Effects 1 §5 leaves the root out).
  const rootFilters = rootFilter ? [rootFilter] : undefined;

  const runningWidth = pageArea(other).width;
  const header = runningPart(input, css, defaults, findings, layout, runningWidth, 'header_html');
  const footer = runningPart(input, css, defaults, findings, layout, runningWidth, 'footer_html');
  const assembly: PageAssembly = {
    ...{ flow, fixed, rootHeight, scale, turned: turned !== null, boxAt, canvas, layout, header, footer },
    pageStyles,
    ...(rootFilters ? { rootFilters } : {}),
  };

  const pages = slices.map((slice, index) => assemblePage(assembly, slice, index, slices.length));
  return { pages, findings, flow, pageStyles, fonts };
}

/** The page size and margins (top, right, bottom, left) a template's `page` settings give, before `@page`. */
export function pageDefaults(page: RenderTemplate['page']): {
  width: number;
  height: number;
  margin: [number, number, number, number];
} {
  const geometry = pageGeometry(page);
  const [left, top, right, bottom] = geometry.margins;
  return { width: geometry.width, height: geometry.height, margin: [top, right, bottom, left] };
}

export function styleAndBuild(
  input: EngineRenderInput,
  css: string,
  page: { width: number; height: number; margin: [number, number, number, number] },
  findings: Findings,
  session?: StyleSession,
): {
  body: BlockBox;
  pageStyles: PageStyles;
  canvas: ComputedStyle | null;
  fontFaces: FontFaceRule[];
  rootFilter: Filter | null;
} {
  const styled = computeStyles({ html: input.bodyHtml, css, part: 'html', page, canvas: true }, findings, session);
  const body = buildBoxes(styled.root, { images: input.images, findings, part: 'html' });
  return {
    body,
    pageStyles: styled.pages,
    canvas: styled.canvas,
    fontFaces: styled.fontFaces,
    rootFilter: styled.rootFilter,
  };
}

export { ensureFlexReady };

/**
 * Whether a document may hold a flex container: only then is Yoga (WebAssembly, some 16 MB of memory and a
 * moment to load) loaded. A flex container needs `display: flex` or `inline-flex` written in the template's CSS,
 * a `<style>` or a `style` attribute, so a document without the word has none.
 */
export function needsFlex(input: Pick<EngineRenderInput, 'bodyHtml' | 'template'>): boolean {
  const { template } = input;
  return [input.bodyHtml, template.css, template.header_html, template.footer_html].some(
    (text) => text !== undefined && /flex/i.test(text),
  );
}

/**
 * Renders a document with Quire's engine: layout, then pdfkit painting page by page, with the platform's pdfkit
 * (Node: paint/platform-node.ts; browsers: paint/platform-browser.ts).
 */
export async function renderWithQuireEngine(
  input: EngineRenderInput,
  platform: PaintPlatform,
): Promise<EngineRenderOutput> {
  if (needsFlex(input)) await ensureFlexReady();
  // A long table's document is laid out as it is painted, a window of rows at a time; others all at once.
  const laidOut = streamLongTable(input) ?? layoutDocument(input);
  const layoutDone = performance.now();
  const { bytes, pages } = await paintPdfWith(platform, laidOut.pages, {
    fonts: shapingFor(laidOut.fonts),
    // As the pdfmake engine titles it: the metadata's title, else the template's name.
    metadata: { ...input.metadata, title: input.metadata?.title ?? input.template.name ?? 'Report' },
    findings: laidOut.findings,
    ...(input.compress === false ? { compress: false } : {}),
    resolveImage: (url) => assetBytes(input.images, url),
  });
  return { bytes, pages, warnings: laidOut.findings.list().map(toWarning), layoutDone };
}

/** A file of the render's assets by the URL a template gives it: its name, with or without `asset:`. */
export const assetBytes = (images: Map<string, Uint8Array>, url: string): Uint8Array | undefined =>
  images.get(url) ?? images.get(url.replace(/^asset:/, ''));

const PARTS: Record<string, string> = {
  css: "the template's CSS",
  html: "the template's HTML",
  header_html: 'the header',
  footer_html: 'the footer',
};

function toWarning(finding: EngineFinding): RenderWarning {
  const where = finding.part && PARTS[finding.part] ? ` (in ${PARTS[finding.part]})` : '';
  return {
    code: finding.code,
    message: `${finding.message}${where}`,
    ...(finding.line ? { line: finding.line } : {}),
    ...(finding.column ? { column: finding.column } : {}),
  };
}

/**
 * The body's bottom margin at the end of the flow is truncated, as margins at a page break are (CSS
 * Fragmentation §5.2): content that fits the last page does not spill a blank page for it. The flow's root box
 * paints nothing, so only the paginator sees its height.
 */
export function truncateTrailingMargin(flow: BoxFragment, floatsBottom: number): void {
  // Floats hanging below the last block still print.
  let bottom = floatsBottom;
  for (const child of flow.children) bottom = Math.max(bottom, child.y + (child.kind === 'text' ? 0 : child.height));
  if (flow.children.length > 0 && bottom < flow.height) flow.height = bottom;
}

const TABLE_ROLES = new Set<BoxFragment['role']>(['table', 'table-head', 'table-body', 'table-foot', 'row', 'cell']);

/**
 * The outermost table and the outermost other block that reach past the page's content box, by their right edges
 * (0 when none does), as the AI loop's repairs read them: a table's columns are made to share the page, a block's
 * fixed width becomes a max-width.
 */
function widestOverflow(flow: BoxFragment, contentWidth: number): { table: number; block: number } {
  let table = 0;
  let block = 0;
  const visit = (fragment: BoxFragment, x: number, depth: number) => {
    // Indexed: every cell of a long table is looked at once a render, where for-of made an iterator result each.
    const children = fragment.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Fragment;
      // A transformed box (vertical text's turned content too) is not laid out where it is painted: what it makes
      // the document reach is the shrink's to say (documentWidth), not a width of its own to name.
      if (child.kind !== 'box' || child.style.transform) continue;
      const right = x + child.x + child.width;
      if (right > contentWidth + 1) {
        // The outermost box that overflows is the one to name; what it holds overflows with it.
        // A captioned table's wrapper is a block around the table box: it is the table that is too wide.
        const wrapsTable = child.children.some((c) => c.kind === 'box' && c.role === 'table');
        if (TABLE_ROLES.has(child.role) || wrapsTable) table = Math.max(table, right);
        else block = Math.max(block, right);
        continue;
      }
      if (depth < 6) visit(child, x + child.x, depth + 1);
    }
  };
  visit(flow, flow.x, 0);
  return { table, block };
}

/** What is too wide for the page, and what becomes of it: `cut off` at the paper's edge, or the document `shrunk`. */
function overflowMessages(
  widest: { table: number; block: number },
  contentWidth: number,
  outcome: (right: number) => string,
): string[] {
  const available = Math.round(contentWidth);
  const messages: string[] = [];
  if (widest.table > 0)
    messages.push(
      `A table's columns add up to ${Math.round(widest.table)}pt, wider than the ${available}pt available; ${outcome(widest.table)}`,
    );
  if (widest.block > 0)
    messages.push(
      `A block ${Math.round(widest.block)}pt wide does not fit the ${available}pt available; ${outcome(widest.block)}`,
    );
  return messages;
}

/** Content wider than the page's content box (laid out `scale` times as wide) is cut off at the paper's edge: say so. */
function reportOverflow(flow: BoxFragment, contentWidth: number, findings: Findings): void {
  const cut = (right: number) => `${Math.round(right - contentWidth)}pt are cut off at the paper's edge`;
  for (const message of overflowMessages(widestOverflow(flow, contentWidth), contentWidth, cut))
    findings.add({ code: 'content_overflow', message });
}

/** A page's running header or footer: laid out for each distinct HTML its Liquid gives (with page_number and page_count). */
export type RunningPart = (
  pageNumber: number,
  pageCount: number,
  place: 'header' | 'footer',
  box: PageBox,
) => PagePiece;

export function runningPart(
  input: EngineRenderInput,
  css: string,
  page: { width: number; height: number; margin: [number, number, number, number] },
  findings: Findings,
  layout: BlockLayout,
  width: number,
  part: 'header_html' | 'footer_html',
): RunningPart | undefined {
  const source = input.template[part];
  if (!source?.trim()) return undefined;
  const compiled = input.liquid.parse(source);
  const cache = new Map<string, { fragment: BoxFragment; rootFilter: Filter | null }>();
  // Every page's part is styled in one session: its elements get the computed styles they had on the page before
  // (and the layout's text cache, keyed by style, its measured words), rather than styles of their own per page.
  const session: StyleSession = {};
  return (pageNumber, pageCount, place, box) => {
    const html = input.liquid.render(compiled, { ...input.data, page_number: pageNumber, page_count: pageCount });
    let laid = cache.get(html);
    if (!laid) {
      const styled = computeStyles({ html, css, part, page }, findings, session);
      const boxes = buildBoxes(styled.root, { images: input.images, findings, part });
      // Running headers and footers are horizontal, in the page's margins, in a vertical document too.
      laid = { fragment: layout.layoutRoot(rootBlock(boxes), width), rootFilter: styled.rootFilter };
      cache.set(html, laid);
    }
    const piece = runningPiece(laid.fragment, place, box);
    return laid.rootFilter ? { ...piece, filters: [laid.rootFilter] } : piece;
  };
}

/** What each page of a laid-out flow is made from. */
export interface PageAssembly {
  flow: BoxFragment;
  /** position: fixed boxes, printed on every page. */
  fixed: BoxFragment[];
  /** The root element's box height (the canvas image is placed in it). */
  rootHeight: number;
  /** How much larger than the page the flow was laid out (shrink to fit). */
  scale: number;
  /** The flow is laid out in the pages' turned frame (vertical-document.ts). */
  turned: boolean;
  pageStyles: PageStyles;
  boxAt: (index: number) => PageBox;
  canvas: ComputedStyle | null;
  /** Lays out the margin boxes (and laid out the header and footer). */
  layout: BlockLayout;
  header: RunningPart | undefined;
  footer: RunningPart | undefined;
  rootFilters?: Filter[];
}

/**
 * Page `index` (0-based) of the document: its slice of the flow, its running header and footer, margin boxes and
 * fixed boxes. Without the page count (`pageCount` null: a long table's pages are painted before the last is
 * laid out), what needs it comes as the page's `late` pieces, painted once the count is known.
 */
export function assemblePage(
  a: PageAssembly,
  slice: PageSlice,
  index: number,
  pageCount: number | null,
): PageFragments {
  const { flow, fixed, scale, turned, rootFilters } = a;
  const style = pageStyleAt(a.pageStyles, index);
  const box = a.boxAt(index);
  const number = index + 1;
  const area = turned ? turnedArea : pageArea;
  // As both engines put text baselines on the paper's pixels, the page area's whole-pixel corner moves them as
  // Chromium's move.
  const { left, top } = area(box);
  const flowPieces = slicePieces(
    flow,
    slice,
    { left, top, pageWidth: turned ? turnedArea(box).paper : box.width, scale },
    rootFilters,
  );
  const fixedPieces = fixed.map(
    (fragment): PagePiece => ({
      fragment,
      x: left,
      y: top,
      ...(rootFilters ? { filters: rootFilters } : {}),
      ...(scale !== 1 ? { zoom: { factor: 1 / scale, x: left, y: top } } : {}),
    }),
  );
  const pieces = turned ? turnedPieces(flowPieces, box) : flowPieces;
  // Drawn over the flow, in this order: header, footer, margin boxes, fixed boxes. (What `over` holds, a page
  // waiting for the page count holds until the end: not the flow.)
  const { header, footer, layout } = a;
  const over = (count: number): PagePiece[] => {
    const more: PagePiece[] = [];
    if (header) more.push(header(number, count, 'header', box));
    if (footer) more.push(footer(number, count, 'footer', box));
    more.push(...marginBoxPieces(style, box, number, count, layout));
    more.push(...(turned ? turnedPieces(fixedPieces, box) : fixedPieces));
    return more;
  };
  const page: PageFragments = { number, width: box.width, height: box.height, pieces };
  // Only what names the page count has to wait for it.
  const counts = header !== undefined || footer !== undefined || Object.keys(style.marginBoxes).length > 0;
  if (pageCount === null && counts) page.late = over;
  else pieces.push(...over(pageCount ?? 0));
  if (a.canvas) {
    const physical = pageArea(box);
    const canvasArea = { x: physical.left, y: physical.top, width: box.width - box.left - box.right };
    const headRoom = slice.heads.reduce((sum, h) => sum + h.fragment.height, 0);
    const fullArea = { ...canvasArea, height: box.height - box.top - box.bottom };
    page.canvas = {
      style: a.canvas,
      area: fullArea,
      // Where the flow's top would be on this page: as the pieces are shifted (slicePieces). A turned flow's
      // root box runs across pages sideways: its image is placed in the page area.
      root: turned
        ? fullArea
        : { ...canvasArea, y: top + (headRoom - slice.start) / scale, height: a.rootHeight / scale },
    };
  }
  return page;
}
