import { describe, expect, it } from 'vitest';
import { contentStreams, pageTexts, rawPageTexts, wordBoxes } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { layOutHtml } from './__fixtures__/lay-out-html';
import { pagePixels } from './__fixtures__/page-pixels';
import type { BlockBox } from './boxes/box';
import { buildBoxes } from './boxes/index';
import { Findings } from './findings';
import type { BoxFragment, Fragment, TextFragment } from './layout/fragment';
import { computeStyles } from './style/index';
import { standsUpright } from './text/vertical-orientation';

/* Vertical writing modes (boxes/vertical-flow.ts): content laid out turned a quarter, upright CJK glyphs. */

const PAGE = { width: 595, height: 842, margin: [0, 0, 0, 0] as [number, number, number, number] };

function boxesOf(html: string, css = '') {
  const findings = new Findings();
  const styled = computeStyles({ html, css, part: 'html', page: PAGE }, findings);
  return { root: buildBoxes(styled.root, { images: new Map(), findings, part: 'html' }), findings: findings.list() };
}

/** Every box fragment with its position on the flow, depth first. */
function boxes(fragment: Fragment, x = 0, y = 0, out: Array<{ x: number; y: number; box: BoxFragment }> = []) {
  if (fragment.kind !== 'box' && fragment.kind !== 'line') return out;
  const at = { x: x + fragment.x, y: y + fragment.y };
  if (fragment.kind === 'box') out.push({ ...at, box: fragment });
  for (const child of fragment.children) boxes(child, at.x, at.y, out);
  return out;
}
const byRed = (flow: BoxFragment, red: number) =>
  boxes(flow).find((b) => b.box.style.backgroundColor.r === red && b.box.style.backgroundColor.a > 0);

function texts(fragment: Fragment, out: TextFragment[] = []): TextFragment[] {
  if (fragment.kind === 'text') out.push(fragment);
  else if (fragment.kind === 'box' || fragment.kind === 'line')
    for (const child of fragment.children) texts(child, out);
  return out;
}

describe('writing-mode and text-orientation values', () => {
  const styleOf = (css: string) => {
    const findings = new Findings();
    const { root } = computeStyles({ html: '<div id="x">a</div>', css, part: 'html', page: PAGE }, findings);
    const find = (node: (typeof root.children)[number]): typeof node | undefined =>
      node.kind === 'element' && node.attrs.id === 'x'
        ? node
        : node.kind === 'element'
          ? node.children.map(find).find(Boolean)
          : undefined;
    const x = root.children.map(find).find(Boolean);
    return { style: x?.style, findings: findings.list().map((f) => f.message) };
  };

  it('computes the CSS values and the legacy SVG ones, inherited', () => {
    expect(styleOf('#x { writing-mode: vertical-rl }').style?.writingMode).toBe('vertical-rl');
    expect(styleOf('#x { writing-mode: tb-rl }').style?.writingMode).toBe('vertical-rl');
    expect(styleOf('#x { writing-mode: lr-tb }').style?.writingMode).toBe('horizontal-tb');
    expect(styleOf('body { writing-mode: vertical-rl }').style?.writingMode).toBe('vertical-rl');
    expect(styleOf('#x { text-orientation: sideways-right }').style?.textOrientation).toBe('sideways');
    expect(styleOf('#x { writing-mode: vertical-rl }').findings).toEqual([]);
    expect(styleOf('#x { writing-mode: horizontal-tb }').findings).toEqual([]);
  });

  it('reports nothing it draws as written: upright text and flow-relative properties in vertical text', () => {
    expect(styleOf('#x { writing-mode: vertical-lr }').findings).toEqual([]);
    expect(styleOf('#x { text-orientation: upright }').findings).toEqual([]);
    // Flow-relative properties mean the sides of the element's own writing mode (style/flow-relative.test.ts).
    expect(styleOf('#x { writing-mode: vertical-rl; margin-block-start: 4pt; padding-inline: 2pt }').findings).toEqual(
      [],
    );
  });
});

