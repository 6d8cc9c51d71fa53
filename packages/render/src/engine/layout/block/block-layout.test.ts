import { describe, expect, it } from 'vitest';
import type { BlockBox, BlockLevelBox } from '../../boxes/box';
import { Findings } from '../../findings';
import { type ComputedStyle, initialStyle, percent, pt } from '../../style/computed-style';
import type { TextShaping } from '../../text/shaper-types';
import type { BoxFragment } from '../fragment';
import { BlockLayout, type LayoutModules } from './block-layout';

// These tests lay out blocks only (sizes given in CSS), so inline and table layout are never reached; the
// modules below fail the test if block layout calls them.
const unused = (name: string) => () => {
  throw new Error(`block layout called ${name} for a tree without text or tables`);
};
const modules: LayoutModules = {
  layoutInline: unused('layoutInline'),
  inlineIntrinsicWidths: unused('inlineIntrinsicWidths'),
  layoutTable: unused('layoutTable'),
  tableIntrinsicWidths: unused('tableIntrinsicWidths'),
  layoutFlex: unused('layoutFlex'),
  flexIntrinsicWidths: unused('flexIntrinsicWidths'),
  layoutGrid: unused('layoutGrid'),
  gridIntrinsicWidths: unused('gridIntrinsicWidths'),
  layoutMulticol: unused('layoutMulticol'),
};
const layout = () => new BlockLayout({} as TextShaping, new Findings(), modules);

const style = (overrides: Partial<ComputedStyle> = {}): ComputedStyle => ({
  ...initialStyle(),
  display: 'block',
  ...overrides,
});
const block = (overrides: Partial<ComputedStyle>, children: BlockLevelBox[] = []): BlockBox => ({
  type: 'block',
  style: style(overrides),
  tag: 'div',
  blocks: children,
  inlines: null,
});
const solid = (width: number) => ({ width, style: 'solid' as const, color: { r: 0, g: 0, b: 0, a: 1 } });
const child = (f: BoxFragment, i: number) => f.children[i] as BoxFragment;

describe('block layout', () => {
  it('fills the containing block and resolves percentages against it', () => {
    const root = block({}, [block({ height: pt(10), paddingLeft: percent(10), marginRight: pt(20) })]);
    const f = layout().layoutRoot(root, 400);
    const a = child(f, 0);
    expect(a.width).toBe(380);
    expect(a.x).toBe(0);
  });

  it('centres a block with auto margins and honours box-sizing', () => {
    const root = block({}, [
      block({ width: pt(200), marginLeft: 'auto', marginRight: 'auto', height: pt(10) }),
      block({ width: pt(200), boxSizing: 'border-box', paddingLeft: pt(20), borderLeft: solid(5), height: pt(10) }),
      block({ width: pt(100), marginLeft: 'auto', height: pt(10) }),
    ]);
    const f = layout().layoutRoot(root, 400);
    expect(child(f, 0).x).toBe(100);
    expect(child(f, 1).width).toBe(200);
    expect(child(f, 2).x).toBe(300);
  });

  it('clamps widths and heights between min and max', () => {
    const root = block({}, [block({ maxWidth: pt(150), height: pt(10), minHeight: pt(30) })]);
    const a = child(layout().layoutRoot(root, 400), 0);
    expect(a.width).toBe(150);
    expect(a.height).toBe(30);
  });

  it('collapses the margins of siblings to the larger one, and negative ones with positive', () => {
    const root = block({}, [
      block({ height: pt(10), marginBottom: pt(20) }),
      block({ height: pt(10), marginTop: pt(12) }),
      block({ height: pt(10), marginTop: pt(-5), marginBottom: pt(0) }),
    ]);
    const f = layout().layoutRoot(root, 400);
    expect(child(f, 1).y).toBe(30);
    expect(child(f, 2).y).toBe(35);
  });

  it("collapses a first child's top margin through its parent, but not through padding or a border", () => {
    const through = block({}, [block({ marginTop: pt(10) }, [block({ height: pt(5), marginTop: pt(30) })])]);
    const f = layout().layoutRoot(through, 400);
    expect(child(f, 0).y).toBe(30);
    expect(child(child(f, 0), 0).y).toBe(0);

    const padded = block({}, [
      block({ marginTop: pt(10), paddingTop: pt(1) }, [block({ height: pt(5), marginTop: pt(30) })]),
    ]);
    const g = layout().layoutRoot(padded, 400);
    expect(child(g, 0).y).toBe(10);
    expect(child(child(g, 0), 0).y).toBe(31);
  });

  it('lets margins collapse through an empty block', () => {
    const root = block({}, [
      block({ height: pt(10), marginBottom: pt(10) }),
      block({ marginTop: pt(25), marginBottom: pt(5) }),
      block({ height: pt(10), marginTop: pt(10) }),
    ]);
    const f = layout().layoutRoot(root, 400);
    expect(child(f, 2).y).toBe(35);
    expect(f.height).toBe(45);
  });

  it("keeps a last child's bottom margin inside a parent with a fixed height", () => {
    const root = block({}, [
      block({ height: pt(50) }, [block({ height: pt(10), marginBottom: pt(100) })]),
      block({ height: pt(5) }),
    ]);
    const f = layout().layoutRoot(root, 400);
    expect(child(f, 1).y).toBe(50);
  });

  it('carries break properties and break-inside avoid onto the fragments', () => {
    const root = block({}, [block({ height: pt(10), breakBefore: 'page', breakInside: 'avoid' })]);
    const a = child(layout().layoutRoot(root, 400), 0);
    expect(a.breakBefore).toBe('page');
    expect(a.avoidBreakInside).toBe(true);
  });

  it('sizes replaced boxes from their intrinsic size, keeping the ratio under max-width', () => {
    const image: BlockLevelBox = {
      type: 'replaced',
      style: style({ maxWidth: percent(100) }),
      tag: 'img',
      content: { kind: 'svg', markup: '<svg/>' },
      intrinsic: { width: 800, height: 400 },
    };
    const f = layout().layoutRoot(block({}, [image]), 400);
    const img = child(f, 0);
    expect(img.width).toBe(400);
    expect(img.height).toBe(200);
    expect(img.children[0]).toMatchObject({ kind: 'svg', width: 400, height: 200 });
  });
});

