import type { BoxFragment } from '../layout/fragment';
import { ColorFilter, filterOpacity } from '../style/color-filter';
import type { BlendMode } from '../style/computed-style';
import type { Filter } from '../style/filters';
import type { ContentWriter, Rect } from './content';
import { dropShadowPainter } from './drop-shadow';
import { reportFilter } from './filter-findings';
import type { PaintContext } from './paint-context';

/**
 * Paints a box with a `filter` (Filter Effects 1), then, as CSS orders them, its opacity and blend mode (the
 * caller has set its transform and clip-path around this):
 * - the colour functions change every colour the box and its content set (cw.filter: fills, strokes, gradient
 *   stops, image pixels), the box's own first, then those of the filtered boxes around it;
 * - `opacity()` multiplies the group's opacity;
 * - one `drop-shadow()` is drawn under the box where its shape is known (drop-shadow.ts), in its colour through
 *   the colour functions after it, and faded by the `opacity()`s before it;
 * - `blur()` and `url()` were reported by the style stage; what cannot be drawn here is reported here.
 */
export function paintFiltered(
  ctx: PaintContext,
  box: BoxFragment,
  filter: Filter,
  rect: Rect,
  opacity: number,
  blend: BlendMode,
  paint: () => void,
): void {
  const { cw } = ctx;
  const { functions } = filter;
  if (opacity * filterOpacity(functions) <= 0) return;
  const outer = cw.filter;
  const inner = ColorFilter.of(functions, outer);
  // Findings inside name the innermost filter that changes colours.
  const at = inner === outer ? cw.filterAt : filter;
  const content = () => cw.withFilter(inner, at, paint);
  const first = functions.findIndex((fn) => fn.kind === 'drop-shadow');
  if (first < 0) {
    inGroup(cw, opacity * filterOpacity(functions), blend, content);
    return;
  }
  const shadowFn = functions[first] as Extract<Filter['functions'][number], { kind: 'drop-shadow' }>;
  const painter = dropShadowPainter(ctx, box, rect);
  if (functions.some((fn, i) => i > first && fn.kind === 'drop-shadow'))
    reportFilter(ctx, 'only the first drop-shadow() is drawn (a second one would shadow the first as well).', filter);
  if (typeof painter === 'string') {
    reportFilter(ctx, painter, filter);
    inGroup(cw, opacity * filterOpacity(functions), blend, content);
    return;
  }
  const before = functions.slice(0, first);
  const after = functions.slice(first + 1);
  const faded = filterOpacity(before);
  const { color, blur } = shadowFn.shadow;
  // The painters take a box-shadow's blur radius, whose Gaussian deviates by half of it; drop-shadow()'s length is
  // the deviation itself (Filter Effects 1's feGaussianBlur stdDeviation="[radius]"), as Chromium draws it.
  const shadow = { ...shadowFn.shadow, blur: 2 * blur, color: { ...color, a: color.a * faded } };
  const shadowFilter = ColorFilter.of(after, outer);
  inGroup(cw, opacity * filterOpacity(after), blend, () => {
    cw.withFilter(shadowFilter, shadowFilter === outer ? cw.filterAt : filter, () => painter(shadow));
    // The box is faded before its shadow is made: what is under it shows through it, its shadow included.
    inGroup(cw, faded, 'normal', content);
  });
}

/** Paints as one group of this opacity and blend mode, or straight on the page when it would change nothing. */
function inGroup(cw: ContentWriter, opacity: number, blend: BlendMode, paint: () => void): void {
  if (opacity < 1 || blend !== 'normal') cw.group(opacity, paint, blend);
  else paint();
}

/**
 * Paints a piece of a page that is painted apart from its filtered ancestors (`filters`, outermost first) through
 * their colour functions and `opacity()`s. Their drop shadows are drawn with the ancestors' own pieces.
 */
export function paintThroughFilters(ctx: PaintContext, filters: readonly Filter[], paint: () => void): void {
  const { cw } = ctx;
  let color = cw.filter;
  let at = cw.filterAt;
  let opacity = 1;
  for (const filter of filters) {
    const next = ColorFilter.of(filter.functions, color);
    if (next !== color) at = filter;
    color = next;
    opacity *= filterOpacity(filter.functions);
  }
  if (opacity <= 0) return;
  inGroup(cw, opacity, 'normal', () => cw.withFilter(color, at, paint));
}
