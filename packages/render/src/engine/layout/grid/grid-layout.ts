import type { BlockBox, BlockLevelBox } from '../../boxes/box';
import { initialStyle, resolveLength } from '../../style/computed-style';
import { containerItems } from '../container-items';
import type { BlockContents, IntrinsicWidths, LayoutContext } from '../context';
import type { BoxFragment, Fragment } from '../fragment';
import { namedAreas, type Placed, placeItems } from './placement';
import { expandTracks, sizeTracks, type TrackContent, trackAt } from './tracks';

/**
 * CSS Grid layout (the subset the engine lays out): columns from `grid-template-columns` (lengths, %, `fr`, auto,
 * min/max-content, `minmax()`, `repeat()` with counts and auto-fill/auto-fit), rows sized by their items (or
 * given), gaps, line numbers, spans and named areas, auto-placement by rows, columns from the right in a
 * right-to-left grid. Items stretch to their area's height unless aligned otherwise. Each row of items is one box
 * to the paginator, which breaks between rows (and inside one, between lines of every item, as in table rows).
 */
export function layoutGrid(
  box: BlockBox,
  contentWidth: number,
  ctx: LayoutContext,
  definiteHeight?: number,
): BlockContents {
  const grid = prepare(box, contentWidth, ctx);
  const { placed, columns, colGap, rowGap } = grid;
  const colX: number[] = [];
  let x = 0;
  for (const width of columns) {
    colX.push(x);
    x += width + colGap;
  }
  const areaWidth = (p: Placed) =>
    columns.slice(p.col, p.col + p.colSpan).reduce((a, b) => a + b, 0) + colGap * (p.colSpan - 1);
  // Column line 1 is on the inline-start side (CSS Grid §7.1): in a right-to-left grid the tracks run leftwards
  // from the content box's right edge, and overflow on its left. Placement stays logical; only x is mirrored.
  const rtl = box.style.direction === 'rtl';
  const areaLeft = (p: Placed) =>
    rtl ? contentWidth - (colX[p.col] as number) - areaWidth(p) : (colX[p.col] as number);

  // Items laid out at their area's width (stretched), or at their fit-content width when justified otherwise;
  // rows as tall as their tallest single-row item (or as given).
  const laid = placed.map((p) => {
    const area = areaWidth(p);
    const justify = justification(p.item, box);
    const width = justify === 'stretch' ? area : fitContentWidth(p.item, area, ctx);
    const { fragment, margin } = ctx.layoutBox(p.item, width);
    const free = area - (fragment.kind === 'text' ? 0 : fragment.width) - margin[1] - margin[3];
    const shift = justify === 'center' ? free / 2 : justify === 'right' ? free : 0;
    return { p, fragment: fragment as BoxFragment, margin, shift: Math.max(0, shift) };
  });
  const rowCount = Math.max(grid.explicitRows, ...placed.map((p) => p.row + p.rowSpan), 0);
  const rows = Array.from({ length: rowCount }, (_, i) => {
    const track = trackAt(grid.rowTracks, i, box.style.gridAutoRows);
    return track.min.kind === 'length' && track.max.kind === 'length' ? resolveLength(track.min.value, 0) : 0;
  });
  const fixedRow = rows.map((_, i) => {
    const track = trackAt(grid.rowTracks, i, box.style.gridAutoRows);
    return track.min.kind === 'length' && track.max.kind === 'length';
  });
  const outer = (l: (typeof laid)[number]) => l.fragment.height + l.margin[0] + l.margin[2];
  for (const l of laid) {
    if (l.p.rowSpan === 1 && !fixedRow[l.p.row]) rows[l.p.row] = Math.max(rows[l.p.row] as number, outer(l));
    else if (l.p.rowSpan === 1) rows[l.p.row] = Math.max(rows[l.p.row] as number, 0);
  }
  // A spanning item taller than its rows makes its last row taller.
  for (const l of laid) {
    if (l.p.rowSpan === 1) continue;
    const spanned = rows.slice(l.p.row, l.p.row + l.p.rowSpan).reduce((a, b) => a + b, 0) + rowGap * (l.p.rowSpan - 1);
    const last = l.p.row + l.p.rowSpan - 1;
    if (outer(l) > spanned) rows[last] = (rows[last] as number) + outer(l) - spanned;
  }
  // A container of given height: its auto rows share what its rows leave (align-content: normal is stretch).
  if (definiteHeight !== undefined && (box.style.alignContent === 'normal' || box.style.alignContent === 'stretch')) {
    const used = rows.reduce((a, b) => a + b, 0) + rowGap * Math.max(0, rows.length - 1);
    const auto = rows.map((_, i) => i).filter((i) => !fixedRow[i]);
    if (definiteHeight > used + 0.01 && auto.length > 0) {
      const extra = (definiteHeight - used) / auto.length;
      for (const i of auto) rows[i] = (rows[i] as number) + extra;
    }
  }
  const rowY: number[] = [];
  let y = 0;
  for (const height of rows) {
    rowY.push(y);
    y += height + rowGap;
  }
  const height = Math.max(0, y - (rows.length > 0 ? rowGap : 0));

  // One box per row for the paginator; an item spanning rows sits in its first.
  const rowStyle = { ...initialStyle(), display: 'block' as const };
  const rowBoxes: BoxFragment[] = rows.map((h, i) => ({
    kind: 'box',
    x: 0,
    y: rowY[i] as number,
    width: contentWidth,
    height: h,
    style: rowStyle,
    role: 'row',
    children: [],
  }));
  for (const l of laid) {
    const { p, fragment, margin, shift } = l;
    const areaHeight = rows.slice(p.row, p.row + p.rowSpan).reduce((a, b) => a + b, 0) + rowGap * (p.rowSpan - 1);
    const align = alignment(p.item, box);
    const room = areaHeight - margin[0] - margin[2];
    if (align === 'stretch' && p.item.type !== 'replaced' && p.item.style.height === 'auto') {
      fragment.height = Math.max(fragment.height, room);
    }
    const offset = align === 'center' ? (room - fragment.height) / 2 : align === 'end' ? room - fragment.height : 0;
    fragment.x = areaLeft(p) + margin[3] + shift;
    fragment.y = margin[0] + Math.max(0, offset);
    (rowBoxes[p.row] as BoxFragment).children.push(fragment);
  }
  const children: Fragment[] = rowBoxes.filter((r) => r.children.length > 0 || r.height > 0);
  return { children, height };
}

