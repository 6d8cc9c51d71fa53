/**
 * Vertical writing modes (CSS Writing Modes 3) by a quarter turn. A block container whose `writing-mode` is
 * vertical inside horizontal content (an orthogonal flow: a table cell's label, a column header set on its side, a
 * block of vertical Japanese) keeps its own box as it is and gets one child, the `turned` box, holding its content.
 * That content is laid out as horizontal text whose lines are as long as the vertical box is high, and painted
 * turned a quarter: clockwise for vertical-rl and sideways-rl (lines run top to bottom and stack from the right);
 * for vertical-lr the same, its lines stacked from the other side (`mirrored`: laid out with the block start on top,
 * then flipped, layout/block/block-layout.ts); counter-clockwise for sideways-lr (lines run bottom to top and stack
 * from the left). Characters that stand upright in vertical text (CJK, kana, Hangul) are turned back one by one when
 * painted (paint/text.ts, text/vertical-orientation.ts); text set on its side (Latin, digits) turns with its line.
 *
 * Laid out turned, a box's physical sides are others: clockwise, its top is the line's start (the turned frame's
 * left) and its right the first line's side (the turned frame's top). `turnedStyle` gives each style of the content
 * the sides of its turn.
 */

import type { BoxShadow, ComputedStyle, Length, TextShadow } from '../style/computed-style';
import { UPRIGHT } from '../text/upright';
import type { BlockBox, BlockLevelBox, InlineLevelBox, TableBox, TableRowGroupBox, Turn } from './box';

export const isVertical = (style: ComputedStyle): boolean => style.writingMode !== 'horizontal-tb';

/** How a vertical box's content is turned (see above). */
export function turnOf(style: ComputedStyle): Turn {
  if (style.writingMode === 'vertical-lr') return 'mirrored';
  return style.writingMode === 'sideways-lr' ? 'counter-clockwise' : 'clockwise';
}

/** Whether vertical text of this style has characters that stand upright (not `sideways`, not a `sideways-*` mode). */
export const hasUprightText = (style: ComputedStyle): boolean =>
  style.textOrientation !== 'sideways' && style.writingMode !== 'sideways-rl' && style.writingMode !== 'sideways-lr';

const TURNS: Turn[] = ['clockwise', 'mirrored', 'counter-clockwise'];
const turnedStyles = new Map(TURNS.map((turn) => [turn, new WeakMap<ComputedStyle, ComputedStyle>()]));
/** Every turned style, and the physical style it was made from. */
const physical = new WeakMap<ComputedStyle, ComputedStyle>();

/** Whether a style is one of turned content (text laid out in a turned frame). */
export const isTurnedStyle = (style: ComputedStyle): boolean => physical.has(style);

/**
 * The physical sides each turned side is: [left, top, right, bottom] of the turned frame. Clockwise, the line
 * starts at the top and the first line is at the right; mirrored, the first line is at the left (on top while laid
 * out, flipped after); counter-clockwise, the line starts at the bottom and the first line is at the left.
 */
type Side = 'Top' | 'Right' | 'Bottom' | 'Left';
const SIDES: Record<Turn, [Side, Side, Side, Side]> = {
  clockwise: ['Top', 'Right', 'Bottom', 'Left'],
  mirrored: ['Top', 'Left', 'Bottom', 'Right'],
  'counter-clockwise': ['Bottom', 'Left', 'Top', 'Right'],
};

/**
 * A style of a vertical box's content as the turned (horizontal) layout reads it: its sides as `SIDES` maps them,
 * widths as heights.
 */
export function turnedStyle(style: ComputedStyle, turn: Turn): ComputedStyle {
  const cache = turnedStyles.get(turn) as WeakMap<ComputedStyle, ComputedStyle>;
  let found = cache.get(style);
  if (found) return found;
  const [l, t, r, b] = SIDES[turn];
  // The physical corner where two physical sides meet.
  const radius = (a: Side, c: Side) => style.borderRadius[CORNER[`${a}${c}`] as number] as Length;
  found = {
    ...style,
    width: style.height,
    height: style.width,
    minWidth: style.minHeight,
    minHeight: style.minWidth,
    maxWidth: style.maxHeight,
    maxHeight: style.maxWidth,
    borderRadius: [radius(t, l), radius(t, r), radius(b, r), radius(b, l)],
    borderSpacing: [style.borderSpacing[1], style.borderSpacing[0]],
    boxShadow: style.boxShadow?.map((shadow) => turnedOffset(shadow, turn)) ?? null,
    textShadow: style.textShadow?.map((shadow) => turnedOffset(shadow, turn)) ?? null,
    // Vertical forms of what stands upright (CJK punctuation and brackets); a later setting of the style's wins.
    // Text set upright throughout advances by its glyphs' heights (text/upright.ts).
    fontFeatureSettings: !hasUprightText(style)
      ? style.fontFeatureSettings
      : style.textOrientation === 'upright'
        ? ['vert', UPRIGHT, ...style.fontFeatureSettings]
        : ['vert', ...style.fontFeatureSettings],
  };
  // Margins, paddings, borders and insets: each turned side takes the physical side SIDES names.
  const from = style as unknown as Record<string, unknown>;
  const to = found as unknown as Record<string, unknown>;
  for (const [turned, source] of [
    ['Left', l],
    ['Top', t],
    ['Right', r],
    ['Bottom', b],
  ] as const) {
    for (const prefix of ['margin', 'padding', 'border']) to[`${prefix}${turned}`] = from[`${prefix}${source}`];
    to[turned.toLowerCase()] = from[source.toLowerCase()];
  }
  cache.set(style, found);
  physical.set(found, style);
  return found;
}

