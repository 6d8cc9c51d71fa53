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

/** Where each margin box sits (CSS Paged Media §5.3, with the three boxes of a side sharing the side equally). */
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
    const fragment = layout.layoutRoot(block, area.width);
    const free = area.height - fragment.height;
    const dy = area.valign === 'top' ? 0 : area.valign === 'bottom' ? free : free / 2;
    pieces.push({ fragment, x: area.x, y: area.y + dy - fragment.y });
  }
  return pieces;
}

/** The template's running header or footer, laid out for one page: placed in the page's top or bottom margin. */
export function runningPiece(fragment: BoxFragment, place: 'header' | 'footer', page: PageBox): PagePiece {
  // As the pdfmake engine placed them: a third of the way into the margin from the paper's edge.
  const y = place === 'header' ? Math.min(page.top / 3, 28) : page.height - page.bottom + Math.min(page.bottom / 3, 14);
  return { fragment, x: page.left, y: y - fragment.y };
}
