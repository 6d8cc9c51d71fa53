import type { CssNode } from 'css-tree';
import * as csstree from '../parse/css-tree';
import type { Length } from './computed-style';

const parsed = new Map<string, CssNode[] | null>();
// Values a template prints data into (`style="width: 37%"`) are new in every render: the cache starts again when it
// holds this many, so that a long-running service does not keep every value it ever parsed.
const MAX_PARSED = 20_000;

/** A declaration's value as css-tree nodes (top level, white space dropped); null when it does not parse. Cached. */
export function parseValue(text: string): CssNode[] | null {
  let nodes = parsed.get(text);
  if (nodes !== undefined) return nodes;
  nodes = null;
  try {
    const ast = csstree.parse(text, { context: 'value', onParseError: () => undefined });
    if (ast.type === 'Value') {
      const list = ast.children.toArray();
      nodes = list.some((n) => n.type === 'Raw') ? null : list;
    }
  } catch {
    nodes = null;
  }
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(text, nodes);
  return nodes;
}

/** What lengths are relative to, for one element. */
export interface LengthContext {
  /** Points: the element's font size (its parent's, for `font-size` itself). */
  fontSize: number;
  rootFontSize: number;
  /** The viewport in points, for vw and vh: the first page's page area (in `@page` rules, the page box). */
  viewportWidth: number;
  viewportHeight: number;
  /** When set, percentages resolve against it (font-size, line-height) instead of staying relative. */
  percentBase?: number;
}

/** Thrown when `min()`/`max()`/`clamp()` mix percentages and absolute lengths: no linear `Length` can say it. */
export class UnresolvedLength extends Error {}

const PT_PER_UNIT: Record<string, number> = {
  px: 0.75,
  pt: 1,
  pc: 12,
  in: 72,
  cm: 72 / 2.54,
  mm: 72 / 25.4,
  q: 72 / 101.6,
};

type Numeric = { kind: 'number'; n: number } | { kind: 'length'; pt: number; pct: number };

/** A length, a percentage or a calc()-like function of them; undefined when the node is not one. */
export function toLength(node: CssNode, ctx: LengthContext, allowUnitless = false): Length | undefined {
  const value = numeric(node, ctx);
  if (!value) return undefined;
  if (value.kind === 'length') return { pt: value.pt, pct: value.pct };
  // A bare 0 is a length; other numbers only where the caller allows them (presentational pixels).
  if (value.n === 0) return { pt: 0, pct: 0 };
  return allowUnitless ? { pt: value.n * 0.75, pct: 0 } : undefined;
}

/** A number or a calc() of numbers. */
export function toNumber(node: CssNode, ctx: LengthContext): number | undefined {
  const value = numeric(node, ctx);
  return value?.kind === 'number' ? value.n : undefined;
}

function numeric(node: CssNode, ctx: LengthContext): Numeric | undefined {
  switch (node.type) {
    case 'Number':
      return { kind: 'number', n: Number(node.value) };
    case 'Percentage': {
      const n = Number(node.value);
      return ctx.percentBase === undefined
        ? { kind: 'length', pt: 0, pct: n }
        : { kind: 'length', pt: (n * ctx.percentBase) / 100, pct: 0 };
    }
    case 'Dimension': {
      const pt = dimension(Number(node.value), node.unit.toLowerCase(), ctx);
      return pt === undefined ? undefined : { kind: 'length', pt, pct: 0 };
    }
    case 'Parentheses':
      return expression(node.children.toArray(), ctx);
    case 'Function':
      return mathFunction(node.name.toLowerCase(), node.children.toArray(), ctx);
    default:
      return undefined;
  }
}

function dimension(n: number, unit: string, ctx: LengthContext): number | undefined {
  const absolute = PT_PER_UNIT[unit];
  if (absolute !== undefined) return n * absolute;
  switch (unit) {
    case 'em':
      return n * ctx.fontSize;
    case 'rem':
      return n * ctx.rootFontSize;
    // Without the font's metrics, ex and ch are half an em (what browsers fall back to).
    case 'ex':
    case 'ch':
      return n * ctx.fontSize * 0.5;
    case 'vw':
      return (n * ctx.viewportWidth) / 100;
    case 'vh':
      return (n * ctx.viewportHeight) / 100;
    case 'vmin':
      return (n * Math.min(ctx.viewportWidth, ctx.viewportHeight)) / 100;
    case 'vmax':
      return (n * Math.max(ctx.viewportWidth, ctx.viewportHeight)) / 100;
    default:
      return undefined;
  }
}