describe('the box tree of a vertical block in horizontal content', () => {
  it('keeps the block with its own sides and puts its content in a turned box with turned sides', () => {
    const { root } = boxesOf(
      '<div id="v">Side</div>',
      '#v { writing-mode: vertical-rl; padding: 1pt 2pt 3pt 4pt; width: 30pt } #v span { margin-top: 5pt }',
    );
    // The root is the body's box.
    const vertical = root.blocks?.[0] as BlockBox;
    expect(vertical.orthogonal).toBe(true);
    expect(vertical.style.paddingTop).toEqual({ pt: 1, pct: 0 });
    const turned = vertical.blocks?.[0] as BlockBox;
    expect(turned.turned).toBe('clockwise');
    // The content's style is the anonymous box's: no padding of its own, the font features for vertical forms.
    expect(turned.style.paddingLeft).toEqual({ pt: 0, pct: 0 });
    expect(turned.style.fontFeatureSettings).toContain('vert');
    expect(turned.inlines?.[0]?.type).toBe('text');
  });

  it('turns the sides and sizes of the boxes inside: top is the turned left, right the turned top', () => {
    const { root } = boxesOf(
      '<div id="v"><p id="p">a</p></div>',
      '#v { writing-mode: vertical-rl } #p { margin: 0; padding: 1pt 2pt 3pt 4pt; width: 20pt; height: 10pt }',
    );
    const vertical = root.blocks?.[0] as BlockBox;
    const turned = vertical.blocks?.[0] as BlockBox;
    const p = turned.blocks?.[0] as BlockBox;
    const s = p.style;
    expect([s.paddingLeft, s.paddingTop, s.paddingRight, s.paddingBottom].map((l) => l.pt)).toEqual([1, 2, 3, 4]);
    expect([s.width, s.height]).toEqual([
      { pt: 10, pct: 0 },
      { pt: 20, pct: 0 },
    ]);
  });

  it('reports horizontal text inside vertical text, which it lays out vertically', () => {
    const { findings } = boxesOf(
      '<div id="v"><p id="h">a</p></div>',
      '#v { writing-mode: vertical-rl } #h { writing-mode: horizontal-tb }',
    );
    expect(findings.map((f) => f.message)).toEqual([expect.stringContaining('horizontal-tb inside vertical text')]);
  });
});

