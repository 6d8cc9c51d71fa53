import type { BlockBox } from '../boxes/box';
import type { BlockLayout } from '../layout/block/block-layout';
import type { BoxFragment, PagePiece } from '../layout/fragment';
import type { MarginBox, MarginBoxName, PageStyle, PageStyles } from '../style/computed-style';
import { pageStyleAt, resolveLength } from '../style/computed-style';
import { counterText } from '../style/counter-styles';
import { pagePixels } from '../style/page';

/** Page geometry in points, from the page's style. */
export interface PageBox {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
  /** Which lengths the template's page setup gave (PageStyle's). */
  fromSetup?: PageStyle['fromSetup'];
}

export const pageBox = (style: PageStyle): PageBox => ({
  width: style.width,
  height: style.height,
  top: style.margin[0],
  right: style.margin[1],
  bottom: style.margin[2],
  left: style.margin[3],
  ...(style.fromSetup ? { fromSetup: style.fromSetup } : {}),
});

/** Page i's box (0-based), one object per page style. */
export function pageBoxes(styles: PageStyles): (index: number) => PageBox {
  const boxes = new Map<PageStyle, PageBox>();
  return (index) => {
    const style = pageStyleAt(styles, index);
    let box = boxes.get(style);
    if (!box) {
      box = pageBox(style);
      boxes.set(style, box);
    }
    return box;
  };
}

/** The text of a margin box's `content` on one page. */
export function marginBoxText(box: MarginBox, page: number, pages: number): string {
  let text = '';
  for (const part of box.content) {
    if (part.kind === 'string') text += part.value;
    // Every counter style a list marker has (CSS Counter Styles 3), page numbers included.
    else text += counterText(part.style, part.name === 'page' ? page : pages);
  }
  return text;
}

type Area = {
  x: number;
  y: number;
  width: number;
  height: number;
  align: 'left' | 'center' | 'right';
  valign: 'top' | 'middle' | 'bottom';
};

const PX = 0.75;

/** A page's lengths as Chromium holds them, in CSS pixels (pagePixels). */
const layoutUnits = (page: PageBox) =>
  pagePixels({
    width: page.width,
    height: page.height,
    margin: [page.top, page.right, page.bottom, page.left],
    ...(page.fromSetup ? { fromSetup: page.fromSetup } : {}),
  });

/**
 * Where Chromium lays a page's content out and prints it, in points: a page area as large as the content box rounded
 * up to whole pixels (A4 with 12mm margins: 703.02px in layout units, 704px wide, as its 100% wide boxes are; with
 * 20mm margins 971.36px, 972px high: it holds 972px of content, 972.1px go on to a second page), painted from a
 * whole pixel of the paper (its left and top margins rounded: a 10mm margin's 37.8px is 38px).
 */
export function pageArea(page: PageBox): { left: number; top: number; width: number; height: number } {
  const px = layoutUnits(page);
  return {
    left: Math.round(px.left) * PX,
    top: Math.round(px.top) * PX,
    width: Math.ceil(px.width - px.left - px.right - 1e-6) * PX,
    height: Math.ceil(px.height - px.top - px.bottom - 1e-6) * PX,
  };
}

/**
 * The page as Chromium lays its margin boxes out: its lengths in layout units, the page area's size (pageArea) from
 * the unrounded top left corner, and the right and bottom margins what that leaves. On A4 with 20mm margins
 * (75.58px) the page area is 972px high, not 971.36px, so the bottom boxes start 0.64px lower and are as much
 * shorter, which moves their centred text.
 */
export function marginBoxPage(page: PageBox): PageBox {
  const px = layoutUnits(page);
  const area = pageArea(page);
  return {
    width: px.width * PX,
    height: px.height * PX,
    top: px.top * PX,
    right: px.width * PX - px.left * PX - area.width,
    bottom: px.height * PX - px.top * PX - area.height,
    left: px.left * PX,
  };
}

/**
 * Where each margin box sits (CSS Paged Media §5.3): thirds of a side, then shared by content (shareSide); top and
 * bottom boxes as high as their margin, side boxes as wide as theirs.
 */
