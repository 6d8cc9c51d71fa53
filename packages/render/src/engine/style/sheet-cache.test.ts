import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import { indexedSheets } from './sheet-cache';

const A4 = { width: 595.28, height: 841.89 };
const PAGE = { ...A4, margin: [36, 36, 36, 36] as [number, number, number, number] };

function render(html: string, css: string) {
  const findings = new Findings();
  const { root } = computeStyles({ html, css, page: PAGE }, findings);
  return { root, findings: findings.list() };
}

describe('indexedSheets: stylesheets parsed once per text', () => {
  it('gives the same index for the same sources and page size, and another for another text or size', () => {
    const sources = [{ text: 'p { color: red }', part: 'css', lineOffset: 0 }];
    const first = indexedSheets(sources, A4, new Findings());
    expect(indexedSheets([{ ...sources[0] } as (typeof sources)[0]], A4, new Findings()).index).toBe(first.index);
    expect(
      indexedSheets([{ text: 'p { color: blue }', part: 'css', lineOffset: 0 }], A4, new Findings()).index,
    ).not.toBe(first.index);
    expect(indexedSheets(sources, { width: 420, height: 595 }, new Findings()).index).not.toBe(first.index);
    // The same text at another line of the document is another sheet: its findings name other lines.
    expect(indexedSheets([{ ...sources[0], lineOffset: 3 } as (typeof sources)[0]], A4, new Findings()).index).not.toBe(
      first.index,
    );
  });

  it('tells every render what parsing the sheet found, not only the first', () => {
    const css = '.a { color: red; zoom-level: 3 }\n.b { color: blue }';
    for (let i = 0; i < 2; i++) {
      const { findings } = render('<p class="a">x</p>', css);
      expect(findings).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'unsupported_css_property', part: 'css', line: 1 })]),
      );
    }
  });

  it("keeps a document's <style> blocks apart from another document's with the same template CSS", () => {
    const css = 'p { font-size: 10pt }';
    const red = render('<style>p { color: red }</style><p>x</p>', css);
    const blue = render('<style>p { color: blue }</style><p>x</p>', css);
    const p = (root: (typeof red)['root']) => root.children.find((c) => c.kind === 'element' && c.tag === 'p');
    expect(p(red.root)?.style.color).toMatchObject({ r: 255, g: 0, b: 0 });
    expect(p(blue.root)?.style.color).toMatchObject({ r: 0, g: 0, b: 255 });
    expect(p(blue.root)?.style.fontSize).toBe(10);
  });
});
