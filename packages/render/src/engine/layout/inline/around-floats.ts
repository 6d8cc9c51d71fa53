import type { BlockBox } from '../../boxes/box';
import type { BlockContents, LayoutContext } from '../context';
import { FloatContext, type FloatSpace, placeFloat } from '../floats/floats';
import type { BoxFragment, Fragment } from '../fragment';
import { type BreakOptions, breakLine } from './break-lines';
import type { InlineFloat } from './collect';
import { breakFirstLine } from './first-line';
import type { Item, Paragraph } from './items';
import { type PlaceOptions, placeLine } from './place';

const EPSILON = 1e-6;

export interface AroundFloats {
  box: BlockBox;
  paragraph: Paragraph;
  /** The paragraph's own floats, by the text offset they were met at. */
  floats: InlineFloat[];
  breaking: BreakOptions;
  place: PlaceOptions;
  contentWidth: number;
  ctx: LayoutContext;
  /** The formatting context's floats; none when the box is a formatting context of its own. */
  space: FloatSpace | undefined;
  /** The paragraph in the `::first-line` style, from which the first line is broken (first-line.ts). */
  first?: Paragraph | null;
}

/**
 * Line boxes beside floats (CSS 2.1 §9.5): each line is as wide as the floats leave room for over its height, and
 * moves down past them when not even its first word fits. A float met in the text is placed at the top of the line
 * it falls in when it fits beside what that line holds, else below the line; one met before a line's first word is
 * placed before the line is broken, which it then shortens.
 */
export function linesAroundFloats(args: AroundFloats): BlockContents {
  const { paragraph, floats, breaking, place, contentWidth, ctx } = args;
  const own = !args.space;
  const space = args.space ?? { floats: new FloatContext(), x: 0, y: 0 };
  const { items } = paragraph;
  const lineHeight = strutHeight(args.box);
  const children: Fragment[] = [];
  const floated: BoxFragment[] = [];
  const laidOut = (f: InlineFloat) => {
    const laid = ctx.layoutBox(f.box, contentWidth, { shrinkToFit: true });
    return { fragment: laid.fragment as BoxFragment, margin: laid.margin };
  };
  const putFloat = (f: InlineFloat, laid: ReturnType<typeof laidOut>, top: number) =>
    floated.push(placeFloat(laid, f.box.style, space, contentWidth, top));
  const bandAt = (top: number) => space.floats.band(space.y + top, lineHeight, space.x, space.x + contentWidth);

  let y = 0;
  let i = 0;
  let next = 0;
  let broken = 0;
  let firstBaseline: number | undefined;
  let lastBaseline: number | undefined;
  const marker = place.marker;
  const breakAt = (from: number, width: number) => {
    if (from === 0 && broken === 0 && args.first) {
      const first = breakFirstLine(args.first, paragraph, width, breaking);
      if (first) return { line: first.line, end: first.next };
    }
    return breakLine(paragraph, from, broken === 0, width, breaking);
  };
  while (i < items.length || (broken === 0 && marker && children.length === 0)) {
    // Floats met before this line's first word hang from the line's top.
    const start = textOffset(items, i);
    while (next < floats.length && (floats[next] as InlineFloat).at <= start) {
      const f = floats[next++] as InlineFloat;
      putFloat(f, laidOut(f), y);
    }
    let band = bandAt(y);
    const indent = broken === 0 ? breaking.firstIndent : 0;
    let line = breakAt(i, band.right - band.left);
    // Not even the first word fits beside the floats: the line goes down past them (§9.5, line boxes).
    while (band.narrowed && line.line.width > band.right - band.left - indent + EPSILON) {
      const below = space.floats.nextBottom(space.y + y);
      if (below === null) break;
      y = below - space.y;
      band = bandAt(y);
      line = breakAt(i, band.right - band.left);
    }
    // Floats met inside the line: beside it if they fit in the room it leaves, else below it.
    const end = textOffset(items, line.end);
    let room = band.right - band.left - indent - line.line.width;
    const below: Array<[InlineFloat, ReturnType<typeof laidOut>]> = [];
    let besideLine = false;
    while (next < floats.length && ((floats[next] as InlineFloat).at < end || line.end >= items.length)) {
      const f = floats[next++] as InlineFloat;
      const laid = laidOut(f);
      const width = laid.fragment.width + laid.margin[1] + laid.margin[3];
      if (width <= room + EPSILON) {
        putFloat(f, laid, y);
        room -= width;
        besideLine = true;
      } else below.push([f, laid]);
    }
    if (besideLine) band = bandAt(y);
    place.width = band.right - band.left;
    const placed = placeLine(line.line, children.length === 0, line.end >= items.length, place);
    broken++;
    i = line.end;
    if (placed) {
      place.marker = undefined;
      placed.x = band.left - space.x;
      placed.y = y;
      firstBaseline ??= y + placed.baseline;
      lastBaseline = y + placed.baseline;
      y += placed.height;
      children.push(placed);
    }
    for (const [f, laid] of below) putFloat(f, laid, y);
    if (items.length === 0) break;
  }
  // Floats after the last line (or in a paragraph with no text).
  while (next < floats.length) {
    const f = floats[next++] as InlineFloat;
    putFloat(f, laidOut(f), y);
  }
  place.width = contentWidth;
  // A formatting context of its own (a table cell's content) holds its floats.
  const height = own && space.floats.count > 0 ? Math.max(y, space.floats.lowest()) : y;
  children.push(...floated);
  const contents: BlockContents = { children, height };
  if (floated.length > 0) contents.floats = true;
  if (firstBaseline !== undefined) contents.firstBaseline = firstBaseline;
  if (lastBaseline !== undefined) contents.lastBaseline = lastBaseline;
  return contents;
}

/** The text offset item `i` starts at (the paragraph's end past the last item). */
function textOffset(items: Item[], i: number): number {
  for (let k = i; k < items.length; k++) {
    const item = items[k] as Item;
    if ('start' in item) return item.start;
  }
  return Number.POSITIVE_INFINITY;
}

/** The height of a line of the block's own text, for finding the floats beside a line before it is laid out. */
function strutHeight(box: BlockBox): number {
  const { lineHeight, fontSize } = box.style;
  if (lineHeight.kind === 'length') return lineHeight.value;
  if (lineHeight.kind === 'number') return lineHeight.value * fontSize;
  return fontSize * 1.2;
}