describe('laying out vertical text', () => {
  const LINE = "font: 10pt/15pt 'Noto Sans'";

  it('makes a vertical block as wide as its lines stack up and as high as its longest line', () => {
    const { flow } = layOutHtml(
      `<div id="v" style="${LINE}; writing-mode: vertical-rl; background: rgb(201,0,0)">Billable hours</div><p style="margin: 0; background: rgb(202,0,0)">after</p>`,
    );
    const v = byRed(flow, 201);
    const after = byRed(flow, 202);
    // One line: 15pt of line height across, the text's length down.
    expect(v?.box.width).toBeCloseTo(15, 3);
    expect(v?.box.height).toBeGreaterThan(55);
    expect(v?.box.height).toBeLessThan(75);
    // The block after it starts below it.
    expect(after?.y).toBeCloseTo((v?.y ?? 0) + (v?.box.height ?? 0), 3);
    // The content is turned a quarter clockwise about its top-left corner, placed at the block's top-right.
    const turned = v?.box.children[0]?.kind === 'box' ? v.box.children[0].children[0] : undefined;
    expect(turned?.kind === 'box' && turned.style.transform).toEqual([{ kind: 'rotate', angle: 90 }]);
    expect(turned?.x).toBeCloseTo(15, 3);
  });

  it('breaks its lines at its height and stacks them from the right', () => {
    const { flow } = layOutHtml(
      `<div style="${LINE}; writing-mode: vertical-rl; height: 45pt; background: rgb(201,0,0)">Billable hours worked</div>`,
    );
    const v = byRed(flow, 201);
    expect(v?.box.height).toBeCloseTo(45, 3);
    // Three lines of 15pt: "Billable", "hours", "worked" (each under 45pt at 10pt).
    expect(v?.box.width).toBeCloseTo(45, 3);
    const lines = texts(v?.box as BoxFragment).map((t) => t.text.trim());
    expect(lines).toEqual(['Billable', 'hours', 'worked']);
  });

  it('sizes a table column by the vertical header across and the row by its length', () => {
    const { flow } = layOutHtml(
      `<table style="border-collapse: collapse; ${LINE}"><tr>
         <th style="writing-mode: vertical-rl; padding: 2pt; background: rgb(201,0,0)">Billable hours</th>
         <td style="padding: 2pt; background: rgb(202,0,0)">12</td></tr></table>`,
    );
    const th = byRed(flow, 201);
    const td = byRed(flow, 202);
    expect(th?.box.width).toBeCloseTo(15 + 4, 1);
    expect(th?.box.height).toBeGreaterThan(55 + 4);
    expect(td?.box.height).toBeCloseTo(th?.box.height ?? 0, 3);
  });

  it('runs a vertical cell’s lines down the whole cell: text-align along them, vertical-align across them', () => {
    const cell = (css: string) => {
      const { flow } = layOutHtml(
        `<table style="border-collapse: collapse; ${LINE}"><tr>
           <td style="padding: 0; width: 40pt; writing-mode: vertical-rl; ${css}; background: rgb(201,0,0)">ab</td>
           <td style="padding: 0; height: 100pt">x</td></tr></table>`,
      );
      const td = byRed(flow, 201) as { x: number; y: number; box: BoxFragment };
      // The turned content (a quarter turn about its top-left): its line starts at its y, its first line ends at x.
      const wrapper = td.box.children[0] as BoxFragment;
      const text = texts(wrapper)[0] as TextFragment;
      return { right: wrapper.x + wrapper.width, top: (text.x ?? 0) + wrapper.y, height: td.box.height };
    };
    const start = cell('text-align: left; vertical-align: top');
    expect(start.height).toBeCloseTo(100, 3);
    expect(start.top).toBeCloseTo(0, 3);
    // Lines start at the cell's right (vertical-rl's block start).
    expect(start.right).toBeCloseTo(40, 3);
    const end = cell('text-align: right; vertical-align: bottom');
    expect(end.top).toBeGreaterThan(80);
    expect(end.right).toBeCloseTo(15, 3);
    const centre = cell('text-align: center; vertical-align: middle');
    expect(centre.top).toBeGreaterThan(40);
    expect(centre.top).toBeLessThan(50);
    expect(centre.right).toBeCloseTo(27.5, 3);
  });

  it('makes a vertical span in a horizontal line an inline-block (CSS Writing Modes 3 §3.1)', () => {
    const { flow } = layOutHtml(
      `<p style="${LINE}; margin: 0">Total <span style="writing-mode: vertical-rl; background: rgb(201,0,0)">due</span> now</p>`,
    );
    const span = byRed(flow, 201);
    expect(span?.box.role).toBe('inline-block');
    expect(span?.box.width).toBeCloseTo(15, 3);
    expect(span?.box.height).toBeGreaterThan(15);
  });

  it('says so when vertical text is wider than the page, as it is not split across pages', async () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const report = await renderReport({
      template: { html: `<div style="writing-mode: vertical-rl; height: 40pt">${words}</div>` },
      data: {},
    });
    expect(report.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('vertical text is not split across pages yet'),
    );
    expect(report.pages).toBe(1);
  });

  it('goes on over the next page when the whole document is vertical-rl, columns read from the right', async () => {
    const paragraph =
      '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた事だけは記憶している。';
    const paragraphs = Array.from({ length: 12 }, (_, i) => `<p>第${i + 1}段。${paragraph}</p>`).join('');
    const report = await renderReport({
      template: {
        html: `<h1>吾輩は猫である</h1>${paragraphs}`,
        css: "html { writing-mode: vertical-rl } body { font: 14pt 'Noto Sans JP' } p { margin-block: 0 1em }",
        footer_html: '<p style="text-align: center">{{ page_number }} / {{ page_count }}</p>',
      },
      data: {},
    });
    expect(report.warnings).toEqual([]);
    expect(report.pages).toBeGreaterThan(1);
    // In the order the content stream draws it (pdftotext -raw): each page's columns from the right, every
    // paragraph once, in order, and the footer on every page (vertical too: the template's CSS applies to it).
    const pages = await rawPageTexts(report.bytes);
    const order = pages.flatMap((text) => [...text.replace(/\s/g, '').matchAll(/第(\d+)段/g)].map((m) => Number(m[1])));
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(pages[0]?.replace(/\s/g, '')).toContain('吾輩は猫である第1段');
    for (const [i, text] of pages.entries()) expect(text.replace(/\s/g, '')).toContain(`${i + 1}/${pages.length}`);
    // Turned into the page: the columns reach the page area's right edge (A4, 595pt wide, 20mm margins), each
    // glyph upright on its own, none running across the page as a horizontal line would.
    const boxes = (await wordBoxes(report.bytes)).filter((box) => !/\//.test(box.word) && !/^\d+$/.test(box.word));
    expect(Math.max(...boxes.map((box) => box.xMax))).toBeGreaterThan(500);
    expect(Math.max(...boxes.map((box) => box.xMax - box.xMin))).toBeLessThan(30);
  });

  it('keeps a vertical block whole across a page break', () => {
    const { flow } = layOutHtml(
      `<div style="height: 780pt"></div><div style="${LINE}; writing-mode: vertical-rl; background: rgb(201,0,0)">Billable hours</div>`,
    );
    const wrapper = byRed(flow, 201)?.box.children[0];
    expect(wrapper?.kind === 'box' && wrapper.avoidBreakInside).toBe(true);
  });
});

