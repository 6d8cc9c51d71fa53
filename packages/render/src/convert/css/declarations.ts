import { fourSides, parseBorder, splitValue } from './values';

export interface Declaration {
  value: string;
  important: boolean;
}

export type Declarations = Map<string, Declaration>;

/** Every property the converter understands, after shorthands are expanded. */
export const SUPPORTED_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'white-space',
  'direction',
  'vertical-align',
  'display',
  'width',
  'max-width',
  'min-width',
  'height',
  'list-style-type',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  ...['top', 'right', 'bottom', 'left'].flatMap((side) =>
    ['width', 'style', 'color'].map((p) => `border-${side}-${p}`),
  ),
  'flex-grow',
  'flex-basis',
  'flex-direction',
  'flex-wrap',
  'justify-content',
  'align-items',
  'column-gap',
  'row-gap',
  'break-before',
  'break-after',
  'break-inside',
  'border-collapse',
  'border-spacing',
  'table-layout',
  'text-indent',
  'word-break',
  'overflow-wrap',
  'opacity',
]);

/** Properties that are fine to meet and have no effect in print, so they earn no warning. */
const HARMLESS = new Set([
  'cursor',
  'box-sizing',
  'outline',
  'transition',
  'user-select',
  'print-color-adjust',
  '-webkit-print-color-adjust',
  'color-adjust',
  'page-break-inside',
  'font-variant-numeric',
  'font-feature-settings',
  'text-rendering',
  '-webkit-font-smoothing',
  'content',
  'quotes',
  'orphans',
  'widows',
  'empty-cells',
  'caption-side',
]);

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

export interface ExpandResult {
  longhands: [string, string][];
  /** The property when it is outside the subset. */
  unsupported?: string;
}

/** Expands one declaration into the longhands the converter reads. */
export function expand(property: string, value: string): ExpandResult {
  const prop = property.toLowerCase();
  const sides = (prefix: string, suffix = '') => {
    const four = fourSides(value);
    return four
      ? { longhands: SIDES.map((s, i) => [`${prefix}-${s}${suffix}`, four[i] as string] as [string, string]) }
      : { longhands: [] };
  };
  switch (prop) {
    case 'margin':
    case 'padding':
      return sides(prop);
    case 'border-width':
      return sides('border', '-width');
    case 'border-style':
      return sides('border', '-style');
    case 'border-color':
      return sides('border', '-color');
    case 'border': {
      const b = parseBorder(value);
      return { longhands: SIDES.flatMap((s) => borderSide(s, b)) };
    }
    case 'border-top':
    case 'border-right':
    case 'border-bottom':
    case 'border-left':
      return { longhands: borderSide(prop.slice(7), parseBorder(value)) };
    case 'background': {
      const color = splitValue(value).find(
        (part) => !/^url\(|^(no-)?repeat|^center|^top|^left|^right|^bottom|^\d|^cover|^contain|^none$/i.test(part),
      );
      if (/url\(/i.test(value))
        return { longhands: color ? [['background-color', color]] : [], unsupported: 'background-image' };
      return { longhands: color ? [['background-color', color]] : [] };
    }
    case 'background-image':
      return { longhands: [], unsupported: 'background-image' };
    case 'font':
      return { longhands: expandFont(value) };
    case 'flex': {
      const parts = splitValue(value);
      if (parts[0] === 'none') return { longhands: [['flex-grow', '0']] };
      if (parts[0] === 'auto') return { longhands: [['flex-grow', '1']] };
      const longhands: [string, string][] = [];
      if (parts[0] !== undefined && /^\d*\.?\d+$/.test(parts[0])) longhands.push(['flex-grow', parts[0]]);
      const basis = parts.find((p, i) => i > 0 && !/^\d*\.?\d+$/.test(p));
      if (basis) longhands.push(['flex-basis', basis]);
      return { longhands };
    }
    case 'gap':
    case 'grid-gap': {
      const [row, column = row] = splitValue(value);
      return {
        longhands: [
          ['row-gap', row as string],
          ['column-gap', column as string],
        ],
      };
    }
    case 'page-break-before':
    case 'page-break-after':
      return { longhands: [[prop.slice(5), value.trim() === 'always' ? 'page' : value]] };
    case 'page-break-inside':
      return { longhands: [['break-inside', value]] };
    case 'text-decoration-line':
      return { longhands: [['text-decoration', value]] };
    case 'list-style': {
      const type = splitValue(value).find((p) => !/url\(|inside|outside/i.test(p));
      return { longhands: type ? [['list-style-type', type]] : [] };
    }
    case 'flex-flow': {
      const parts = splitValue(value);
      return { longhands: parts.map((p) => [/wrap/.test(p) ? 'flex-wrap' : 'flex-direction', p] as [string, string]) };
    }
    default:
      if (SUPPORTED_PROPERTIES.has(prop)) return { longhands: [[prop, value]] };
      if (HARMLESS.has(prop) || prop.startsWith('--')) return { longhands: [] };
      return { longhands: [], unsupported: prop };
  }
}

function borderSide(side: string, b: { width?: string; style?: string; color?: string }): [string, string][] {
  return [
    [`border-${side}-width`, b.width ?? (b.style && b.style !== 'none' ? '3px' : '0')],
    [`border-${side}-style`, b.style ?? 'none'],
    [`border-${side}-color`, b.color ?? 'currentcolor'],
  ];
}

function expandFont(value: string): [string, string][] {
  // font: [style] [weight] size[/line-height] family
  const match = /^(.*?)(\d*\.?\d+(?:px|pt|em|rem|%|mm|cm|in)?)(?:\s*\/\s*(\S+))?\s+(.+)$/i.exec(value.trim());
  if (!match) return [];
  const out: [string, string][] = [
    ['font-size', match[2] as string],
    ['font-family', match[4] as string],
  ];
  if (match[3]) out.push(['line-height', match[3]]);
  for (const word of splitValue(match[1] ?? '')) {
    if (/^(italic|oblique)$/i.test(word)) out.push(['font-style', 'italic']);
    else if (/^(bold|bolder|lighter|\d{3})$/i.test(word)) out.push(['font-weight', word]);
  }
  return out;
}

/** Parses `a: b; c: d !important` (a style attribute or a rule body), expanding shorthands. */
export function parseDeclarations(text: string, onUnsupported?: (property: string) => void): Declarations {
  const out: Declarations = new Map();
  for (const chunk of splitValue(text, /;/)) {
    const colon = chunk.indexOf(':');
    if (colon <= 0) continue;
    const property = chunk.slice(0, colon).trim();
    let value = chunk.slice(colon + 1).trim();
    const important = /!\s*important$/i.test(value);
    if (important) value = value.replace(/!\s*important$/i, '').trim();
    if (!value) continue;
    const { longhands, unsupported } = expand(property, value);
    if (unsupported) onUnsupported?.(unsupported);
    for (const [name, v] of longhands) out.set(name, { value: v, important });
  }
  return out;
}