function areaOf(name: MarginBoxName, page: PageBox): Area {
  const contentWidth = page.width - page.left - page.right;
  const contentHeight = page.height - page.top - page.bottom;
  const third = contentWidth / 3;
  const vthird = contentHeight / 3;
  const top = { y: 0, height: page.top, valign: 'middle' as const };
  const bottom = { y: page.height - page.bottom, height: page.bottom, valign: 'middle' as const };
  switch (name) {
    case 'top-left-corner':
      return { x: 0, width: page.left, align: 'right', ...top };
    case 'top-left':
      return { x: page.left, width: third, align: 'left', ...top };
    case 'top-center':
      return { x: page.left, width: contentWidth, align: 'center', ...top };
    case 'top-right':
      return { x: page.left + 2 * third, width: third, align: 'right', ...top };
    case 'top-right-corner':
      return { x: page.width - page.right, width: page.right, align: 'left', ...top };
    case 'bottom-left-corner':
      return { x: 0, width: page.left, align: 'right', ...bottom };
    case 'bottom-left':
      return { x: page.left, width: third, align: 'left', ...bottom };
    case 'bottom-center':
      return { x: page.left, width: contentWidth, align: 'center', ...bottom };
    case 'bottom-right':
      return { x: page.left + 2 * third, width: third, align: 'right', ...bottom };
    case 'bottom-right-corner':
      return { x: page.width - page.right, width: page.right, align: 'left', ...bottom };
    case 'left-top':
      return { x: 0, y: page.top, width: page.left, height: vthird, align: 'center', valign: 'top' };
    case 'left-middle':
      return { x: 0, y: page.top + vthird, width: page.left, height: vthird, align: 'center', valign: 'middle' };
    case 'left-bottom':
      return { x: 0, y: page.top + 2 * vthird, width: page.left, height: vthird, align: 'center', valign: 'bottom' };
    case 'right-top':
      return {
        x: page.width - page.right,
        y: page.top,
        width: page.right,
        height: vthird,
        align: 'center',
        valign: 'top',
      };
    case 'right-middle':
      return {
        x: page.width - page.right,
        y: page.top + vthird,
        width: page.right,
        height: vthird,
        align: 'center',
        valign: 'middle',
      };
    case 'right-bottom':
      return {
        x: page.width - page.right,
        y: page.top + 2 * vthird,
        width: page.right,
        height: vthird,
        align: 'center',
        valign: 'bottom',
      };
  }
}

/** The margin boxes of one page, laid out and placed. */
export function marginBoxPieces(
  style: PageStyle,
  page: PageBox,
  pageNumber: number,
  pageCount: number,
  layout: BlockLayout,
): PagePiece[] {
  const pieces: PagePiece[] = [];
  const made: Made[] = [];
  const laid = marginBoxPage(page);
  for (const [name, box] of Object.entries(style.marginBoxes) as Array<[MarginBoxName, MarginBox]>) {
    const text = marginBoxText(box, pageNumber, pageCount);
    if (!text) continue;
    const area = areaOf(name, laid);
    // The box's own vertical-align (top, middle, bottom) places its content in its area, as in Chromium; the initial
    // baseline leaves the place's default.
    const { verticalAlign } = box.style;
    if (verticalAlign === 'top' || verticalAlign === 'middle' || verticalAlign === 'bottom')
      area.valign = verticalAlign;
    const boxStyle = {
      ...box.style,
      display: 'block' as const,
      textAlign: box.style.textAlign === 'start' ? area.align : box.style.textAlign,
    };
    const block: BlockBox = {
      type: 'block',
      style: boxStyle,
      tag: null,
      blocks: null,
      inlines: [{ type: 'text', text, style: boxStyle }],
    };
    made.push({ name, area, block });
  }
  for (const side of ['top', 'bottom', 'left', 'right'] as const) shareSide(side, made, laid, layout);
  for (const { area, block } of made) {
    const fragment = layout.layoutRoot(block, area.width);
    const free = area.height - fragment.height;
    const dy = area.valign === 'top' ? 0 : area.valign === 'bottom' ? free : free / 2;
    if (free <= 0 || fragment.y !== 0) {
      pieces.push({ fragment, x: area.x, y: area.y + dy - fragment.y });
      continue;
    }
    // The box fills its area, its content aligned in it (as Chromium paints it: a background spans the margin).
    for (const child of fragment.children) child.y += dy;
    fragment.height = area.height;
    pieces.push({ fragment, x: area.x, y: area.y });
  }
  return pieces;
}

type Made = { name: MarginBoxName; area: Area; block: BlockBox };

type Widths = { min: number; max: number };

/**
 * The widths of a top or bottom side's left, center and right boxes, and the heights of a left or right side's
 * top, middle and bottom ones, as CSS Paged Media §5.3.2 resolves auto sizes (and Chromium does): from their
 * content's min- and max-content sizes, the center box centred, rather than thirds (a long @bottom-left beside a
 * short @bottom-right page number takes most of the line; a lone @left-middle has the whole side).
 */
