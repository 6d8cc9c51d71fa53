import type { Element } from 'domhandler';
import { serialize } from './serialize';

// The HTML parser lower-cases names; SVG needs its camel-cased ones back.
const SVG_NAMES = new Map(
  [
    'viewBox',
    'preserveAspectRatio',
    'gradientUnits',
    'gradientTransform',
    'patternUnits',
    'patternContentUnits',
    'patternTransform',
    'clipPathUnits',
    'maskUnits',
    'maskContentUnits',
    'markerWidth',
    'markerHeight',
    'markerUnits',
    'refX',
    'refY',
    'textLength',
    'lengthAdjust',
    'startOffset',
    'stdDeviation',
    'spreadMethod',
    'pathLength',
    'linearGradient',
    'radialGradient',
    'clipPath',
    'textPath',
    'foreignObject',
    'feGaussianBlur',
    'baseProfile',
  ].map((name) => [name.toLowerCase(), name]),
);

/** Serialises an inline `<svg>` element as standalone SVG markup for pdfmake. */
export function serializeSvg(svg: Element): string {
  const markup = serialize([svg], {
    xml: true,
    rename: (name) => SVG_NAMES.get(name) ?? name,
    keep: (element) => element.name !== 'script' && element.name !== 'foreignobject',
    attribute: (_, name, value) => (name.startsWith('on') ? undefined : value),
  });
  return svg.attribs.xmlns ? markup : markup.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}

/**
 * The intrinsic size of an SVG in CSS pixels, from its width/height attributes or its viewBox; what neither gives
 * is a browser's default for replaced elements, 300 by 150 (pdfmake refuses an SVG without a size).
 */
export function svgSize(svg: Element): { width?: number; height?: number } {
  const px = (value: string | undefined) => {
    if (!value || /%$/.test(value)) return undefined;
    const n = Number.parseFloat(value);
    return Number.isNaN(n) ? undefined : n;
  };
  const width = px(svg.attribs.width);
  const height = px(svg.attribs.height);
  const box = (svg.attribs.viewbox ?? '').split(/[\s,]+/).map(Number);
  if (box.length === 4 && box.every((n) => !Number.isNaN(n)) && (box[2] as number) > 0 && (box[3] as number) > 0) {
    const [, , w, h] = box as [number, number, number, number];
    if (width !== undefined && height === undefined) return { width, height: (width * h) / w };
    if (height !== undefined && width === undefined) return { width: (height * w) / h, height };
    return { width: width ?? w, height: height ?? h };
  }
  return { width: width ?? 300, height: height ?? 150 };
}
