import type { ClipShape, ShapeRadius } from '../style/clip-path';
import { resolveLength } from '../style/computed-style';
import type { ContentWriter, Radii, Rect } from './content';
import { fitRadii } from './geometry';

/**
 * Sets the clipping path to a `clip-path` basic shape in the border box `box` (CSS Shapes 1 §3.1): percentages
 * of the box's width, height or, for a circle's radius, its diagonal over √2. The caller saves and restores the
 * graphics state around it. Returns the shape's bounds (what links are cut to).
 */
export function clipToShape(cw: ContentWriter, shape: ClipShape, box: Rect): Rect {
  const x = (length: Parameters<typeof resolveLength>[0]) => resolveLength(length, box.width);
  const y = (length: Parameters<typeof resolveLength>[0]) => resolveLength(length, box.height);
  switch (shape.kind) {
    case 'inset': {
      const left = x(shape.left);
      const top = y(shape.top);
      const inner = {
        x: box.x + left,
        y: box.y + top,
        width: Math.max(0, box.width - left - x(shape.right)),
        height: Math.max(0, box.height - top - y(shape.bottom)),
      };
      if (shape.radii.length > 0) cw.roundedRect(inner, fitRadii(inner, shape.radii));
      else cw.rect(inner);
      cw.write('W n');
      return inner;
    }
    case 'circle':
    case 'ellipse': {
      const cx = x(shape.at.x);
      const cy = y(shape.at.y);
      const side = (radius: ShapeRadius, axis: 'x' | 'y' | 'both'): number => {
        if (typeof radius === 'object') {
          const reference =
            axis === 'x' ? box.width : axis === 'y' ? box.height : Math.hypot(box.width, box.height) / Math.SQRT2;
          return resolveLength(radius, reference);
        }
        const h = [Math.abs(cx), Math.abs(box.width - cx)];
        const v = [Math.abs(cy), Math.abs(box.height - cy)];
        const distances = axis === 'x' ? h : axis === 'y' ? v : [...h, ...v];
        return radius === 'closest-side' ? Math.min(...distances) : Math.max(...distances);
      };
      const rx = shape.kind === 'circle' ? side(shape.radius, 'both') : side(shape.rx, 'x');
      const ry = shape.kind === 'circle' ? rx : side(shape.ry, 'y');
      const bounds = { x: box.x + cx - rx, y: box.y + cy - ry, width: 2 * rx, height: 2 * ry };
      const corners: Radii = [
        [rx, ry],
        [rx, ry],
        [rx, ry],
        [rx, ry],
      ];
      if (rx > 0 && ry > 0) cw.roundedRect(bounds, corners);
      else cw.rect({ ...bounds, width: 0, height: 0 });
      cw.write('W n');
      return bounds;
    }
    case 'polygon': {
      const points = shape.points.flatMap(([px, py]) => [box.x + x(px), box.y + y(py)]);
      cw.polygon(points);
      cw.write(shape.evenOdd ? 'W* n' : 'W n');
      const xs = points.filter((_, i) => i % 2 === 0);
      const ys = points.filter((_, i) => i % 2 === 1);
      const left = Math.min(...xs);
      const top = Math.min(...ys);
      return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
    }
  }
}