function shareSide(side: 'top' | 'bottom' | 'left' | 'right', made: Made[], page: PageBox, layout: BlockLayout): void {
  const across = side === 'top' || side === 'bottom';
  const names = across ? ['left', 'center', 'right'] : ['top', 'middle', 'bottom'];
  const [a, b, c] = names.map((where) => made.find((m) => m.name === `${side}-${where}`));
  if (!a && !b && !c) return;
  const none: Widths = { min: 0, max: 0 };
  const sizes = (m: Made | undefined): Widths => {
    if (!m) return none;
    if (across) return layout.intrinsicWidths(m.block);
    // A side box's content height at its width is both its min- and its max-content height.
    const height = layout.layoutRoot(m.block, m.area.width).height;
    return { min: height, max: height };
  };
  const start = across ? page.left : page.top;
  const available = across ? page.width - page.left - page.right : page.height - page.top - page.bottom;
  const place = (m: Made | undefined, at: number, size: number) => {
    if (m) Object.assign(m.area, across ? { x: start + at, width: size } : { y: start + at, height: size });
  };
  const [wa, wb, wc] = [sizes(a), sizes(b), sizes(c)];
  const given = [a, b, c].map((m) => m && givenSize(m, across, available)) as Array<number | null | undefined>;
  if (given.some((size) => typeof size === 'number')) {
    placeGiven([a, b, c], given, [wa, wb, wc], available, place);
    return;
  }
  if (!b) {
    const [first, last] = shareTwo(wa, wc, available);
    place(a, 0, first);
    place(c, available - last, last);
    return;
  }
  const outer = { min: 2 * Math.max(wa.min, wc.min), max: 2 * Math.max(wa.max, wc.max) };
  const [center] = shareTwo(wb, outer, available);
  const rest = (available - center) / 2;
  place(b, rest, center);
  place(a, 0, rest);
  place(c, available - rest, rest);
}

/**
 * A margin box's own width (height, on the left and right sides), its padding and borders included, when its style
 * gives one: percentages are of the page area's, as Chromium resolves them (`width: 70%` of a letter's footnote box
 * is 70% of the line of text above it). The box is then laid out to fill its area.
 */
function givenSize(m: Made, across: boolean, available: number): number | null {
  const { style } = m.block;
  const length = across ? style.width : style.height;
  if (length === 'auto') return null;
  const extras =
    style.boxSizing === 'border-box'
      ? 0
      : across
        ? resolveLength(style.paddingLeft, available) +
          resolveLength(style.paddingRight, available) +
          style.borderLeft.width +
          style.borderRight.width
        : resolveLength(style.paddingTop, available) +
          resolveLength(style.paddingBottom, available) +
          style.borderTop.width +
          style.borderBottom.width;
  const size = Math.max(0, resolveLength(length, available)) + extras;
  m.block.style = across ? { ...style, width: 'auto' } : { ...style, height: 'auto' };
  for (const inline of m.block.inlines ?? []) if (inline.type === 'text') inline.style = m.block.style;
  return size;
}

/**
 * A side's boxes when some give their own size (measured in Chromium): the first starts at the side's start, the last
 * ends at its end, and a center box is centred. A center box of auto size takes what the wider of the two outer boxes
 * leaves on both sides of the middle (nothing, beside a left box half the page wide: its text then starts at the middle);
 * an outer box of auto size takes what the others leave.
 */
function placeGiven(
  [a, b, c]: Array<Made | undefined>,
  [ga, gb, gc]: Array<number | null | undefined>,
  [wa, wb, wc]: Widths[],
  available: number,
  place: (m: Made | undefined, at: number, size: number) => void,
): void {
  const own = (size: number | null | undefined, widths: Widths) => size ?? Math.min(widths.max, available);
  if (!b) {
    const first = ga ?? Math.max(0, available - (gc ?? 0));
    const last = gc ?? Math.max(0, available - (a ? first : 0));
    place(a, 0, first);
    place(c, available - last, last);
    return;
  }
  const outer = Math.max(a ? own(ga, wa as Widths) : 0, c ? own(gc, wc as Widths) : 0);
  const center = gb ?? Math.max(0, available - 2 * outer);
  const rest = Math.max(0, (available - center) / 2);
  // Narrower than its text, a center box's text starts where the box does and runs on past it, as in Chromium.
  place(b, rest, gb ?? Math.max(center, Math.min((wb as Widths).max, available - rest)));
  place(a, 0, ga ?? rest);
  place(c, available - (gc ?? rest), gc ?? rest);
}

/** Two boxes' shares of `available`: by max-content widths when they fit, else between min- and max-content. */
function shareTwo(a: Widths, b: Widths, available: number): [number, number] {
  const maxSum = a.max + b.max;
  const minSum = a.min + b.min;
  if (maxSum <= available) {
    if (maxSum === 0) return [available / 2, available / 2];
    return [(a.max / maxSum) * available, (b.max / maxSum) * available];
  }
  if (minSum >= available) {
    if (minSum === 0) return [available / 2, available / 2];
    return [(a.min / minSum) * available, (b.min / minSum) * available];
  }
  const k = (available - minSum) / (maxSum - minSum);
  return [a.min + k * (a.max - a.min), b.min + k * (b.max - b.min)];
}

/** The template's running header or footer, laid out for one page: placed in the page's top or bottom margin. */
export function runningPiece(fragment: BoxFragment, place: 'header' | 'footer', page: PageBox): PagePiece {
  // As the pdfmake engine placed them: a third of the way into the margin from the paper's edge.
  const y = place === 'header' ? Math.min(page.top / 3, 28) : page.height - page.bottom + Math.min(page.bottom / 3, 14);
  return { fragment, x: page.left, y: y - fragment.y };
}