function mathFunction(name: string, args: CssNode[], ctx: LengthContext): Numeric | undefined {
  if (name === 'calc') return expression(args, ctx);
  if (name !== 'min' && name !== 'max' && name !== 'clamp') return undefined;
  const values: Numeric[] = [];
  for (const arg of splitArguments(args)) {
    const value = expression(arg, ctx);
    if (!value) return undefined;
    values.push(value);
  }
  if (values.length === 0 || (name === 'clamp' && values.length !== 3)) return undefined;
  const pick = (a: number, b: number) => (name === 'min' ? Math.min(a, b) : Math.max(a, b));
  if (values.every((v) => v.kind === 'number')) {
    const ns = values.map((v) => (v as { n: number }).n);
    if (name === 'clamp')
      return { kind: 'number', n: Math.max(ns[0] as number, Math.min(ns[1] as number, ns[2] as number)) };
    return { kind: 'number', n: ns.reduce(pick) };
  }
  const lengths = values.map((v) =>
    v.kind === 'length' ? v : v.n === 0 ? { kind: 'length' as const, pt: 0, pct: 0 } : null,
  );
  if (lengths.some((v) => v === null)) return undefined;
  const ls = lengths as Array<{ kind: 'length'; pt: number; pct: number }>;
  // Comparable only when all are absolute or all are pure percentages.
  const field = ls.every((v) => v.pct === 0) ? 'pt' : ls.every((v) => v.pt === 0) ? 'pct' : null;
  if (!field) throw new UnresolvedLength(`${name}() of a percentage and an absolute length`);
  const ns = ls.map((v) => v[field]);
  const n = name === 'clamp' ? Math.max(ns[0] as number, Math.min(ns[1] as number, ns[2] as number)) : ns.reduce(pick);
  return field === 'pt' ? { kind: 'length', pt: n, pct: 0 } : { kind: 'length', pt: 0, pct: n };
}

function splitArguments(nodes: CssNode[]): CssNode[][] {
  const out: CssNode[][] = [[]];
  for (const node of nodes) {
    if (node.type === 'Operator' && node.value === ',') out.push([]);
    else (out[out.length - 1] as CssNode[]).push(node);
  }
  return out;
}

/** A calc() sum of products: `+`/`-` between terms, `*`/`/` by numbers. */
function expression(nodes: CssNode[], ctx: LengthContext): Numeric | undefined {
  let sum: Numeric | undefined;
  let sign = 1;
  let term: Numeric | undefined;
  let op: '*' | '/' | null = null;
  const addTerm = (): boolean => {
    if (!term) return false;
    const signed = scale(term, sign);
    sum = sum ? add(sum, signed) : signed;
    return sum !== undefined;
  };
  for (const node of nodes) {
    if (node.type === 'Operator') {
      const o = node.value.trim();
      if (o === '+' || o === '-') {
        if (!addTerm()) return undefined;
        sign = o === '-' ? -1 : 1;
        term = undefined;
      } else if (o === '*' || o === '/') op = o;
      else return undefined;
      continue;
    }
    const value = numeric(node, ctx);
    if (!value) return undefined;
    if (!term) term = value;
    else if (op === '*') term = multiply(term, value);
    else if (op === '/') term = value.kind === 'number' && value.n !== 0 ? scale(term, 1 / value.n) : undefined;
    else return undefined;
    op = null;
    if (!term) return undefined;
  }
  return addTerm() ? sum : undefined;
}

function multiply(a: Numeric, b: Numeric): Numeric | undefined {
  if (a.kind === 'number') return scale(b, a.n);
  if (b.kind === 'number') return scale(a, b.n);
  return undefined;
}

function scale(v: Numeric, k: number): Numeric {
  return v.kind === 'number' ? { kind: 'number', n: v.n * k } : { kind: 'length', pt: v.pt * k, pct: v.pct * k };
}

function add(a: Numeric, b: Numeric): Numeric | undefined {
  if (a.kind === 'number' && b.kind === 'number') return { kind: 'number', n: a.n + b.n };
  if (a.kind === 'length' && b.kind === 'length') return { kind: 'length', pt: a.pt + b.pt, pct: a.pct + b.pct };
  // calc(0 + 10px): a zero number stands for a zero length.
  if (a.kind === 'number' && a.n === 0) return b;
  if (b.kind === 'number' && b.n === 0) return a;
  return undefined;
}