describe('percentage heights', () => {
  it('resolve against a parent of definite height, and count as auto under an auto height', () => {
    const root = layout().layoutRoot(
      block({}, [
        block({ height: pt(40), paddingTop: pt(5) }, [block({ height: percent(50) })]),
        block({}, [block({ height: percent(50) })]),
      ]),
      400,
    );
    expect(child(child(root, 0), 0).height).toBeCloseTo(20, 5);
    expect(child(child(root, 1), 0).height).toBe(0);
  });
});

describe('position: relative', () => {
  it('offsets the box when painted, leaving the flow where it was (left over right, top over bottom)', () => {
    const root = layout().layoutRoot(
      block({}, [
        block({ height: pt(20), position: 'relative', left: pt(10), right: pt(99), top: percent(50), bottom: pt(5) }),
        block({ height: pt(20), position: 'relative', right: percent(10) }),
        block({ height: pt(20), position: 'relative' }),
      ]),
      400,
    );
    const [a, b, c] = [0, 1, 2].map((i) => child(root, i));
    // Top as a percentage of an unknown height is auto: bottom applies.
    expect(a?.shift).toEqual({ x: 10, y: -5 });
    expect(b?.shift).toEqual({ x: -40, y: 0 });
    expect(c?.shift).toBeUndefined();
    expect([a?.y, b?.y, c?.y]).toEqual([0, 20, 40]);
  });
});

describe('block layout findings', () => {
  it('says when content is taller than a fixed height and spills over what follows', () => {
    const findings = new Findings();
    const root = block({}, [{ ...block({ height: pt(10) }, [block({ height: pt(40) })]), line: 7 }]);
    new BlockLayout({} as TextShaping, findings, modules).layoutRoot(root, 400);
    expect(findings.list()).toEqual([expect.objectContaining({ code: 'content_overflow', line: 7 })]);
    const clipped = new Findings();
    const hidden = block({}, [block({ height: pt(10), overflow: 'hidden' }, [block({ height: pt(40) })])]);
    new BlockLayout({} as TextShaping, clipped, modules).layoutRoot(hidden, 400);
    expect(clipped.list()).toEqual([]);
  });
});
