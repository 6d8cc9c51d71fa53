import { compile } from 'css-select';
import { type AnyNode, type Element, isTag } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { compileSelectorList, setStandInSiblings, standIn } from './selectors';

// Elements of two names among text and comments, so that of-type and child counts differ.
const HTML = `<div id="root">
  text <p id="a"></p><span id="b"></span> <!-- note --> <p id="c" class="x"><i id="i"></i></p>
  <p id="d"></p><span id="e" class="x"> <i id="j"></i> <b id="k"></b> </span><p id="f"></p> more text
  <span id="g"></span><p id="h" class="x"></p>
</div>`;

const elements = (html: string): Element[] => DomUtils.findAll((node) => isTag(node), parseDocument(html).children);

const FORMULAS = ['even', 'odd', '1', '3', '2n', '2n+1', '3n-1', '-n+3', 'n+4', '0n+2', '-2n+5', '7', '0'];
const KINDS = ['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type'];

describe('selectors', () => {
  it("matches the nth pseudo-classes as css-select does, from an index of each element's siblings", () => {
    const all = elements(HTML);
    const selectors = [
      ...KINDS.flatMap((kind) => FORMULAS.map((formula) => `:${kind}(${formula})`)),
      'p:nth-child(odd)',
      'span:nth-last-of-type(1)',
      ':not(:nth-child(2n))',
      ':only-child',
      ':only-of-type',
      'i:only-child',
      ':is(:nth-last-child(-n+2), :nth-of-type(2))',
      // `of S` stays css-select's own.
      ':nth-child(2n+1 of .x)',
      ':nth-last-child(1 of p)',
    ];
    for (const selector of selectors) {
      const ours = compileSelectorList(selector).selectors[0];
      if (!ours) throw new Error(`${selector} did not compile`);
      const theirs = compile<AnyNode, Element>(selector, { xmlMode: false });
      const matched = (match: (e: Element) => boolean) => all.filter(match).map((e) => e.attribs.id ?? e.name);
      expect(matched(ours.match), selector).toEqual(matched(theirs));
    }
    // The index answers what css-select walked for: the fourth element among the root's (#d) is the second p of
    // even position, and the last span (#g) the first from the end.
    const ids = (selector: string) =>
      all.filter((e) => compileSelectorList(selector).selectors[0]?.match(e)).map((e) => e.attribs.id);
    expect(ids('#root > :nth-child(4)')).toEqual(['d']);
    expect(ids('span:nth-last-of-type(1)')).toEqual(['g']);
  });

  it('counts the stand-ins of a window of rows, and finds the element before a row among them', () => {
    const rows = elements('<table><tbody><tr id="r3"></tr><tr id="r4"></tr></tbody></table>').filter(
      (e) => e.name === 'tr',
    );
    const group = rows[0]?.parent;
    if (!group) throw new Error('no row group');
    // The window holds rows 3 and 4 of six: two rows before it and two after are stand-ins.
    setStandInSiblings(group, [standIn('tr'), standIn('tr'), ...group.children, standIn('tr'), standIn('tr')]);
    const ids = (selector: string) =>
      rows.filter((e) => compileSelectorList(selector).selectors[0]?.match(e)).map((e) => e.attribs.id);
    expect(ids('tr:nth-child(3)')).toEqual(['r3']);
    expect(ids('tr:nth-child(even)')).toEqual(['r4']);
    expect(ids('tr:nth-last-child(3)')).toEqual(['r4']);
    expect(ids('tr:nth-of-type(4)')).toEqual(['r4']);
    expect(ids('tr:first-child')).toEqual([]);
    expect(ids('tr:last-child')).toEqual([]);
    // `+` reads the element before a row from the stand-ins too: the one before row 3 is a stand-in.
    expect(ids('tr + tr')).toEqual(['r3', 'r4']);
    expect(ids('#r3 + tr')).toEqual(['r4']);
  });

  it('reports an nth formula that cannot be read, as before', () => {
    const list = compileSelectorList('li:nth-child(2x+1)');
    expect(list.selectors).toHaveLength(0);
    expect(list.unsupported[0]).toMatch(/cannot be matched/);
  });
});
