import type { ShapedGlyph, TextFragment } from '../layout/fragment';
import type { TextShadow } from '../style/computed-style';
import { num } from './content';
import type { DocumentFace } from './fonts';
import type { PaintContext } from './paint-context';
import type { FontkitFont } from './pdfkit-types';
import { blurLayers } from './shadows';

/**
 * `text-shadow` (CSS Text Decoration 3 §4): each shadow is the run's glyphs in the shadow's colour, moved by its
 * offset, under the text (the first shadow on top, so they are drawn last to first).
 *
 * The glyphs are drawn as their outlines, not as text: a text layer would read each shadowed word twice. PDF has
 * no blur: a blurred shadow is drawn as the outlines grown by strokes of decreasing width, with the opacities of
 * box-shadow's nested shapes (paint/shadows.ts). That is close for a soft halo but not a Gaussian blur (thin
 * strokes stay darker than a browser draws them), so `check()` says so.
 */
export function paintTextShadows(
  ctx: PaintContext,
  run: TextFragment,
  face: DocumentFace,
  x: number,
  baseline: number,
  shadows: readonly TextShadow[] = run.shadows ?? [],
): void {
  for (let i = shadows.length - 1; i >= 0; i--) {
    const shadow = shadows[i] as TextShadow;
    if (shadow.color.a <= 0) continue;
    const path = glyphOutlines(face.pdf.font, run, x + shadow.x, baseline + shadow.y);
    if (!path) return;
    // PDF has no blur: the outlines grown by strokes in fading layers, as box-shadow's blur is drawn (and, like it,
    // not reported: it is drawn, not dropped, and the AI writer's repairs must not take it out as unsupported).
    const layers = blurLayers(shadow.blur, shadow.color.a);
    for (const layer of layers) {
      const color = { ...shadow.color, a: layer.alpha };
      ctx.cw.save();
      ctx.cw.fillColor(color);
      if (layer.grow > 0) {
        ctx.cw.strokeColor(color);
        // The stroke reaches `grow` beyond the outline on either side.
        ctx.cw.write(`${num(2 * layer.grow)} w 1 j 1 J\n${path}\nB`);
      } else ctx.cw.write(`${path}\nf`);
      ctx.cw.restore();
    }
  }
}

/** A glyph's outline in font units: path operators (`m`, `l`, `c`, `h`) with their points. */
type Outline = Array<{ op: string; points: number[] }>;

const outlines = new WeakMap<FontkitFont, Map<number, Outline>>();

/** The run's glyphs as one path in page space (pdfkit's y-down user space); null when no glyph has an outline. */
function glyphOutlines(font: FontkitFont, run: TextFragment, x: number, baseline: number): string | null {
  let known = outlines.get(font);
  if (!known) {
    known = new Map();
    outlines.set(font, known);
  }
  const ops: string[] = [];
  let pen = 0;
  for (const glyph of run.glyphs as ShapedGlyph[]) {
    let path = known.get(glyph.id);
    if (path === undefined) {
      path = outline(font, glyph.id);
      known.set(glyph.id, path);
    }
    // Font units (y up) to points (y down) at the glyph's pen position.
    const s = (run.fontSize * (glyph.scale ?? 1)) / font.unitsPerEm;
    const ox = x + pen + glyph.dx;
    const oy = baseline + glyph.dy;
    for (const { op, points } of path) {
      let text = '';
      for (let i = 0; i < points.length; i += 2)
        text += `${num(ox + (points[i] as number) * s)} ${num(oy - (points[i + 1] as number) * s)} `;
      ops.push(text + op);
    }
    pen += glyph.advance;
  }
  return ops.length > 0 ? ops.join('\n') : null;
}

/** A glyph's outline from fontkit, quadratic curves raised to cubic ones; empty when it has none (a space). */
function outline(font: FontkitFont, id: number): Outline {
  const path: Outline = [];
  let cx = 0;
  let cy = 0;
  for (const { command, args } of font.getGlyph(id).path.commands) {
    switch (command) {
      case 'moveTo':
      case 'lineTo':
        path.push({ op: command === 'moveTo' ? 'm' : 'l', points: args.slice(0, 2) });
        [cx, cy] = args as [number, number];
        break;
      case 'quadraticCurveTo': {
        const [qx, qy, ex, ey] = args as [number, number, number, number];
        const c1x = cx + (2 / 3) * (qx - cx);
        const c1y = cy + (2 / 3) * (qy - cy);
        path.push({ op: 'c', points: [c1x, c1y, ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey] });
        [cx, cy] = [ex, ey];
        break;
      }
      case 'bezierCurveTo':
        path.push({ op: 'c', points: args.slice(0, 6) });
        [cx, cy] = args.slice(4, 6) as [number, number];
        break;
      case 'closePath':
        path.push({ op: 'h', points: [] });
        break;
    }
  }
  return path;
}