/** The grid's min- and max-content widths: its columns at their items' min-content, and at their max-content. */
export function gridIntrinsicWidths(box: BlockBox, ctx: LayoutContext): IntrinsicWidths {
  const grid = prepare(box, 0, ctx);
  const gaps = grid.colGap * Math.max(0, grid.columns.length - 1);
  let min = gaps;
  let max = gaps;
  grid.tracks.forEach((track, i) => {
    const c = grid.content[i] as TrackContent;
    const fixed = track.min.kind === 'length' && track.max.kind === 'length' ? resolveLength(track.max.value, 0) : null;
    min += fixed ?? c.min;
    max += fixed ?? Math.max(c.max, c.min);
  });
  return { min, max };
}

function prepare(box: BlockBox, contentWidth: number, ctx: LayoutContext) {
  const s = box.style;
  // `normal` is 0 between grid tracks (1em only between the columns of a multi-column box).
  const colGap = s.columnGap === 'normal' ? 0 : resolveLength(s.columnGap, contentWidth);
  const rowGap = resolveLength(s.rowGap, contentWidth);
  const areas = namedAreas(s.gridTemplateAreas);
  const explicit = expandTracks(s.gridTemplateColumns, contentWidth, colGap);
  const areaColumns = s.gridTemplateAreas?.[0]?.length ?? 0;
  const explicitColumns = Math.max(explicit.length, areaColumns);
  const rowTracks = expandTracks(s.gridTemplateRows, 0, rowGap);
  const explicitRows = Math.max(rowTracks.length, s.gridTemplateAreas?.length ?? 0);
  const items = containerItems(box);
  const placed = placeItems(items, Math.max(explicitColumns, 1), areas, explicitRows);
  const count = Math.max(explicitColumns, ...placed.map((p) => p.col + p.colSpan), 1);
  const tracks = Array.from({ length: count }, (_, i) => trackAt(explicit, i));
  const content: TrackContent[] = tracks.map(() => ({ min: 0, max: 0 }));
  const margins = (item: BlockLevelBox) => {
    const m = (v: typeof item.style.marginLeft) => (v === 'auto' ? 0 : resolveLength(v, contentWidth));
    return m(item.style.marginLeft) + m(item.style.marginRight);
  };
  for (const p of placed) {
    if (p.colSpan !== 1) continue;
    const widths = ctx.intrinsicWidths(p.item);
    const c = content[p.col] as TrackContent;
    c.min = Math.max(c.min, widths.min + margins(p.item));
    c.max = Math.max(c.max, widths.max + margins(p.item));
  }
  const gaps = colGap * Math.max(0, count - 1);
  const columns = sizeTracks(tracks, content, contentWidth, gaps);
  // An item spanning columns wider than them widens the last one it spans.
  for (const p of placed) {
    if (p.colSpan === 1) continue;
    const need = ctx.intrinsicWidths(p.item).min + margins(p.item);
    const has = columns.slice(p.col, p.col + p.colSpan).reduce((a, b) => a + b, 0) + colGap * (p.colSpan - 1);
    const last = p.col + p.colSpan - 1;
    if (need > has && tracks[last]?.max.kind !== 'length') columns[last] = (columns[last] as number) + need - has;
  }
  return { placed, columns, colGap, rowGap, tracks, content, rowTracks, explicitRows };
}

