import type { BlockBox } from '../boxes/box';
import { turnedStyle } from '../boxes/vertical-flow';
import type { PagePiece } from '../layout/fragment';
import type { Matrix } from '../style/transforms';
import { type PageBox, pageArea } from './running';

/**
 * A document whose root is vertical-rl (or sideways-rl): Japanese and Chinese set in columns, read from the right.
 * Its content is laid out as in a vertical box (boxes/vertical-flow.ts), turned: lines as long as the page area is
 * high, stacked in the turned frame's y, which the paginator then cuts at the page area's width, so the columns go
 * on over the next page as Chromium prints them. Each page's pieces are painted turned a quarter clockwise into the
 * page. (A vertical-lr or sideways-lr document is still laid out on one page, printed smaller and reported.)
 *
 * The turned frame of a page is the page itself turned: its x runs down the paper, its y leftwards from the
 * paper's right edge; its page area starts at the page's top margin (x) and its right margin (y).
 */

/** The root box laid out in the turned frame, or null when the document is not vertical-rl. */
export function turnedRoot(root: BlockBox): BlockBox | null {
  const content = root.orthogonal ? root.blocks?.[0] : undefined;
  if (content?.type !== 'block' || content.turned !== 'clockwise') return null;
  const { turned: _turned, ...inFrame } = content;
  const { orthogonal: _orthogonal, ...box } = root;
  return { ...box, style: turnedStyle(root.style, 'clockwise'), blocks: [inFrame] };
}

/** A page's area in its turned frame: where the paginator places the flow, and how long its lines may be. */
export function turnedArea(page: PageBox): { left: number; top: number; width: number; height: number; paper: number } {
  const area = pageArea(page);
  return {
    left: area.top,
    top: page.width - area.left - area.width,
    // Lines run down the page area; the paginator fills its width.
    width: area.height,
    height: area.width,
    paper: page.height,
  };
}

/** The turned frame into the page: x down the paper, y leftwards from its right edge. */
export const turnedPage = (page: PageBox): Matrix => [0, 1, -1, 0, page.width, 0];

/** Pieces placed in a page's turned frame, painted turned into the page. */
export const turnedPieces = (pieces: PagePiece[], page: PageBox): PagePiece[] =>
  pieces.map((piece) => ({ ...piece, matrix: turnedPage(page) }));
