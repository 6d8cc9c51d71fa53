import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { StyledElement, StyledNode } from './computed-style';
import { counterText, markerText } from './counter-styles';

const A4 = { width: 595.28, height: 841.89, margin: [36, 36, 36, 36] as [number, number, number, number] };

function styled(html: string, css: string) {
  const findings = new Findings();
  const { root } = computeStyles({ html, css, page: A4 }, findings);
  return { root, findings: findings.list() };
}

/** The text of a styled tree as it will be laid out, generated content included. */
function textOf(node: StyledNode): string {
  if (node.kind === 'text') return node.text;
  return node.children.map(textOf).join('');
}

describe('::before and ::after (CSS Generated Content)', () => {
  it('generates strings, attributes and quotes as first and last children, styled by their rules', () => {
    const { root, findings } = styled(
      '<p>See <a href="https://quire.dev">the site</a>, <q>outer <q>inner</q></q>.</p><p class="tag">Star</p>',
      `a[href]::after { content: " (" attr(href) ")"; color: red }
       q::before { content: open-quote } q:after { content: close-quote }
       .tag:before { content: "→ "; font-weight: bold }`,
    );
    expect(textOf(root)).toBe('See the site (https://quire.dev), \u201couter \u2018inner\u2019\u201d.→ Star');
    const a = (root.children[0] as { children: StyledNode[] }).children[1] as StyledNode & { children: StyledNode[] };
    const after = a.children.at(-1) as StyledNode & { tag: string; style: { color: { r: number } } };
    expect(after.tag).toBe('::after');
    expect(after.style.color.r).toBe(255);
    expect(findings).toEqual([]);
  });

  it('numbers headings with counter-reset and counter-increment, scoped to siblings, and nested counters()', () => {
    const { root } = styled(
      `<h2>Intro</h2><h3>Scope</h3><h3>Terms</h3><h2>Body</h2><h3>First</h3>
       <ol><li>One<ol><li>Sub</li><li>Sub</li></ol></li><li>Two</li></ol>`,
      `body { counter-reset: h2 }
       h2 { counter-increment: h2; counter-reset: h3 }
       h2::before { content: counter(h2, upper-roman) ". " }
       h3::before { counter-increment: h3; content: counter(h2) "." counter(h3) " " }
       ol { counter-reset: item; list-style: none } li { counter-increment: item }
       li::before { content: counters(item, ".") ") " }`,
    );
    expect(textOf(root).replace(/\s+/g, ' ')).toBe(
      'I. Intro1.1 Scope1.2 TermsII. Body2.1 First 1) One1.1) Sub1.2) Sub2) Two',
    );
  });

  it('generates nothing for content none or normal, display none, or an image, and the clearfix box is empty', () => {
    const { root } = styled(
      '<p class="a">A</p><p class="b">B</p><img class="c" src="x.png"><div class="clearfix">C</div>',
      `.a::before { content: none } .b::before { content: "x"; display: none } img::after { content: "alt" }
       .clearfix::after { content: ""; display: table; clear: both }`,
    );
    expect(textOf(root)).toBe('ABC');
    const clearfix = root.children.at(-1) as StyledElement;
    expect((clearfix.children.at(-1) as StyledElement).tag).toBe('::after');
  });

  it('styles list markers with ::marker, whose content replaces the marker text', () => {
    const { root } = styled(
      '<ul><li>One</li><li class="x">Two</li><li class="n">Three</li></ul>',
      'li::marker { color: rgb(200, 0, 0) } li.x::marker { content: "→ " } li.n::marker { content: none }',
    );
    const [one, two, three] = (root.children[0] as StyledElement).children as StyledElement[];
    expect(one?.marker?.style.color.r).toBe(200);
    expect(one?.marker?.text).toBeUndefined();
    expect(two?.marker?.text).toBe('→ ');
    expect(three?.marker?.style.content).toBe('none');
  });

  it('styles the first letter of the first line, with its punctuation, through inline and nested blocks', () => {
    const { root, findings } = styled(
      '<div class="opening"><p>  “Once upon</p><p>Twice</p></div><p class="b"><img src="x.png">Image first</p><p class="c"><em>Émile</em> wrote</p>',
      `.opening::first-letter { float: left; font-size: 36pt } .b::first-letter { color: red } .c:first-letter { color: blue }`,
    );
    expect(findings).toEqual([]);
    const letters: StyledElement[] = [];
    const collect = (node: StyledNode) => {
      if (node.kind !== 'element') return;
      if (node.tag === '::first-letter') letters.push(node);
      node.children.forEach(collect);
    };
    collect(root);
    // The opening's, inside its first paragraph; none after an image; the italic É with its mark.
    expect(letters.map(textOf)).toEqual(['“O', 'É']);
    expect(letters[0]?.style).toMatchObject({ float: 'left', fontSize: 36 });
    expect(textOf(root)).toContain('  “Once upon');
  });

  it('reports the pseudo-elements it does not draw, and an invalid content', () => {
    const { findings } = styled('<p>x</p>', 'p::selection { color: red } p::before { content: url(x.png) }');
    expect(findings.map((f) => f.code)).toEqual(['unsupported_selector', 'unsupported_css_value']);
  });
});

describe('counter styles', () => {
  it('writes values in the predefined styles, and markers with their suffix', () => {
    expect(
      ['decimal', 'lower-roman', 'upper-alpha', 'lower-greek', 'arabic-indic', 'cjk-decimal', 'upper-armenian'].map(
        (style) => counterText(style, 14),
      ),
    ).toEqual(['14', 'xiv', 'N', 'ξ', '١٤', '一四', 'ԺԴ']);
    expect(counterText('hebrew', 15)).toBe('טו');
    expect(counterText('georgian', 11)).toBe('ია');
    expect(counterText('hiragana', 2)).toBe('い');
    expect(counterText('lower-roman', 4000)).toBe('4000');
    expect(counterText('no-such-style', 3)).toBe('3');
    expect(counterText('none', 3)).toBe('');
    expect(markerText('cjk-decimal', 3)).toBe('三、');
    expect(markerText('disclosure-closed', 1)).toBe('▸ ');
  });
});
