import type { CssNode } from 'css-tree';
import { describe, expect, it } from 'vitest';
import { parseColor } from './colors';
import { BLACK } from './computed-style';
import { type LengthContext, parseValue, toLength, toNumber, UnresolvedLength } from './values';
import { computeCustomProperties, substituteVars } from './vars';

const ctx: LengthContext = { fontSize: 10, rootFontSize: 12, viewportWidth: 600, viewportHeight: 800 };
const node = (text: string) => (parseValue(text) as CssNode[])[0] as CssNode;
const length = (text: string, c = ctx) => toLength(node(text), c);

describe('lengths', () => {
  it('converts every unit to points', () => {
    expect(['1px', '1pt', '1pc', '1in', '2.54cm', '25.4mm', '4Q'].map((t) => length(t)?.pt.toFixed(4))).toEqual([
      '0.7500',
      '1.0000',
      '12.0000',
      '72.0000',
      '72.0000',
      '72.0000',
      '2.8346',
    ]);
    expect(['2em', '2rem', '2ex', '2ch', '10vw', '10vh', '10vmin', '10vmax'].map((t) => length(t)?.pt)).toEqual([
      20, 24, 10, 10, 60, 80, 60, 80,
    ]);
    expect(length('50%')).toEqual({ pt: 0, pct: 50 });
    expect(length('50%', { ...ctx, percentBase: 30 })).toEqual({ pt: 15, pct: 0 });
    expect(length('0')).toEqual({ pt: 0, pct: 0 });
    expect(length('10')).toBeUndefined();
    expect(length('10furlongs')).toBeUndefined();
  });

  it('evaluates calc() as a linear length', () => {
    expect(length('calc(100% - 10px)')).toEqual({ pt: -7.5, pct: 100 });
    expect(length('calc((100% - 2 * 10px) / 4)')).toEqual({ pt: -3.75, pct: 25 });
    expect(length('calc(1em + calc(2px * 2))')).toEqual({ pt: 13, pct: 0 });
    expect(length('calc(10px * 10px)')).toBeUndefined();
    expect(length('calc(10px / 0)')).toBeUndefined();
    expect(toNumber(node('calc(1 + 2 * 3)'), ctx)).toBe(7);
  });

  it('resolves min(), max() and clamp() unless they mix percentages and absolute lengths', () => {
    expect(length('min(10px, 2em)')).toEqual({ pt: 7.5, pct: 0 });
    expect(length('max(10%, 20%)')).toEqual({ pt: 0, pct: 20 });
    expect(length('clamp(1pt, 5pt, 3pt)')).toEqual({ pt: 3, pct: 0 });
    expect(length('min(100%, 600px)', { ...ctx, percentBase: 400 })).toEqual({ pt: 400, pct: 0 });
    expect(() => length('min(100%, 600px)')).toThrow(UnresolvedLength);
  });
});

describe('colours', () => {
  const color = (text: string) => parseColor(node(text), BLACK);
  it('reads names, hex and functions', () => {
    expect(color('ReBeccaPurple')).toEqual({ r: 0x66, g: 0x33, b: 0x99, a: 1 });
    expect(color('#f00')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(color('#ff000080')?.a).toBeCloseTo(0.502, 3);
    expect(color('rgb(100%, 0%, 0%)')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(color('rgb(255 0 0 / .5)')).toEqual({ r: 255, g: 0, b: 0, a: 0.5 });
    expect(color('hsl(0.5turn, 100%, 50%)')).toEqual({ r: 0, g: 255, b: 255, a: 1 });
    expect(color('currentColor')).toBe(BLACK);
    expect(color('notacolor')).toBeUndefined();
    expect(color('#ff')).toBeUndefined();
    expect(color('rgb(1, 2)')).toBeUndefined();
  });
});

describe('custom properties', () => {
  it('substitutes var() with fallbacks, nested', () => {
    const vars = new Map([
      ['--a', '1px'],
      ['--b', 'solid'],
    ]);
    const lookup = (n: string) => vars.get(n);
    expect(substituteVars('var(--a) var(--b)', lookup)).toBe('1px solid');
    expect(substituteVars('calc(var(--x, var(--a)) * 2)', lookup)).toBe('calc(1px * 2)');
    expect(substituteVars('var(--x, 2px 3px)', lookup)).toBe('2px 3px');
    expect(substituteVars('var(--x)', lookup)).toBeUndefined();
    expect(substituteVars('canvar(--a)', lookup)).toBe('canvar(--a)');
  });

  it('computes custom properties with inheritance and cycles invalid', () => {
    const parent = new Map([['--base', '4px']]);
    const declared = new Map([
      ['--double', 'calc(var(--base) * 2)'],
      ['--a', 'var(--b, 1px)'],
      ['--b', 'var(--a, 2px)'],
      ['--c', 'var(--a, 3px)'],
    ]);
    const computed = computeCustomProperties(declared, parent);
    expect(computed.get('--double')).toBe('calc(4px * 2)');
    expect(computed.get('--base')).toBe('4px');
    expect(computed.has('--a')).toBe(false);
    expect(computed.has('--b')).toBe(false);
    expect(computed.get('--c')).toBe('3px');
  });
});

describe('parsed values', () => {
  it('are kept for the next use, and let go when a long-running process has parsed too many distinct ones', () => {
    const first = parseValue('12.345px solid');
    expect(parseValue('12.345px solid')).toBe(first);
    // Values that print data (`style="width: 37.2%"`) are new every render.
    for (let i = 0; i < 20_000; i++) parseValue(`${i}.5%`);
    const again = parseValue('12.345px solid');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