/**
 * Where an item sits across its area (justify-self, else the grid's justify-items), as a physical side: start and
 * end follow the grid's direction, self-start and self-end the item's own (CSS Box Alignment §4.1).
 */
function justification(item: BlockLevelBox, grid: BlockBox): 'stretch' | 'left' | 'center' | 'right' {
  const self = item.style.justifySelf === 'auto' ? grid.style.justifyItems : item.style.justifySelf;
  if (self === 'center') return 'center';
  if (self === 'left' || self === 'right') return self;
  // normal is stretch for boxes, start for replaced elements (an image keeps its width).
  if ((self === 'normal' && item.type !== 'replaced') || self === 'stretch') return 'stretch';
  const rtl = (self === 'self-start' || self === 'self-end' ? item : grid).style.direction === 'rtl';
  const end = self === 'end' || self === 'flex-end' || self === 'self-end';
  return end !== rtl ? 'right' : 'left';
}

/** The width an item not stretched takes in its area: its max-content, at least its min-content (CSS Grid §6.6). */
function fitContentWidth(item: BlockLevelBox, area: number, ctx: LayoutContext): number {
  const widths = ctx.intrinsicWidths(item);
  const s = item.style;
  const margin = (v: typeof s.marginLeft) => (v === 'auto' ? 0 : resolveLength(v, area));
  const margins = margin(s.marginLeft) + margin(s.marginRight);
  return Math.min(Math.max(widths.min, area - margins), widths.max) + margins;
}

function alignment(item: BlockLevelBox, grid: BlockBox): 'stretch' | 'start' | 'center' | 'end' {
  const self = item.style.alignSelf === 'auto' ? grid.style.alignItems : item.style.alignSelf;
  if (self === 'center') return 'center';
  if (self === 'end' || self === 'flex-end' || self === 'self-end') return 'end';
  if (self === 'normal' || self === 'stretch') return 'stretch';
  return 'start';
}