/** The box of the dark pixels in the top-left 200 x 400 pixels of a page (what the HTML draws there). */
async function inkBox(html: string) {
  const pixels = await pagePixels(html);
  let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (let y = 0; y < 400; y++)
    for (let x = 0; x < 200; x++)
      if (pixels.at(x, y)[0] < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return { width: right - left + 1, height: bottom - top + 1, warnings: pixels.warnings };
}

describe('painting vertical text', () => {
  it('prints the text extractable, turned, on one page', async () => {
    const report = await renderReport({
      template: { html: '<div style="writing-mode: vertical-rl">Billable hours</div><p>Next</p>' },
      data: {},
    });
    expect(report.warnings).toEqual([]);
    const [page] = await pageTexts(report.bytes);
    expect(page).toContain('Billable hours');
    expect(page).toContain('Next');
    // Set on its side: the glyphs are drawn through the quarter turn, none standing upright.
    expect(contentStreams(report.bytes)).toContain('0 1 -1 0');
    expect(contentStreams(report.bytes)).not.toContain('0 -1 -1 0');
  });

  it('stands CJK upright and sets Latin on its side (text-orientation: mixed)', async () => {
    // 一 is a horizontal stroke: upright it is wider than high. A hyphen set on its side is higher than wide.
    const measure = (text: string) =>
      inkBox(`<div style="writing-mode: vertical-rl; font: 60pt/80pt 'Noto Sans SC'; padding: 10pt">${text}</div>`);
    const ideograph = await measure('一');
    expect(ideograph.warnings).toEqual([]);
    expect(ideograph.width).toBeGreaterThan(ideograph.height * 3);
    const hyphen = await measure('-');
    expect(hyphen.height).toBeGreaterThan(hyphen.width * 1.5);
    // Sideways text stays sideways.
    const sideways = await measure('<span style="text-orientation: sideways">一</span>');
    expect(sideways.height).toBeGreaterThan(sideways.width * 3);
  });

  it('stands every letter upright with text-orientation: upright, one under the other', async () => {
    const measure = (text: string, orientation: string) =>
      inkBox(
        `<div style="writing-mode: vertical-rl; text-orientation: ${orientation}; font: 60pt/80pt 'Noto Sans'; padding: 10pt">${text}</div>`,
      );
    // A hyphen upright is wider than high (on its side, as mixed sets Latin, it is higher than wide).
    const hyphen = await measure('-', 'upright');
    expect(hyphen.warnings).toEqual([]);
    expect(hyphen.width).toBeGreaterThan(hyphen.height * 1.5);
    // Two letters stand one under the other: the ink is higher than wide.
    const two = await measure('HH', 'upright');
    expect(two.height).toBeGreaterThan(two.width * 2);
  });

  it('advances upright Latin by the font’s height and CJK by its em, as Chromium does', () => {
    const { flow } = layOutHtml(
      `<div style="writing-mode: vertical-rl; text-orientation: upright; font: 12pt/16pt 'Noto Sans'; background: rgb(201,0,0)">MON</div>` +
        `<div style="writing-mode: vertical-rl; text-orientation: upright; font: 12pt/16pt 'Noto Sans SC'; background: rgb(202,0,0)">日本</div>`,
    );
    // Noto Sans at 16px: ascent 17px + descent 5px = 22px = 16.5pt a letter; an ideograph 1em = 12pt.
    expect(byRed(flow, 201)?.box.height).toBeCloseTo(3 * 16.5, 1);
    expect(byRed(flow, 202)?.box.height).toBeCloseTo(2 * 12, 1);
    const run = texts(byRed(flow, 201)?.box as BoxFragment)[0];
    expect(run?.upright).toBe('all');
  });

  it('draws the vertical forms of CJK punctuation (the font’s vert feature)', async () => {
    const glyphsOf = (css: string) =>
      texts(layOutHtml(`<div style="font-family: 'Noto Sans SC'; ${css}">名称「发票」。</div>`).flow).flatMap((t) =>
        t.glyphs.map((g) => g.id),
      );
    const vertical = glyphsOf('writing-mode: vertical-rl');
    const horizontal = glyphsOf('');
    // The ideographs are the same glyphs; the brackets and the full stop are their vertical forms.
    expect(vertical.slice(0, 2)).toEqual(horizontal.slice(0, 2));
    expect(vertical[2]).not.toBe(horizontal[2]);
    expect(vertical[6]).not.toBe(horizontal[6]);
    const report = await renderReport({
      template: { html: '<div style="writing-mode: vertical-rl; font-family: \'Noto Sans SC\'">名称「发票」。</div>' },
      data: {},
    });
    const [page] = await pageTexts(report.bytes);
    expect(page?.replace(/\s/g, '')).toContain('名称「发票」。');
  });
});

describe('the four vertical modes', () => {
  // Two paragraphs in a box 120pt high at the page's top-left corner (no margins).
  const words = async (mode: string) => {
    const report = await renderReport({
      template: {
        html: `<div style="writing-mode: ${mode}; height: 120pt; font: 10pt/15pt 'Noto Sans'"><p style="margin: 0">First line</p><p style="margin: 0">Second</p></div>`,
        css: '@page { margin: 0 } body { margin: 0 }',
      },
      data: {},
    });
    const boxes = await wordBoxes(report.bytes);
    return (word: string) => boxes.find((b) => b.word === word) as (typeof boxes)[number];
  };

  it('stacks vertical-rl and sideways-rl lines from the right, vertical-lr from the left, reading down', async () => {
    for (const mode of ['vertical-rl', 'sideways-rl']) {
      const at = await words(mode);
      expect(at('First').xMin).toBeGreaterThan(at('Second').xMax - 0.5);
      expect(at('First').yMin).toBeLessThan(2);
    }
    const lr = await words('vertical-lr');
    expect(lr('First').xMax).toBeLessThan(lr('Second').xMin + 0.5);
    expect(lr('First').xMin).toBeLessThan(2);
    expect(lr('First').yMin).toBeLessThan(2);
  });

  it('sets sideways-lr lines reading up from the bottom of the box, stacked from the left', async () => {
    const at = await words('sideways-lr');
    expect(at('First').xMax).toBeLessThan(at('Second').xMin + 0.5);
    expect(at('First').yMax).toBeGreaterThan(118);
    // "First" comes before "line": below it.
    expect(at('line').yMax).toBeLessThan(at('First').yMin + 0.5);
  });
});

describe('which characters stand upright', () => {
  it('follows Unicode’s Vertical_Orientation for the common scripts', () => {
    const upright = [...'一あア한「ー。，★©'].map((c) => standsUpright(c.codePointAt(0) as number));
    expect(upright.every(Boolean)).toBe(true);
    const sideways = [...'A1-اשΩЖ'].map((c) => standsUpright(c.codePointAt(0) as number));
    expect(sideways.some(Boolean)).toBe(false);
  });
});
