import { splitSelectorList } from './selector-list';

/** The page box in points, against which a printing browser evaluates `width`, `height` and `orientation`. */
export interface MediaContext {
  width: number;
  height: number;
}

const PX_PER: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  em: 16,
  rem: 16,
};

/**
 * Whether a media query list matches when printing: `print` and `all` do, other media types (`screen`) do not;
 * features about the page's size are evaluated against the page box, unknown features do not match.
 */
export function matchesMedia(list: string, context: MediaContext): boolean {
  if (list.trim() === '') return true;
  return splitSelectorList(list.toLowerCase()).some((query) => matchesQuery(query, context));
}

function matchesQuery(query: string, context: MediaContext): boolean {
  let text = query.trim();
  let negate = false;
  if (text.startsWith('not ')) {
    negate = true;
    text = text.slice(4);
  } else if (text.startsWith('only ')) text = text.slice(5);
  const matches = text
    .split(/\s+and\s+/)
    .every((part) => (part.startsWith('(') ? matchesFeature(part, context) : part === 'print' || part === 'all'));
  return negate ? !matches : matches;
}

function matchesFeature(part: string, context: MediaContext): boolean {
  const inner = part.replace(/^\(\s*|\s*\)$/g, '');
  const width = context.width / 0.75;
  const height = context.height / 0.75;
  const range = /^(width|height)\s*(<=|>=|<|>|=)\s*(.+)$/.exec(inner);
  if (range) return compare(range[1] === 'width' ? width : height, range[2] as string, px(range[3] as string));
  const [name = '', value = ''] = inner.split(':').map((s) => s.trim());
  switch (name) {
    case 'min-width':
      return width >= px(value);
    case 'max-width':
      return width <= px(value);
    case 'min-height':
      return height >= px(value);
    case 'max-height':
      return height <= px(value);
    case 'orientation':
      return value === (height >= width ? 'portrait' : 'landscape');
    case 'color':
      return true;
    case 'prefers-color-scheme':
      return value === 'light';
    case 'prefers-reduced-motion':
      return value === 'no-preference';
    case 'hover':
    case 'pointer':
      return value === 'none';
    default:
      return false;
  }
}

function compare(actual: number, op: string, limit: number): boolean {
  if (op === '<=') return actual <= limit;
  if (op === '>=') return actual >= limit;
  if (op === '<') return actual < limit;
  if (op === '>') return actual > limit;
  return actual === limit;
}

function px(value: string): number {
  const match = /^(-?[\d.]+)([a-z]*)$/.exec(value.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * (PX_PER[match[2] || 'px'] ?? Number.NaN);
}
