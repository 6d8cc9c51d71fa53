import { describe, expect, it } from 'vitest';
import { parseSource, type SourceElement } from './source-tree';

const names = (elements: SourceElement[]) => elements.map((e) => `${e.id}:${e.name}`);

describe('parseSource', () => {
  it('numbers elements in document order and keeps the positions of their tags', () => {
    const source = '<div class="a"><p>Hi <b>there</b></p><img src="x.png"></div>';
    const tree = parseSource(source);
    expect(names(tree.elements)).toEqual(['b0:div', 'b1:p', 'b2:b', 'b3:img']);
    const p = tree.byId.get('b1') as SourceElement;
    expect(source.slice(p.start, p.openEnd)).toBe('<p>');
    expect(source.slice(p.close?.start, p.close?.end)).toBe('</p>');
    expect(source.slice(p.openEnd, p.contentEnd)).toBe('Hi <b>there</b>');
    expect(tree.byId.get('b3')?.void).toBe(true);
    const div = tree.byId.get('b0') as SourceElement;
    expect(source.slice(div.nameEnd, div.openClose)).toBe(' class="a"');
  });

  it('reads Liquid before HTML: a < in a tag is not an element, a quote in an output does not end a value', () => {
    const source = '{% if a < b %}<p title="{{ "x>" | append: y }}">{{ "<i>" }}</p>{% endif %}';
    const tree = parseSource(source);
    expect(names(tree.elements)).toEqual(['b0:p']);
    const p = tree.byId.get('b0') as SourceElement;
    expect(p.attributes).toHaveLength(1);
    expect(p.attributes[0]).toMatchObject({ name: 'title', liquid: true });
    expect(p.frames.map((f) => f.markup)).toEqual(['if a < b']);
    expect(p.crossesLiquid).toBe(false);
    expect(tree.broken).toBe(false);
  });

  it('marks Liquid inside a tag and elements that open and close in different branches', () => {
    const source =
      '<tr {% if odd %}class="odd"{% endif %}><td>1</td></tr>{% if x %}<div class="a">{% else %}<div class="b">{% endif %}text</div>';
    const tree = parseSource(source);
    expect(tree.byId.get('b0')?.liquidInTag).toBe(true);
    expect(tree.byId.get('b1')?.liquidInTag).toBe(false);
    // The second div (b3) closes at the first </div>; the first (b2) is closed implicitly at the end.
    expect(tree.byId.get('b3')?.crossesLiquid).toBe(true);
    expect(tree.byId.get('b2')?.close).toBeNull();
  });

  it('closes what HTML implies: list items, paragraphs and cells without end tags', () => {
    const tree = parseSource('<ul><li>One<li>Two</ul><p>First<div>Block</div><table><tr><td>a<td>b</table>');
    const by = (id: string) => tree.byId.get(id) as SourceElement;
    expect(names(tree.elements)).toEqual([
      'b0:ul',
      'b1:li',
      'b2:li',
      'b3:p',
      'b4:div',
      'b5:table',
      'b6:tr',
      'b7:td',
      'b8:td',
    ]);
    expect(by('b1').close).toBeNull();
    expect(by('b2').parent?.name).toBe('ul');
    expect(by('b4').parent).toBeNull();
    expect(by('b8').parent?.name).toBe('tr');
  });

  it('keeps raw and comment blocks and the content of style elements whole', () => {
    const source =
      '{% raw %}<b>{{ not }}</b>{% endraw %}{% comment %}<i>x</i>{% endcomment %}<style>p > b { color: red }</style><!-- <span> -->';
    const tree = parseSource(source);
    expect(names(tree.elements)).toEqual(['b0:style']);
    expect(tree.children.map((n) => (n.kind === 'liquid' ? n.type : n.kind))).toEqual([
      'opaque',
      'opaque',
      'element',
      'text',
    ]);
  });

  it('says when Liquid does not close, so that nothing is pointed at by guesswork', () => {
    expect(parseSource('<p>{{ name </p>').broken).toBe(true);
    expect(parseSource('<p class="a').broken).toBe(true);
  });

  it('gives each part its own id prefix', () => {
    expect(parseSource('<p>x</p>', 'header_html').elements[0]?.id).toBe('h0');
    expect(parseSource('<p>x</p>', 'footer_html').elements[0]?.id).toBe('f0');
  });
});
