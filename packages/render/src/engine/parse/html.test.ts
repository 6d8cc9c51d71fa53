import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { lineLocator, nodeLine, parseHtml } from './html';

describe('parseHtml', () => {
  it('lower-cases names, decodes entities and locates lines', () => {
    const html = '<DIV Class="a">\n\n<P>a &amp; b</P></DIV>';
    const doc = parseHtml(html);
    const div = doc.children[0] as Element;
    expect(div.name).toBe('div');
    expect(div.attribs).toEqual({ class: 'a' });
    const p = div.children.find((n) => n.type === 'tag') as Element;
    expect((p.children[0] as unknown as { data: string }).data).toBe('a & b');
    const locate = lineLocator(html);
    expect(nodeLine(div, locate)).toBe(1);
    expect(nodeLine(p, locate)).toBe(3);
  });
});
