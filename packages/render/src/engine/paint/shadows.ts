import type { BoxShadow } from '../style/computed-style';
import type { ContentWriter, Radii, Rect } from './content';
import { insetRadii, insetRect, isRounded, type Widths } from './geometry';

/**
 * `box-shadow` (CSS Backgrounds 3 §7.1): outer shadows under the background, only outside the border box; inset
 * shadows over the background, only inside the padding box. The first shadow written is on top, so they are
 * drawn last to first.
 *
 * PDF has no blur: a blurred edge is drawn as nested shapes, each a little larger than the last, whose
 * opacities add up to the Gaussian's profile across the blur (CSS: a Gaussian of standard deviation half the
 * blur radius), the shape's corners rounding as they grow, as a blurred rectangle's do.
 */
export function paintShadows(
  cw: ContentWriter,
  shadows: BoxShadow[],
  border: Rect,
  radii: Radii,
  widths: Widths,
  inset: boolean,
): void {
  for (let i = shadows.length - 1; i >= 0; i--) {
    const shadow = shadows[i] as BoxShadow;
    if (shadow.inset !== inset || shadow.color.a <= 0) continue;
    if (inset) insetShadow(cw, shadow, border, radii, widths);
    else outerShadow(cw, shadow, border, radii);
  }
}

function outerShadow(cw: ContentWriter, shadow: BoxShadow, border: Rect, radii: Radii): void {
  const shape = grown({ ...border, x: border.x + shadow.x, y: border.y + shadow.y }, radii, shadow.spread);
  if (!shape) return;
  cw.save();
  // Outside the border box only: a rectangle beyond the shadow's reach with the box cut out (even-odd).
  const reach = Math.abs(shadow.x) + Math.abs(shadow.y) + shadow.blur + Math.abs(shadow.spread) + 1;
  cw.rect({
    x: border.x - reach,
    y: border.y - reach,
    width: border.width + 2 * reach,
    height: border.height + 2 * reach,
  });
  path(cw, border, radii);
  cw.write('W* n');
  for (const layer of blurLayers(shadow.blur, shadow.color.a)) {
    const at = grown(shape.rect, shape.radii, layer.grow);
    if (!at) continue;
    cw.fillColor({ ...shadow.color, a: layer.alpha });
    path(cw, at.rect, at.radii);
    cw.write('f');
  }
  cw.restore();
}

function insetShadow(cw: ContentWriter, shadow: BoxShadow, border: Rect, radii: Radii, widths: Widths): void {
  const padding = insetRect(border, widths, 1);
  if (!(padding.width > 0 && padding.height > 0)) return;
  const paddingRadii = insetRadii(radii, widths, 1);
  // The hole the shadow surrounds: the padding box moved by the offset and shrunk by the spread.
  const hole = grown({ ...padding, x: padding.x + shadow.x, y: padding.y + shadow.y }, paddingRadii, -shadow.spread);
  cw.save();
  path(cw, padding, paddingRadii);
  cw.write('W n');
  for (const layer of blurLayers(shadow.blur, shadow.color.a)) {
    cw.fillColor({ ...shadow.color, a: layer.alpha });
    cw.rect(padding);
    // Inside the hole the shadow fades: the layers' holes shrink as the outer shapes grow.
    const inner = hole && grown(hole.rect, hole.radii, -layer.grow);
    if (inner) path(cw, inner.rect, inner.radii);
    cw.write('f*');
  }
  cw.restore();
}

/** A rounded rectangle grown by `by` on every side (shrunk when negative), its radii with it; null when nothing is left. */
function grown(rect: Rect, radii: Radii, by: number): { rect: Rect; radii: Radii } | null {
  const next = { x: rect.x - by, y: rect.y - by, width: rect.width + 2 * by, height: rect.height + 2 * by };
  if (!(next.width > 0 && next.height > 0)) return null;
  const corner = ([rx, ry]: [number, number]): [number, number] =>
    by > 0 || rx > 0 || ry > 0 ? [Math.max(0, rx + by), Math.max(0, ry + by)] : [0, 0];
  return { rect: next, radii: radii.map(corner) as Radii };
}

function path(cw: ContentWriter, rect: Rect, radii: Radii): void {
  if (isRounded(radii)) cw.roundedRect(rect, fitted(rect, radii));
  else cw.rect(rect);
}

/** Radii no larger than the rectangle takes (css-backgrounds §5.5: all shrink by the same factor). */
function fitted(rect: Rect, radii: Radii): Radii {
  const [tl, tr, br, bl] = radii;
  const factor = Math.min(
    1,
    rect.width / (tl[0] + tr[0] || 1),
    rect.width / (bl[0] + br[0] || 1),
    rect.height / (tl[1] + bl[1] || 1),
    rect.height / (tr[1] + br[1] || 1),
  );
  return factor >= 1 ? radii : (radii.map(([x, y]) => [x * factor, y * factor]) as Radii);
}

/**
 * The nested shapes of a blurred edge: how far each grows the shape (from +blur outside to -blur inside) and its
 * opacity, so that a point `t` outside the shape's edge is covered to `alpha` × Φ(-t / σ), σ = blur / 2. One shape
 * of the full opacity when there is no blur.
 */
export function blurLayers(blur: number, alpha: number): Array<{ grow: number; alpha: number }> {
  if (blur < 0.375) return [{ grow: 0, alpha }];
  const count = Math.min(12, Math.max(4, Math.round(blur / 0.75)));
  const sigma = blur / 2;
  const layers: Array<{ grow: number; alpha: number }> = [];
  let covered = 0;
  for (let j = 0; j < count; j++) {
    // Each shape's edge sits in the middle of its step; the innermost reaches the full opacity.
    const grow = blur * (1 - (2 * j + 1) / count);
    const target = j === count - 1 ? alpha : alpha * phi(-grow / sigma);
    // Over what is already there: 1 - (1 - covered) (1 - a) = target.
    const a = covered >= 1 ? 0 : Math.max(0, (target - covered) / (1 - covered));
    covered = target;
    if (a > 0.001) layers.push({ grow, alpha: a });
  }
  return layers;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26 for erf: within 1.5e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
