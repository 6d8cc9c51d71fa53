import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { block, blockAt, el, inline, inlineBlock, text } from './__fixtures__/styled';
import type { BlockBox, InlineBox } from './box';
import { buildBoxes } from './index';

const build = (root: ReturnType<typeof el>, findings = new Findings()) =>
  buildBoxes(root, { images: new Map(), findings, part: 'html' });

/** The tree's shape, to compare in one assertion: `block(tag)[…]`, `inline(tag)[…]`, `"text"`, `br`. */
function shape(box: unknown): unknown {
  const b = box as { type: string; tag?: string | null; text?: string } & Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return b.text;
    case 'br':
      return 'br';
    case 'block': {
      const block = b as unknown as BlockBox;
      return { [`block ${block.tag ?? 'anon'}`]: (block.blocks ?? block.inlines ?? []).map(shape) };
    }
    case 'inline':
      return { [`inline ${b.tag ?? 'anon'}`]: (b as unknown as InlineBox).children.map(shape) };
    case 'atomic':
      return { atomic: shape(b.box) };
    default:
      return b.type;
  }
}

describe('buildBoxes: block containers', () => {
  it('keeps an inline formatting context when every child is inline-level', () => {
    const root = build(el('div', block, [text('Hello '), el('b', inline, [text('world')])]));
    expect(root.blocks).toBeNull();
    expect(shape(root)).toEqual({ 'block div': ['Hello ', { 'inline b': ['world'] }] });
  });

  it('wraps inline runs beside blocks in anonymous blocks with the parent’s inherited style', () => {
    const red = { r: 200, g: 0, b: 0, a: 1 };
    const root = build(
      el('div', { ...block, color: red, fontSize: 9, paddingLeft: { pt: 30, pct: 0 } }, [
        text('before'),
        el('p', block, [text('para')]),
        text('after '),
        el('em', inline, [text('this')]),
      ]),
    );
    expect(shape(root)).toEqual({
      'block div': [
        { 'block anon': ['before'] },
        { 'block p': ['para'] },
        { 'block anon': ['after ', { 'inline em': ['this'] }] },
      ],
    });
    const anonymous = root.blocks?.[0] as BlockBox;
    expect(anonymous.tag).toBeNull();
    expect(anonymous.style.display).toBe('block');
    expect(anonymous.style.color).toEqual(red);
    expect(anonymous.style.fontSize).toBe(9);
    // Not inherited: the anonymous box does not get the parent's padding again.
    expect(anonymous.style.paddingLeft).toEqual({ pt: 0, pct: 0 });
  });

  it('drops collapsible white space between blocks but keeps preserved white space', () => {
    const root = build(
      el('div', block, [
        text('\n  '),
        el('p', block, [text('a')]),
        text(' \t\n'),
        el('p', block, [text('b')]),
        text('\n'),
      ]),
    );
    expect(shape(root)).toEqual({ 'block div': [{ 'block p': ['a'] }, { 'block p': ['b'] }] });

    const pre = build(el('pre', { ...block, whiteSpace: 'pre' }, [text('\n'), el('p', block, [text('a')])]));
    expect(shape(pre)).toEqual({ 'block pre': [{ 'block anon': ['\n'] }, { 'block p': ['a'] }] });

    const preLine = build(el('div', { ...block, whiteSpace: 'pre-line' }, [text('\n'), el('p', block, [])]));
    expect(shape(preLine)).toEqual({ 'block div': [{ 'block p': [] }] });
  });

  it('drops a white-space run inside bare inline boxes, keeps one inside an inline box with padding', () => {
    const bare = build(el('div', block, [el('span', inline, [text(' ')]), el('p', block, [])]));
    expect(shape(bare)).toEqual({ 'block div': [{ 'block p': [] }] });
    const padded = build(
      el('div', block, [el('span', { ...inline, paddingLeft: { pt: 4, pct: 0 } }, [text(' ')]), el('p', block, [])]),
    );
    expect(shape(padded)).toEqual({ 'block div': [{ 'block anon': [{ 'inline span': [' '] }] }, { 'block p': [] }] });
  });

  it('gives an empty block no inline content (blocks: [])', () => {
    const root = build(el('div', block, [text('  ')]));
    expect(root.blocks).toEqual([]);
    expect(root.inlines).toBeNull();
  });

  it('splits an inline around a block inside it (CSS 2.1 §9.2.1.1), the parts keeping its style', () => {
    const span = { ...inline, fontWeight: 700 };
    const root = build(
      el('p', block, [
        text('A '),
        el('span', span, [text('B '), el('div', block, [text('C')]), text(' D')]),
        text(' E'),
      ]),
    );
    expect(shape(root)).toEqual({
      'block p': [
        { 'block anon': ['A ', { 'inline span': ['B '] }] },
        { 'block div': ['C'] },
        { 'block anon': [{ 'inline span': [' D'] }, ' E'] },
      ],
    });
    const parts = [root.blocks?.[0], root.blocks?.[2]].map(
      (b) => (b as BlockBox).inlines?.find((i) => i.type === 'inline') as InlineBox,
    );
    for (const part of parts) expect(part.style.fontWeight).toBe(700);
  });

  it('splits nested inlines at every level', () => {
    const root = build(
      el('p', block, [el('b', inline, [el('i', inline, [text('x'), el('div', block, [text('y')]), text('z')])])]),
    );
    expect(shape(root)).toEqual({
      'block p': [
        { 'block anon': [{ 'inline b': [{ 'inline i': ['x'] }] }] },
        { 'block div': ['y'] },
        { 'block anon': [{ 'inline b': [{ 'inline i': ['z'] }] }] },
      ],
    });
  });

  it('makes inline-blocks atomic, drops display: none, and turns br into a line break', () => {
    const root = build(
      el('p', block, [
        el('span', inlineBlock, [el('div', block, [text('in')])]),
        el('span', { display: 'none' }, [text('hidden')]),
        el('br', inline),
        text('after'),
      ]),
    );
    expect(shape(root)).toEqual({
      'block p': [{ atomic: { 'block span': [{ 'block div': ['in'] }] } }, 'br', 'after'],
    });
  });

  it('boxes grid and flex containers as blocks, their inline forms as inline-blocks, and reports none', () => {
    const findings = new Findings();
    const grid = el('div', { display: 'grid' }, [text('a')]);
    grid.line = 7;
    const root = build(
      el('body', block, [
        grid,
        el('span', { display: 'inline-grid' }, [text('b')]),
        el('div', { display: 'flex' }, [text('c')]),
        el('span', { display: 'inline-flex' }, [text('d')]),
      ]),
      findings,
    );
    expect(shape(root)).toEqual({
      'block body': [
        { 'block div': ['a'] },
        { 'block anon': [{ atomic: { 'block span': ['b'] } }] },
        { 'block div': ['c'] },
        { 'block anon': [{ atomic: { 'block span': ['d'] } }] },
      ],
    });
    expect(findings.list()).toEqual([]);
  });

  it('puts the href of an enclosing <a> on the boxes inside it, and lines on blocks', () => {
    const p = el('p', block, [text('see')]);
    p.line = 3;
    const root = build(
      el('div', block, [
        el('a', inline, [text('home '), el('b', inline, [text('page')])], { href: 'https://example.com' }),
        p,
      ]),
    );
    const anchor = blockAt(root, 0).inlines?.[0] as InlineBox;
    expect(anchor.link).toBe('https://example.com');
    expect(anchor.children[0]).toMatchObject({ type: 'text', link: 'https://example.com' });
    expect(anchor.children[1]).toMatchObject({ type: 'inline', link: 'https://example.com' });
    expect((anchor.children[1] as InlineBox).children[0]).toMatchObject({ link: 'https://example.com' });
    expect(root.blocks?.[1]).toMatchObject({ tag: 'p', line: 3 });
    expect(root.blocks?.[1]).not.toHaveProperty('link');

    const blockLink = build(el('a', block, [el('p', block, [text('x')])], { href: '#top' }));
    expect(blockLink.link).toBe('#top');
    expect(blockLink.blocks?.[0]).toMatchObject({ link: '#top' });
  });
});

describe('buildBoxes: what a PDF cannot hold', () => {
  it('leaves out embedded content and form controls and says so, and shows a broken image by its alt text', () => {
    const findings = new Findings();
    const root = build(
      el('div', block, [
        text('Before '),
        el('iframe', inline, [], { src: 'https://example.com' }),
        el('input', inline, [], { value: 'x' }),
        el('img', inline, [], { src: 'missing', alt: 'Company logo' }),
      ]),
      findings,
    );
    expect(shape(root)).toEqual({ 'block div': ['Before ', 'Company logo'] });
    const codes = findings.list().map((f) => `${f.code} ${f.message}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^unsupported_element <iframe>/),
        expect.stringMatching(/^unsupported_element <input>/),
        expect.stringMatching(/^image_not_loaded /),
      ]),
    );
  });
});
