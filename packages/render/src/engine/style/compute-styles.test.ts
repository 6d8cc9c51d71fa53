import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { StyledElement, StyledNode } from './computed-style';

const A4 = { width: 595.28, height: 841.89, margin: [36, 36, 36, 36] as [number, number, number, number] };

function style(html: string, css?: string) {
  const findings = new Findings();
  const result = computeStyles({ html, ...(css === undefined ? {} : { css }), page: A4 }, findings);
  return { ...result, findings: findings.list() };
}

/** The first element with this tag (or id, as `#id`) in the styled tree. */
function find(node: StyledNode, what: string): StyledElement {
  const found = search(node, what);
  if (!found) throw new Error(`no ${what}`);
  return found;
}
function search(node: StyledNode, what: string): StyledElement | undefined {
  if (node.kind !== 'element') return undefined;
  if (what.startsWith('#') ? node.attrs.id === what.slice(1) : node.tag === what) return node;
  for (const child of node.children) {
    const found = search(child, what);
    if (found) return found;
  }
  return undefined;
}

describe('computeStyles: the tree and the user-agent stylesheet', () => {
  it('returns the body of a fragment with its default 8px margin and text children', () => {
    const { root } = style('<p>Hello <b>world</b></p>');
    expect(root.tag).toBe('body');
    expect(root.style.display).toBe('block');
    expect(root.style.marginTop).toEqual({ pt: 6, pct: 0 });
    const p = find(root, 'p');
    expect(p.style.marginTop).toEqual({ pt: 12, pct: 0 });
    expect(p.children[0]).toMatchObject({ kind: 'text', text: 'Hello ' });
    expect(find(root, 'b').style.fontWeight).toBe(700);
    expect(find(root, 'b').style.display).toBe('inline');
  });

  it('gives headings, lists, tables, pre and links their browser defaults', () => {
    const { root } = style(`<h1>T</h1><ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li></ul><ol><li>1</li></ol>
      <table><tbody><tr><th>h</th><td>d</td></tr></tbody></table><pre>\nx</pre><a href="#">l</a><sup>2</sup><script>x()</script>`);
    const h1 = find(root, 'h1');
    expect(h1.style.fontSize).toBe(24);
    expect(h1.style.marginTop.valueOf()).toEqual({ pt: 24 * 0.67, pct: 0 });
    const lists = [] as string[];
    const walk = (n: StyledNode) => {
      if (n.kind !== 'element') return;
      if (n.tag === 'li') lists.push(n.style.listStyleType);
      n.children.forEach(walk);
    };
    walk(root);
    expect(lists).toEqual(['disc', 'circle', 'square', 'decimal']);
    expect(find(root, 'li').style.display).toBe('list-item');
    expect(find(root, 'ul').style.paddingLeft).toEqual({ pt: 30, pct: 0 });
    const table = find(root, 'table');
    expect(table.style.borderSpacing).toEqual([1.5, 1.5]);
    expect(find(root, 'tbody').style.display).toBe('table-row-group');
    expect(find(root, 'tr').style.verticalAlign).toBe('middle');
    const th = find(root, 'th');
    expect(th.style).toMatchObject({
      display: 'table-cell',
      textAlign: 'center',
      fontWeight: 700,
      verticalAlign: 'middle',
    });
    expect(th.style.paddingTop).toEqual({ pt: 0.75, pct: 0 });
    expect(find(root, 'pre').style).toMatchObject({ whiteSpace: 'pre', fontFamily: ['monospace'] });
    expect(find(root, 'pre').children).toMatchObject([{ kind: 'text', text: 'x' }]);
    const a = find(root, 'a');
    expect(a.style.color).toEqual({ r: 0, g: 0, b: 0xee, a: 1 });
    expect(a.style.textDecoration).toMatchObject({ underline: true, color: { r: 0, g: 0, b: 0xee, a: 1 } });
    expect(find(root, 'sup').style.verticalAlign).toBe('super');
    expect(find(root, 'sup').style.fontSize).toBeCloseTo(10);
    expect(find(root, 'script').style.display).toBe('none');
  });

  it('styles html and body as in a browser, from a full document', () => {
    const { root } = style(
      '<html lang="FR"><head><style>html { color: red } body { margin: 0 }</style></head><body><p>x</p></body></html>',
    );
    expect(root.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(root.style.marginLeft).toEqual({ pt: 0, pct: 0 });
    expect(find(root, 'p').style.lang).toBe('fr');
  });

  it('serialises svg and does not style its children', () => {
    const { root } = style(
      '<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg><qr-code value="x"></qr-code>',
    );
    const svg = find(root, 'svg');
    expect(svg.markup).toContain('viewBox="0 0 10 10"');
    expect(svg.children).toEqual([]);
    expect(find(root, 'qr-code')).toMatchObject({ attrs: { value: 'x' }, style: { display: 'inline-block' } });
  });
});

describe('computeStyles: the cascade', () => {
  it('orders by specificity, source order and !important; style attributes win over rules', () => {
    const { root } = style(
      `<div id="a" class="b c"><p id="p1" class="x">1</p><p class="x" style="color: green">2</p><p class="y" style="color: green">3</p></div>`,
      `#a .x { color: blue } .b .x { color: red } p { color: gray }
       .y { color: purple !important } p.x { font-weight: 700 } .x { font-weight: 300 }`,
    );
    const [p1, p2, p3] = find(root, 'div').children.filter((n): n is StyledElement => n.kind === 'element');
    expect(p1?.style.color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(p1?.style.fontWeight).toBe(700);
    expect(p2?.style.color).toEqual({ r: 0, g: 128, b: 0, a: 1 });
    expect(p3?.style.color).toEqual({ r: 128, g: 0, b: 128, a: 1 });
  });

  it('applies the template css, then <style> blocks, then style attributes', () => {
    const { root } = style(
      '<style>p { color: red; font-size: 20px }</style><p style="font-size: 10px">x</p>',
      'p { color: blue; margin: 0 }',
    );
    const p = find(root, 'p');
    expect(p.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(p.style.fontSize).toBe(7.5);
    expect(p.style.marginTop).toEqual({ pt: 0, pct: 0 });
  });

  it('inherits colour and font through three levels, and not margins', () => {
    const { root } = style(
      '<div class="a"><section><span><em>x</em></span></section></div>',
      '.a { color: #123456; font: italic bold 15px/1.5 "Brand Sans", serif; margin: 10px }',
    );
    const em = find(root, 'em');
    expect(em.style.color).toEqual({ r: 0x12, g: 0x34, b: 0x56, a: 1 });
    expect(em.style).toMatchObject({
      fontSize: 11.25,
      fontWeight: 700,
      fontStyle: 'italic',
      fontFamily: ['brand sans', 'serif'],
      lineHeight: { kind: 'number', value: 1.5 },
    });
    expect(find(root, 'section').style.marginTop).toEqual({ pt: 0, pct: 0 });
  });

  it('handles inherit, initial and unset', () => {
    const { root } = style(
      '<div><p class="i">a</p><p class="n">b</p><p class="u">c</p></div>',
      `div { color: red; border: 2px solid blue; padding: 4px }
      .i { padding: inherit; color: initial } .n { border-top: inherit } .u { color: unset; padding: unset }`,
    );
    const [i, n, u] = find(root, 'div').children.filter((x): x is StyledElement => x.kind === 'element');
    expect(i?.style.paddingLeft).toEqual({ pt: 3, pct: 0 });
    expect(i?.style.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(n?.style.borderTop).toEqual({ width: 1.5, style: 'solid', color: { r: 0, g: 0, b: 255, a: 1 } });
    expect(u?.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(u?.style.paddingLeft).toEqual({ pt: 0, pct: 0 });
  });

  it('snaps border, outline and column-rule widths to whole pixels as Chromium does: up under 1px, down over', () => {
    const { root } = style(
      '<div><p class="a">a</p><p class="b">b</p><p class="c">c</p></div>',
      `.a { border: 1.5px solid; outline: 0.5px solid } .b { border-top: 0.2px solid; border-left: 2.9px solid }
      .c { border-bottom: thin solid; border-right: 0.1em solid; column-rule: 3.5px solid; font-size: 16px }`,
    );
    const [a, b, c] = find(root, 'div').children.filter((x): x is StyledElement => x.kind === 'element');
    expect(a?.style.borderTop.width).toBe(0.75);
    expect(a?.style.outline.width).toBe(0.75);
    expect(b?.style.borderTop.width).toBe(0.75);
    expect(b?.style.borderLeft.width).toBe(1.5);
    expect(c?.style.borderBottom.width).toBe(0.75);
    expect(c?.style.borderRight.width).toBe(0.75);
    expect(c?.style.columnRule.width).toBe(2.25);
  });

  it('matches tag names in any case, classes and ids as written', () => {
    const { root } = style(
      '<DIV ID="Main" class="A"><P>x</P></DIV>',
      'P { color: red } DIV.A { margin: 1px } .a { padding: 1px } #main { padding: 2px } :IS(DIV) P { font-weight: 700 }',
    );
    const div = find(root, 'div');
    expect(find(root, 'p').style).toMatchObject({ color: { r: 255, g: 0, b: 0, a: 1 }, fontWeight: 700 });
    expect(div.style.marginTop).toEqual({ pt: 0.75, pct: 0 });
    expect(div.style.paddingTop).toEqual({ pt: 0, pct: 0 });
  });

  it('matches selectors by id, class, attribute and structure', () => {
    const { root } = style(
      '<ul><li>a</li><li data-x="1">b</li></ul>',
      'li:first-child { color: red } li[data-x] { color: blue } ul > li + li { font-size: 20px }',
    );
    const [a, b] = find(root, 'ul').children.filter((x): x is StyledElement => x.kind === 'element');
    expect(a?.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(b?.style.color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(b?.style.fontSize).toBe(15);
    expect(a?.style.fontSize).toBe(12);
  });
});

describe('computeStyles: values', () => {
  it('substitutes var() with inheritance, fallbacks and nesting', () => {
    const { root } = style(
      '<div class="t"><p>x</p><h2>y</h2><h3>z</h3></div>',
      `
      :root { --brand: #ff0000; --space: 4px }
      .t { --gap: calc(var(--space) * 2); --alias: var(--brand) }
      p { color: var(--alias); margin-top: var(--gap) }
      h2 { color: var(--missing, var(--also-missing, blue)); padding-left: var(--space, 99px) }
      h3 { --a: var(--b); --b: var(--a); color: var(--a, green); margin-top: var(--nope) }`,
    );
    const p = find(root, 'p');
    expect(p.style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(p.style.marginTop).toEqual({ pt: 6, pct: 0 });
    const h2 = find(root, 'h2');
    expect(h2.style.color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(h2.style.paddingLeft).toEqual({ pt: 3, pct: 0 });
    const h3 = find(root, 'h3');
    // The cycle makes --a invalid: the fallback applies. margin-top's var() is undefined: unset, that is 0.
    expect(h3.style.color).toEqual({ r: 0, g: 128, b: 0, a: 1 });
    expect(h3.style.marginTop).toEqual({ pt: 0, pct: 0 });
  });

  it('computes calc(), min(), max() and clamp() into linear lengths', () => {
    const { root, findings } = style(
      '<div class="a">x</div><div class="b">y</div>',
      `
      .a { width: calc(100% - 10px); margin-left: calc((2em + 4px) / 2); padding-left: max(10px, 2pt); padding-right: clamp(10%, 80%, 50%) }
      .b { width: min(100%, 600px); height: 10vh; margin-top: 1rem; padding-top: 2ex; font-size: 150% }`,
    );
    const [da, db] = root.children.filter((x): x is StyledElement => x.kind === 'element');
    expect(da?.style.width).toEqual({ pt: -7.5, pct: 100 });
    expect(da?.style.marginLeft).toEqual({ pt: 13.5, pct: 0 });
    expect(da?.style.paddingLeft).toEqual({ pt: 7.5, pct: 0 });
    expect(da?.style.paddingRight).toEqual({ pt: 0, pct: 50 });
    expect(db?.style.width).toBe('auto');
    // 10vh of the page area: A4's 1122.52px less 48px margins above and below, 1026px in whole pixels.
    expect(db?.style.height).toEqual({ pt: expect.closeTo(102.6 * 0.75, 9), pct: 0 });
    expect(db?.style.marginTop).toEqual({ pt: 12, pct: 0 });
    expect(db?.style.fontSize).toBe(18);
    expect(db?.style.paddingTop).toEqual({ pt: 18, pct: 0 });
    expect(
      findings.some(
        (f) => f.code === 'unsupported_css_value' && f.message.includes('min(100%, 600px)') && f.line === 3,
      ),
    ).toBe(true);
  });

  it('takes vw and vh of the page area that @page sets: the page box less its margins, in whole pixels', () => {
    const { root } = style(
      '<div>x</div>',
      `@page { size: 400px 200px; margin: 20px 30px 40px 50px }
       div { width: 50vw; height: 10vh; min-width: 10vmin; max-width: 10vmax }`,
    );
    // 320px by 140px.
    expect(find(root, 'div').style).toMatchObject({
      width: { pt: 160 * 0.75, pct: 0 },
      height: { pt: 14 * 0.75, pct: 0 },
      minWidth: { pt: 14 * 0.75, pct: 0 },
      maxWidth: { pt: 32 * 0.75, pct: 0 },
    });
    // 399.4px wide is 399px, as Chromium's viewport (A4 with 10mm and 30mm margins: 642.55px, 50vw is 321px).
    const narrower = style('<p>y</p>', '@page { size: 400px 200px; margin: 0 0.6px 0 0 } p { width: 100vw }').root;
    expect(find(narrower, 'p').style.width).toEqual({ pt: 399 * 0.75, pct: 0 });
  });

  it("takes vw and vh of the first page's area on every page, and in the root element's style", () => {
    const { root } = style(
      '<div>x</div>',
      `@page { size: 400px 200px; margin: 0 } @page :first { margin: 50px }
       html { font-size: 5vw } div { width: 50vw; height: 10vh; padding-left: 1rem }`,
    );
    // The first page's area is 300px by 100px; the root's font 5vw, 15px, is the body's and the rem's.
    expect(root.style.fontSize).toBeCloseTo(15 * 0.75, 9);
    expect(find(root, 'div').style).toMatchObject({
      width: { pt: 150 * 0.75, pct: 0 },
      height: { pt: 10 * 0.75, pct: 0 },
      paddingLeft: { pt: 15 * 0.75, pct: 0 },
    });
  });

  it('parses colours in every syntax', () => {
    const { root } = style(
      '<i>1</i><i>2</i><i>3</i><i>4</i><i>5</i><i>6</i><i>7</i>',
      `
      i:nth-child(1) { color: rebeccapurple } i:nth-child(2) { color: #abc8 } i:nth-child(3) { color: rgba(10, 20, 30, 0.5) }
      i:nth-child(4) { color: rgb(10 20 30 / 25%) } i:nth-child(5) { color: hsl(120deg 100% 25%) } i:nth-child(6) { color: hsla(0, 100%, 50%, .1) }
      i:nth-child(7) { color: transparent; border: 1px solid currentColor }`,
    );
    const colors = root.children.filter((x): x is StyledElement => x.kind === 'element').map((e) => e.style.color);
    expect(colors).toEqual([
      { r: 0x66, g: 0x33, b: 0x99, a: 1 },
      { r: 0xaa, g: 0xbb, b: 0xcc, a: 0x88 / 255 },
      { r: 10, g: 20, b: 30, a: 0.5 },
      { r: 10, g: 20, b: 30, a: 0.25 },
      { r: 0, g: 128, b: 0, a: 1 },
      { r: 255, g: 0, b: 0, a: 0.1 },
      { r: 0, g: 0, b: 0, a: 0 },
    ]);
  });

  it('expands shorthands and aliases', () => {
    const { root } = style(
      '<div>x</div>',
      `div { margin: 1px 2px 3px; border-bottom: thick dashed red; border-radius: 4px 8px / 2px;
      background: #eee url("a.png"); list-style: square inside; text-decoration: underline wavy blue; overflow: hidden auto;
      page-break-before: always; word-wrap: break-word; inset: 1px; border-spacing: 2px 4px; font-weight: bolder; line-height: 150% }`,
    );
    const s = find(root, 'div').style;
    expect([s.marginTop, s.marginRight, s.marginBottom, s.marginLeft]).toEqual([
      { pt: 0.75, pct: 0 },
      { pt: 1.5, pct: 0 },
      { pt: 2.25, pct: 0 },
      { pt: 1.5, pct: 0 },
    ]);
    expect(s.borderBottom).toEqual({ width: 3.75, style: 'dashed', color: { r: 255, g: 0, b: 0, a: 1 } });
    expect(s.borderTop.width).toBe(0);
    expect(s.borderRadius.map((r) => r.pt)).toEqual([3, 6, 3, 6]);
    const numeric = style('<div>x<b>y</b></div>', 'div { font-variant-numeric: tabular-nums slashed-zero }');
    expect(find(numeric.root, 'b').style.fontVariantNumeric).toEqual(['tnum', 'zero']);
    expect(numeric.findings).toEqual([]);
    expect(style('<p>x</p>', 'p { font-variant-numeric: tabular-nums proportional-nums }').findings).toEqual([
      expect.objectContaining({ code: 'unsupported_css_value' }),
    ]);
    const outlined = style(
      '<div>x</div><p>y</p>',
      'div { outline: 2px dashed red; outline-offset: 4px } p { color: #00f; outline: auto }',
    );
    expect(find(outlined.root, 'div').style.outline).toEqual({
      width: 1.5,
      style: 'dashed',
      color: { r: 255, g: 0, b: 0, a: 1 },
    });
    expect(find(outlined.root, 'div').style.outlineOffset).toBe(3);
    // auto is a solid outline; medium and currentColor when not given.
    expect(find(outlined.root, 'p').style.outline).toEqual({
      width: 2.25,
      style: 'solid',
      color: { r: 0, g: 0, b: 255, a: 1 },
    });
    expect(outlined.findings).toEqual([]);
    const logical = style(
      '<div>x</div>',
      'div { margin-block: 4pt 8pt; padding-inline: 2pt; margin-inline: auto auto; border-block-end: 1pt solid red; inset-block-start: 3pt; padding-block-end: 5pt }',
    );
    const d = find(logical.root, 'div').style;
    expect([d.marginTop, d.marginBottom, d.marginLeft, d.marginRight]).toEqual([
      { pt: 4, pct: 0 },
      { pt: 8, pct: 0 },
      'auto',
      'auto',
    ]);
    expect([d.paddingLeft, d.paddingRight, d.paddingBottom]).toEqual([
      { pt: 2, pct: 0 },
      { pt: 2, pct: 0 },
      { pt: 5, pct: 0 },
    ]);
    // 1pt is 1.33px: snapped down to 1px.
    expect(d.borderBottom).toEqual({ width: 0.75, style: 'solid', color: { r: 255, g: 0, b: 0, a: 1 } });
    expect(d.top).toEqual({ pt: 3, pct: 0 });
    expect(logical.findings).toEqual([]);
    // One axis's overflow clips both; a visible one does not undo the other's.
    const axes = style(
      '<div>x</div><p>y</p>',
      'div { overflow-x: auto } p { overflow-y: hidden; overflow-x: visible }',
    );
    expect(find(axes.root, 'div').style.overflow).toBe('auto');
    expect(find(axes.root, 'p').style.overflow).toBe('hidden');
    expect(axes.findings).toEqual([]);
    const round = style('<div>x</div>', 'div { border-radius: 50% 4px }');
    expect(find(round.root, 'div').style.borderRadius).toEqual([
      { pt: 0, pct: 50 },
      { pt: 3, pct: 0 },
      { pt: 0, pct: 50 },
      { pt: 3, pct: 0 },
    ]);
    expect(round.findings).toEqual([]);
    expect(s.backgroundColor).toEqual({ r: 0xee, g: 0xee, b: 0xee, a: 1 });
    expect(s.backgroundImage).toEqual({ url: 'a.png' });
    expect(s).toMatchObject({
      listStyleType: 'square',
      listStylePosition: 'inside',
      overflow: 'hidden',
      breakBefore: 'always',
      overflowWrap: 'break-word',
    });
    expect(s.textDecoration).toEqual({
      underline: true,
      overline: false,
      lineThrough: false,
      style: 'wavy',
      color: { r: 0, g: 0, b: 255, a: 1 },
    });
    expect(s.top).toEqual({ pt: 0.75, pct: 0 });
    expect(s.borderSpacing).toEqual([1.5, 3]);
    expect(s.fontWeight).toBe(700);
    expect(s.lineHeight).toEqual({ kind: 'length', value: 18 });
  });

  it("reads Chromium's -webkit- aliases of shadows, radii, backgrounds and flexbox as the standard properties", () => {
    const { root, findings } = style(
      '<div>x</div>',
      `div { display: -webkit-flex; -webkit-box-shadow: 0 1px 2px #000; -webkit-border-radius: 4px;
      -webkit-border-top-left-radius: 8px; -webkit-background-size: cover; -webkit-flex-direction: column;
      -webkit-flex-wrap: wrap; -webkit-justify-content: center; -webkit-align-items: flex-end; -webkit-order: 2;
      -webkit-flex: 2 1 10px; -webkit-font-feature-settings: "tnum" }`,
    );
    const s = find(root, 'div').style;
    expect(s.display).toBe('flex');
    expect(s.boxShadow).toHaveLength(1);
    expect(s.borderRadius.map((r) => r.pt)).toEqual([6, 3, 3, 3]);
    expect(s.backgroundSize).toBe('cover');
    expect([s.flexDirection, s.flexWrap, s.justifyContent, s.alignItems]).toEqual([
      'column',
      'wrap',
      'center',
      'flex-end',
    ]);
    expect([s.order, s.flexGrow, s.flexShrink, s.flexBasis]).toEqual([2, 2, 1, { pt: 7.5, pct: 0 }]);
    expect(s.fontFeatureSettings).toEqual(['tnum']);
    expect(findings).toEqual([]);
    expect(find(style('<span>x</span>', 'span { display: -webkit-inline-flex }').root, 'span').style.display).toBe(
      'inline-flex',
    );
  });

  it("takes text-align: -webkit-match-parent as the parent's side, and says nothing of e-mail tools' hints", () => {
    const { root, findings } = style(
      '<div dir="rtl"><table><tr><th>a</th></tr></table></div><p class="p">x</p>',
      `th { text-align: inherit; text-align: -webkit-match-parent }
      table { text-align: start } .p { -premailer-width: 100%; supported-color-schemes: light dark }`,
    );
    expect(find(root, 'th').style.textAlign).toBe('right');
    expect(findings).toEqual([]);
  });

  it('sizes fonts by keyword, percentage and em of the parent', () => {
    const { root } = style(
      '<div class="a"><p class="b"><span class="c">x</span></p></div>',
      `.a { font-size: large } .b { font-size: 2em } .c { font-size: smaller }`,
    );
    expect(find(root, 'div').style.fontSize).toBe(13.5);
    expect(find(root, 'p').style.fontSize).toBe(27);
    expect(find(root, 'span').style.fontSize).toBeCloseTo(22.5);
  });

  it('propagates text decorations to descendants, except into inline blocks', () => {
    const { root } = style(
      '<p class="u">a <span class="s">b <em class="ib">c</em></span></p>',
      `.u { text-decoration: underline; color: red } .s { text-decoration: line-through; color: blue } .ib { display: inline-block }`,
    );
    expect(find(root, 'span').style.textDecoration).toMatchObject({
      underline: true,
      lineThrough: true,
      color: { r: 0, g: 0, b: 255, a: 1 },
    });
    expect(find(root, 'em').style.textDecoration).toMatchObject({ underline: false, lineThrough: false });
  });

  it('takes the direction of dir="auto" from the first strong character of the text', () => {
    const { root } = style(
      '<p dir="auto"><span dir="ltr">abc</span> <b>שלום</b> world</p><p dir="auto">hello שלום</p>',
    );
    const [rtl, ltr] = root.children.filter((x): x is StyledElement => x.kind === 'element');
    expect(rtl?.style).toMatchObject({ direction: 'rtl', unicodeBidi: 'isolate' });
    expect(ltr?.style.direction).toBe('ltr');
  });

  it('takes direction from dir and lang from lang', () => {
    const { root } = style('<div dir="rtl" lang="AR"><p>x</p></div>');
    expect(find(root, 'div').style).toMatchObject({ direction: 'rtl', unicodeBidi: 'isolate', lang: 'ar' });
    expect(find(root, 'p').style).toMatchObject({ direction: 'rtl', unicodeBidi: 'normal', lang: 'ar' });
  });
});

describe('computeStyles: presentational hints', () => {
  it('maps an e-mail table’s attributes as a browser does', () => {
    const { root } =
      style(`<table width="600" align="center" border="1" cellpadding="5" cellspacing="0" bgcolor="#f0f0f0">
      <tr><td width="50%" align="right" valign="top" bgcolor="ffffff"><font color="red" size="4" face="Arial, sans-serif">x</font></td></tr></table><center>c</center>`);
    const table = find(root, 'table');
    expect(table.style).toMatchObject({
      width: { pt: 450, pct: 0 },
      marginLeft: 'auto',
      marginRight: 'auto',
      borderSpacing: [0, 0],
    });
    expect(table.style.backgroundColor).toEqual({ r: 240, g: 240, b: 240, a: 1 });
    expect(table.style.borderTop).toMatchObject({ width: 0.75, style: 'outset' });
    const td = find(root, 'td');
    expect(td.style).toMatchObject({
      width: { pt: 0, pct: 50 },
      textAlign: 'right',
      verticalAlign: 'top',
      paddingTop: { pt: 3.75, pct: 0 },
    });
    expect(td.style.backgroundColor).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(td.style.borderLeft).toEqual({ width: 0.75, style: 'inset', color: { r: 128, g: 128, b: 128, a: 1 } });
    const font = find(root, 'font');
    expect(font.style).toMatchObject({
      color: { r: 255, g: 0, b: 0, a: 1 },
      fontSize: 13.5,
      fontFamily: ['arial', 'sans-serif'],
    });
    expect(find(root, 'center').style).toMatchObject({ display: 'block', textAlign: 'center' });
  });

  it('lets author rules win over presentational hints', () => {
    const { root } = style('<table width="600"><tr><td>x</td></tr></table>', 'table { width: 100% }');
    expect(find(root, 'table').style.width).toEqual({ pt: 0, pct: 100 });
  });
});

describe('computeStyles: findings', () => {
  it('names unsupported properties, values and selectors with their line', () => {
    const { findings } = style(
      '<div style="backdrop-filter: blur(1px)">x</div>',
      `.a { backdrop-filter: blur(2px) }
.b { display: grid; position: absolute; float: left }
.c:hover { color: red }
.d::selection { color: red }
.e { color: nonsense; width: 10 }
.f { cursor: pointer }`,
    );
    // The property or selector is named in quotes: the AI loop's repairs read it from there.
    const seen = findings.map((f) => `${f.code} ${f.part}:${f.line} ${/"([^"]+)"/.exec(f.message)?.[1]}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'unsupported_css_property css:1 backdrop-filter',
        'unsupported_selector css:3 .c:hover',
        'unsupported_selector css:4 .d::selection',
        'unsupported_css_property html:1 backdrop-filter',
      ]),
    );
    expect(findings.filter((f) => f.code === 'unsupported_selector').map((f) => f.message)).toEqual([
      expect.stringContaining(':hover'),
      expect.stringContaining('::selection'),
    ]);
    expect(findings.some((f) => f.message.includes('cursor'))).toBe(false);
  });

  it('lays out float, grid and position: none of them is reported', () => {
    const rows = '<div class="b">x</div>'.repeat(50);
    const { root, findings } = style(
      rows,
      `.b { display: grid; position: absolute; float: left }\n.e { color: nonsense; width: 10 }\n<p class="e">`,
    );
    expect(root.children[0]).toMatchObject({ style: { display: 'grid', position: 'absolute', float: 'left' } });
    expect(findings.filter((f) => f.line === 1)).toEqual([]);
  });

  it('reports selectors it cannot match, without throwing', () => {
    const { findings } = style(
      '<p>x</p>',
      'p:unknown-thing { color: red }\n:::: { color: red }\np:nth-child(foo) { color: red }\np::selection { color: red }',
    );
    expect(findings.map((f) => [f.code, f.line])).toEqual([
      ['unsupported_selector', 1],
      ['unsupported_selector', 2],
      ['unsupported_selector', 3],
      ['unsupported_selector', 4],
    ]);
  });

  it('reports invalid values with their line and keeps the declaration below', () => {
    const { root, findings } = style('<p class="e">x</p>', `.e { color: blue }\n.e { color: nonsense; width: 10 }`);
    expect(find(root, 'p').style.color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(findings.map((f) => [f.code, f.line, f.message.split(':')[0]])).toEqual([
      ['unsupported_css_value', 2, 'color'],
      ['unsupported_css_value', 2, 'width'],
    ]);
  });
});

describe('computeStyles: <style> blocks', () => {
  it('numbers findings by their line in the HTML and honours their media attribute', () => {
    const html =
      '<p>a</p>\n<style>\np { color: red }\np { backdrop-filter: blur(1px) }\n</style>\n<style media="screen">p { color: blue }</style>';
    const { root, findings } = style(html);
    expect(find(root, 'p').style.color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(findings.map((f) => [f.code, f.part, f.line])).toEqual([['unsupported_css_property', 'html', 4]]);
  });
});

describe('computeStyles: a template rendered again', () => {
  const css = `.box { width: 50vw; color: teal }\n.odd { color: nonsense }`;
  const page = (margin: number) => ({
    ...A4,
    margin: [margin, margin, margin, margin] as [number, number, number, number],
  });
  const render = (html: string, margin = 36) => {
    const findings = new Findings();
    const { root } = computeStyles({ html, css, page: page(margin) }, findings);
    return { root, findings: findings.list() };
  };

  it('gives the elements the computed styles they had in the render before', () => {
    const first = render('<div class="box">1</div><p>a</p>');
    const second = render('<p>b</p><div class="box">2</div>');
    expect(find(second.root, 'div').style).toBe(find(first.root, 'div').style);
    expect(find(second.root, 'p').style).toBe(find(first.root, 'p').style);
  });

  it('keeps apart the styles of pages that differ: vw is of each page area', () => {
    const narrow = find(render('<div class="box">x</div>', 100).root, 'div').style;
    const wide = find(render('<div class="box">x</div>', 10).root, 'div').style;
    expect(narrow).not.toBe(wide);
    // Half of each page area (A4 less two margins), to the pixel.
    expect((narrow.width as { pt: number }).pt).toBeCloseTo((595.28 - 200) / 2, 0);
    expect((wide.width as { pt: number }).pt).toBeCloseTo((595.28 - 20) / 2, 0);
  });

  it('reports in every render what its own elements need', () => {
    const twice = [render('<p class="odd">1</p>'), render('<p class="odd">2</p>')];
    for (const { findings } of twice) {
      expect(findings.map((f) => [f.code, f.part, f.line])).toEqual([['unsupported_css_value', 'css', 2]]);
    }
    // A style attribute that does not parse, and one whose value is not supported, in each render too.
    for (let i = 0; i < 2; i++) {
      const { findings } = render('<p style="colour: red">a</p>\n<p style="width: 10 apples">b</p>');
      expect(findings.map((f) => [f.code, f.part, f.line])).toEqual([
        ['unsupported_css_property', 'html', 1],
        ['unsupported_css_value', 'html', 2],
      ]);
    }
  });
});

describe('computeStyles: speed', () => {
  it('styles a 2,000-row table', () => {
    const rows = Array.from(
      { length: 2000 },
      (_, i) =>
        `<tr class="${i % 2 ? 'odd' : 'even'}"><td>${i}</td><td class="name">Item ${i}</td><td class="num">1.00</td><td class="num">${i}.00</td></tr>`,
    ).join('\n');
    const html = `<table class="items"><thead><tr><th>#</th><th>Name</th><th>Qty</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table>`;
    const css = `.items { width: 100%; border-collapse: collapse } .items td { padding: 4px; border-bottom: 1px solid #ddd } .odd td { background: #f7f7f7 } .num { text-align: right }`;
    style('<p>warm</p>', css);
    const start = performance.now();
    const { root } = style(html, css);
    const ms = performance.now() - start;
    console.log(`2,000-row table styled in ${ms.toFixed(1)} ms`);
    expect(find(root, 'tbody').children.filter((n) => n.kind === 'element')).toHaveLength(2000);
    expect(find(root, 'td').style.paddingTop).toEqual({ pt: 3, pct: 0 });
  });
});

describe('computeStyles: legacy alignment', () => {
  it("resets align=center's text alignment in a nested table, as Chromium does, but not CSS's", () => {
    const legacy = style(
      '<table><tr><td align="center"><p id="p">x</p><table><tr><td id="inner">y</td></tr></table></td></tr></table>',
    );
    expect(find(legacy.root, '#p').style.textAlign).toBe('center');
    expect(find(legacy.root, '#inner').style.textAlign).toBe('start');
    const css = style(
      '<table><tr><td class="c"><table><tr><td id="inner">y</td></tr></table></td></tr></table>',
      '.c { text-align: center }',
    );
    expect(find(css.root, '#inner').style.textAlign).toBe('center');
  });
});

describe('computeStyles: flexbox', () => {
  const flexOf = (css: string) => find(style('<div class="f">x</div>', `.f { display: flex; ${css} }`).root, 'div');

  it('expands flex: 1, none, auto and three values as CSS Flexbox §7.1.1 says', () => {
    expect(flexOf('flex: 1').style).toMatchObject({ flexGrow: 1, flexShrink: 1, flexBasis: { pt: 0, pct: 0 } });
    expect(flexOf('flex: none').style).toMatchObject({ flexGrow: 0, flexShrink: 0, flexBasis: 'auto' });
    expect(flexOf('flex: auto').style).toMatchObject({ flexGrow: 1, flexShrink: 1, flexBasis: 'auto' });
    expect(flexOf('flex: 2 0 100px').style).toMatchObject({
      flexGrow: 2,
      flexShrink: 0,
      flexBasis: { pt: 75, pct: 0 },
    });
    expect(flexOf('flex: 30%').style).toMatchObject({ flexGrow: 1, flexShrink: 1, flexBasis: { pt: 0, pct: 30 } });
    expect(flexOf('flex: 1 0').style).toMatchObject({ flexGrow: 1, flexShrink: 0 });
  });

  it('computes flex-flow, gap and the alignment keywords, and reports none of them', () => {
    const { root, findings } = style(
      '<div class="f">x</div>',
      `.f { display: flex; flex-flow: column wrap; gap: 8px 12px; justify-content: space-between;
            align-items: safe center; align-content: space-around; order: -1 }`,
    );
    expect(find(root, 'div').style).toMatchObject({
      flexDirection: 'column',
      flexWrap: 'wrap',
      rowGap: { pt: 6, pct: 0 },
      columnGap: { pt: 9, pct: 0 },
      justifyContent: 'space-between',
      alignItems: 'center',
      alignContent: 'space-around',
      order: -1,
    });
    expect(findings).toEqual([]);
  });

  it('expands place-content, place-items and place-self', () => {
    expect(flexOf('place-content: center space-between').style).toMatchObject({
      alignContent: 'center',
      justifyContent: 'space-between',
    });
    expect(flexOf('place-content: flex-end').style).toMatchObject({
      alignContent: 'flex-end',
      justifyContent: 'flex-end',
    });
    expect(flexOf('place-items: first baseline center').style.alignItems).toBe('baseline');
    expect(flexOf('place-self: end').style.alignSelf).toBe('end');
  });

  it('rejects a negative flex-grow and keeps the value below', () => {
    expect(flexOf('flex-grow: 2; flex-grow: -1').style.flexGrow).toBe(2);
  });
});
