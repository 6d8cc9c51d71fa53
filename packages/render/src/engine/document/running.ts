import type { BlockBox } from '../boxes/box';
import type { BlockLayout } from '../layout/block/block-layout';
import type { BoxFragment, PagePiece } from '../layout/fragment';
import type { MarginBox, MarginBoxName, PageStyle } from '../style/computed-style';
import { counterText } from '../style/counter-styles';

/** Page geometry in points, from the page's style. */
export interface PageBox {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const pageBox = (style: PageStyle): PageBox => ({
  width: style.width,
  height: style.height,
  top: style.margin[0],
  right: style.margin[1],
  bottom: style.margin[2],
  left: style.margin[3],
});

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

/** Where each margin box sits (CSS Paged Media §5.3): thirds of a side, top and bottom then shared by content (shareSide). */
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
  const made: Array<{ name: MarginBoxName; area: Area; block: BlockBox }> = [];
  for (const [name, box] of Object.entries(style.marginBoxes) as Array<[MarginBoxName, MarginBox]>) {
    const text = marginBoxText(box, pageNumber, pageCount);
    if (!text) continue;
    const area = areaOf(name, page);
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
  for (const side of ['top', 'bottom'] as const) shareSide(side, made, page, layout);
  for (const { area, block } of made) {
    const fragment = layout.layoutRoot(block, area.width);
    const free = area.height - fragment.height;
    const dy = area.valign === 'top' ? 0 : area.valign === 'bottom' ? free : free / 2;
    pieces.push({ fragment, x: area.x, y: area.y + dy - fragment.y });
  }
  return pieces;
}

type Widths = { min: number; max: number };

/**
 * The widths of a top or bottom side's left, center and right boxes as CSS Paged Media §5.3.2 resolves auto
 * widths (and Chromium does): from their content's min- and max-content widths, the center box centred, rather
 * than thirds (a long @bottom-left beside a short @bottom-right page number takes most of the line).
 */
function shareSide(
  side: 'top' | 'bottom',
  made: Array<{ name: MarginBoxName; area: Area; block: BlockBox }>,
  page: PageBox,
  layout: BlockLayout,
): void {
  const find = (where: string) => made.find((m) => m.name === `${side}-${where}`);
  const [a, b, c] = [find('left'), find('center'), find('right')];
  if (!a && !b && !c) return;
  // Boxes given a width of their own keep the thirds.
  if ([a, b, c].some((m) => m && m.block.style.width !== 'auto')) return;
  const none: Widths = { min: 0, max: 0 };
  const widths = (m: typeof a): Widths => (m ? layout.intrinsicWidths(m.block) : none);
  const available = page.width - page.left - page.right;
  const [wa, wb, wc] = [widths(a), widths(b), widths(c)];
  if (!b) {
    const [left, right] = shareTwo(wa, wc, available);
    if (a) Object.assign(a.area, { x: page.left, width: left });
    if (c) Object.assign(c.area, { x: page.left + available - right, width: right });
    return;
  }
  const outer = { min: 2 * Math.max(wa.min, wc.min), max: 2 * Math.max(wa.max, wc.max) };
  const [center] = shareTwo(wb, outer, available);
  const rest = (available - center) / 2;
  Object.assign(b.area, { x: page.left + rest, width: center });
  if (a) Object.assign(a.area, { x: page.left, width: rest });
  if (c) Object.assign(c.area, { x: page.left + available - rest, width: rest });
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
