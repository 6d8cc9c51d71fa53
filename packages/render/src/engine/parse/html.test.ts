import { NESTING_LIMITS, QuireError } from '@quire/core';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../render';
import { scanLongTable } from '../document/long-table/scan';
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

const LIMIT = NESTING_LIMITS.html;

function thrown(run: () => unknown): QuireError {
  try {
    run();
  } catch (error) {
    if (QuireError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a QuireError');
}

describe('the engine parsing a body nested past the template limit', () => {
  it('parses as deep as the limit, and stops at the first element past it with template_too_deep', () => {
    const document = parseHtml(`${'<div>'.repeat(LIMIT)}x`);
    let depth = 0;
    for (let node = document.children[0]; node && 'children' in node; node = node.children[0]) depth++;
    expect(depth).toBe(LIMIT);
    // Two million elements deep: read on, htmlparser2's stack of open elements would take quadratic time.
    const error = thrown(() => parseHtml(`<p>a</p>${'<div>'.repeat(2_000_000)}x`));
    expect(error).toMatchObject({ code: 'template_too_deep', details: { limit: LIMIT, part: 'html' } });
    expect(error.message).toMatch(/^The template nests HTML elements more than \d+ deep/);
  });

  it('names the part it parses, and counts elements as the pre-render check does', () => {
    expect(thrown(() => parseHtml('<span>'.repeat(LIMIT + 1), 'footer_html'))).toMatchObject({
      code: 'template_too_deep',
      param: 'footer_html',
    });
    // Implied ends (a <p> closes the one before it, an <li> the item before it) and void elements open nothing
    // that stays open: a thousand of each is shallow.
    expect(() => parseHtml(`<div>${'<p>x'.repeat(1000)}<ul>${'<li>a<br>'.repeat(1000)}</ul></div>`)).not.toThrow();
  });

  it("stops reading a long table's rows at the limit too", () => {
    const rows = '<tr><td>1</td></tr>'.repeat(3000);
    expect(scanLongTable(`<table>${rows}</table>`, 2500)?.starts).toHaveLength(3001);
    const deep = `<table>${rows}<tr><td>${'<div>'.repeat(LIMIT)}x</td></tr></table>`;
    expect(thrown(() => scanLongTable(deep, 2500))).toMatchObject({ code: 'template_too_deep' });
  });

  it('refuses such a body in a render with its own engine, a long table or not', async () => {
    const deep = `${'<div>'.repeat(LIMIT + 1)}x`;
    const longTable = `<table>${'<tr><td>1</td></tr>'.repeat(3000)}<tr><td>${deep}</td></tr></table>`;
    for (const html of [deep, longTable]) {
      const error = await renderReport({ template: { html }, data: {} }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'template_too_deep', status: 422 });
    }
  });
});