// Indices of `borderRadius` (top-left, top-right, bottom-right, bottom-left) by the two sides that meet there.
const CORNER: Record<string, number> = {
  TopLeft: 0,
  LeftTop: 0,
  TopRight: 1,
  RightTop: 1,
  BottomRight: 2,
  RightBottom: 2,
  BottomLeft: 3,
  LeftBottom: 3,
};

/**
 * The style a mirrored box is painted with once its content is flipped: the clockwise turn's, whose sides are where
 * the flip puts them.
 */
export function paintedTurnedStyle(style: ComputedStyle): ComputedStyle {
  const source = physical.get(style);
  return source ? turnedStyle(source, 'clockwise') : style;
}

/** A physical offset (x right, y down) in the turned frame: turned back, it is the physical one. */
function turnedOffset<T extends BoxShadow | TextShadow>(shadow: T, turn: Turn): T {
  return turn === 'counter-clockwise'
    ? { ...shadow, x: -shadow.y, y: shadow.x }
    : { ...shadow, x: shadow.y, y: -shadow.x };
}

/**
 * The content of an orthogonal flow root, laid out turned: every box inside gets its turned style. Returns the
 * `turned` box to put in the root in place of its content.
 */
export function turnContent(root: BlockBox, anonymous: ComputedStyle): BlockBox {
  const turn = turnOf(anonymous);
  const box = new Turner(turn).block({ ...root, style: anonymous, tag: null });
  box.turned = turn;
  delete box.line;
  delete box.orthogonal;
  return box;
}

/** Gives every box of a subtree its turned style. */
class Turner {
  constructor(private readonly turn: Turn) {}

  private style = (style: ComputedStyle) => turnedStyle(style, this.turn);

  block = (block: BlockBox): BlockBox => {
    const box: BlockBox = {
      ...block,
      style: this.style(block.style),
      blocks: block.blocks?.map(this.blockLevel) ?? null,
      inlines: block.inlines?.map(this.inline) ?? null,
    };
    if (block.positioned) box.positioned = block.positioned.map((p) => ({ ...p, box: this.blockLevel(p.box) }));
    if (block.marker) box.marker = { ...block.marker, style: this.style(block.marker.style) };
    if (block.firstLine) box.firstLine = this.style(block.firstLine);
    return box;
  };

  blockLevel = (box: BlockLevelBox): BlockLevelBox => {
    if (box.type === 'block') return this.block(box);
    if (box.type === 'table') return this.table(box);
    return { ...box, style: this.style(box.style) };
  };

  private table(table: TableBox): TableBox {
    const group = (g: TableRowGroupBox): TableRowGroupBox => ({
      ...g,
      style: this.style(g.style),
      rows: g.rows.map((row) => ({
        ...row,
        style: this.style(row.style),
        cells: row.cells.map((cell) => ({ ...cell, style: this.style(cell.style), content: this.block(cell.content) })),
      })),
    });
    return {
      ...table,
      style: this.style(table.style),
      caption: table.caption && this.block(table.caption),
      columns: table.columns.map((column) => ({ style: this.style(column.style) })),
      head: table.head && group(table.head),
      bodies: table.bodies.map(group),
      foot: table.foot && group(table.foot),
    };
  }

  inline = (box: InlineLevelBox): InlineLevelBox => {
    switch (box.type) {
      case 'text':
      case 'br':
        return { ...box, style: this.style(box.style) };
      case 'inline':
        return { ...box, style: this.style(box.style), children: box.children.map(this.inline) };
      case 'atomic':
        return { ...box, style: this.style(box.style), box: this.blockLevel(box.box) as typeof box.box };
    }
  };
}
