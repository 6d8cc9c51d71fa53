import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts, pdfInfo } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import type { RenderTemplate } from '../types';
import { rasterize } from '../visual/rasterize';
import { layOutHtml } from './__fixtures__/lay-out-html';
import { ensureFlexReady } from './document/render-document';
import type { Fragment, LineFragment, TextFragment } from './layout/fragment';

/* The acceptance cases of engine v2 part 1 (issue 15), end to end: HTML in, PDF out, checked in its text and pixels. */

const render = (template: RenderTemplate, data: Record<string, unknown> = {}) =>
  renderReport({ template, data, engine: 'quire', metadata: { creationDate: new Date('2026-01-01T00:00:00Z') } });

beforeAll(() => ensureFlexReady());

const laidOut = (html: string, css = '') => layOutHtml(html, css);

/** Every line box of a laid-out document, top to bottom, with its absolute y. */
function lines(fragment: Fragment, y = 0, out: Array<{ y: number; line: LineFragment }> = []) {
  if (fragment.kind === 'line') out.push({ y: y + fragment.y, line: fragment });
  else if (fragment.kind === 'box') for (const child of fragment.children) lines(child, y + fragment.y, out);
  return out;
}
const runs = (line: LineFragment): TextFragment[] => line.children.filter((c): c is TextFragment => c.kind === 'text');
/** A line's text in logical order for a right-to-left paragraph: its runs from right to left. */
const rtlText = (line: LineFragment) =>
  runs(line)
    .sort((a, b) => b.x - a.x)
    .map((r) => r.text)
    .join('')
    .trim();

describe('engine v2 acceptance', () => {
  it('splits a 30-item padded cell that does not fit what is left of a page, and drops none of it', async () => {
    const items = Array.from({ length: 30 }, (_, i) => `<div>Line item ${i + 1}</div>`).join('');
    const html = `<div style="height: 600pt">Intro</div><table><tr><td style="padding: 12px; border: 1px solid #333">${items}</td></tr></table>`;
    const report = await render({ html });
    expect(report.pages).toBe(2);
    const [first, second] = await pageTexts(report.bytes);
    expect(first).toContain('Line item 1');
    expect(second).toContain('Line item 30');
    const all = `${first}\n${second}`;
    for (let i = 1; i <= 30; i++) expect(all).toMatch(new RegExp(`Line item ${i}\\b`));
  });

  it.each([
    [
      'Hebrew',
      'הדוח הזה מסכם את הפעילות של הרבעון השלישי, כולל ההכנסות, ההוצאות והתחזית לרבעון הבא, ומציג את ההמלצות של הוועדה.',
    ],
    [
      'Arabic',
      'يلخص هذا التقرير نشاط الربع الثالث، بما في ذلك الإيرادات والنفقات والتوقعات للربع القادم، ويعرض توصيات اللجنة.',
    ],
  ])('reads a three-line %s paragraph in the right line order', (_script, text) => {
    const doc = laidOut(`<p dir="rtl" style="width: 190pt; font-size: 12pt">${text}</p>`);
    const found = lines(doc.flow).sort((a, b) => a.y - b.y);
    expect(found.length).toBeGreaterThanOrEqual(3);
    const read = found.map((l) => rtlText(l.line)).join(' ');
    expect(read.replace(/\s+/g, ' ')).toBe(text);
    // Right-aligned: each line ends at the right edge of the 190pt box.
    for (const { line } of found.slice(0, -1)) expect(line.x + line.width).toBeCloseTo(190, 0);
  });

  it('keeps the space and the order of <p>שלום <b>עולם</b></p>', async () => {
    const doc = laidOut('<p>שלום <b>עולם</b></p>');
    const [line] = lines(doc.flow);
    const parts = runs(line?.line as LineFragment);
    const shalom = parts.find((r) => r.text.includes('שלום')) as TextFragment;
    const olam = parts.find((r) => r.text.includes('עולם')) as TextFragment;
    expect(olam.x).toBeLessThan(shalom.x);
    // The space is kept between them (in one of the runs), read right to left.
    expect(rtlText(line?.line as LineFragment)).toBe('שלום עולם');
    const [page] = await pageTexts((await render({ html: '<p>שלום <b>עולם</b></p>' })).bytes);
    expect(page).toMatch(/שלום\s+עולם|עולם\s+שלום/);
  });

  it('gives A5 landscape pages for @page { size: A5 landscape; margin: 5mm }', async () => {
    const report = await render({ html: '<p>Hello</p>', css: '@page { size: A5 landscape; margin: 5mm }' });
    const info = await pdfInfo(report.bytes);
    expect(info.widthPt).toBeCloseTo(595.28, 0);
    expect(info.heightPt).toBeCloseTo(419.53, 0);
    const doc = laidOut('<p>Hello</p>', '@page { size: A5 landscape; margin: 5mm } body { margin: 0 } p { margin: 0 }');
    const piece = doc.pages[0]?.pieces[0];
    // 5mm is 18.9px: the page area starts on the whole pixel, 19px (14.25pt), as Chromium paints it.
    expect(piece?.x).toBeCloseTo(19 * 0.75, 9);
    expect(piece?.y).toBeCloseTo(19 * 0.75, 9);
  });

  it('tells left and right pages apart: mirrored margins and margin boxes per side', async () => {
    const css = `@page :left { margin: 20mm 30mm 20mm 15mm; @bottom-left { content: "Left " counter(page) } }
@page :right { margin: 20mm 15mm 20mm 30mm; @bottom-right { content: "Right " counter(page) } }
body { margin: 0 } p { margin: 0; break-after: page }`;
    const report = await render({ html: '<p>One</p><p>Two</p><p>Three</p>', css });
    expect(report.warnings).toEqual([]);
    const texts = (await pageTexts(report.bytes)).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(texts).toEqual(['One Right 1', 'Two Left 2', 'Three Right 3']);
    // The content box moves with the binding edge: 30mm from the left on right pages, 15mm on left pages (from
    // their whole pixels, 113px and 57px).
    const doc = laidOut('<p>One</p><p>Two</p>', css);
    expect(doc.pages[0]?.pieces[0]?.x).toBeCloseTo(113 * 0.75, 9);
    expect(doc.pages[1]?.pieces[0]?.x).toBeCloseTo(57 * 0.75, 9);
  });

  it('shares a page side between its margin boxes by their content, as CSS Paged Media resolves auto widths', () => {
    const css = `@page { size: 400pt 300pt; margin: 40pt;
  @bottom-left { content: "A long footer line, wider than a third of the page"; font-size: 9pt }
  @bottom-right { content: "1 / 1"; font-size: 9pt } }
body { margin: 0 }`;
    const page = laidOut('<p>Body</p>', css).pages[0];
    const footer = (text: string) =>
      page?.pieces.find(
        (p) => p.y > 250 && lines(p.fragment).some(({ line }) => runs(line).some((r) => r.text.includes(text))),
      );
    const left = footer('footer');
    const right = footer('1');
    // The long text keeps one line: its box is most of the 320pt side, not a third of it.
    expect(lines(left?.fragment as Fragment)).toHaveLength(1);
    expect(left?.fragment.width).toBeGreaterThan(250);
    expect(left?.x).toBeCloseTo(53.328125 * 0.75, 5);
    // The page number's box ends at the page area's right edge, the page area as wide as Chromium's: 40pt (53.33px)
    // cut to 1/64px, 53.328125px, and 320pt (426.67px) rounded up to 427px.
    expect((right?.x ?? 0) + (right?.fragment.width ?? 0)).toBeCloseTo((53.328125 + 427) * 0.75, 5);
  });

  it('numbers pages in margin boxes in any counter style a list marker has', async () => {
    const css = `@page { @bottom-center { content: counter(page, upper-roman) " / " counter(pages, lower-greek) } }
body { margin: 0 } p { margin: 0; break-after: page }`;
    const report = await render({ html: '<p>One</p><p>Two</p><p>Three</p><p>Four</p>', css });
    expect(report.warnings).toEqual([]);
    // pdftotext reads the space after a narrow I as none: the slash is compared without the spaces around it.
    const texts = (await pageTexts(report.bytes)).map((t) =>
      t
        .replace(/\s*\/\s*/g, '/')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    expect(texts).toEqual(['One I/δ', 'Two II/δ', 'Three III/δ', 'Four IV/δ']);
  });

  it('draws a dashed border dashed', async () => {
    const report = await render({
      html: '<div style="margin: 0; height: 100pt; border-top: 6pt dashed #000"></div>',
      css: '@page { margin: 0 } body { margin: 0 }',
    });
    const [png] = await rasterize(report.bytes, { dpi: 72 });
    const image = PNG.sync.read(png as Buffer);
    const row = 3; // inside the 6pt border
    let changes = 0;
    let dark = false;
    for (let x = 10; x < image.width - 10; x++) {
      const isDark = (image.data[(row * image.width + x) * 4] as number) < 128;
      if (isDark !== dark) changes++;
      dark = isDark;
    }
    expect(changes).toBeGreaterThan(20);
  });

  it('draws an SVG kept from an earlier document with the opacity it had there', async () => {
    // svg-to-pdfkit names opacity states in the order a document first uses them: the kept drawing of the half-
    // transparent square must be renamed in a document where another opacity came first.
    const square = (opacity: number, colour: string) =>
      `<svg width="60" height="60" viewBox="0 0 60 60"><rect width="60" height="60" fill="${colour}" fill-opacity="${opacity}"/></svg>`;
    const css = '@page { margin: 0 } body { margin: 0 } svg { display: block }';
    const first = await render({ html: square(0.5, '#0000ff'), css });
    const second = await render({ html: `${square(0.2, '#ff0000')}${square(0.5, '#0000ff')}`, css });
    const pixel = async (bytes: Uint8Array, y: number) => {
      const image = PNG.sync.read((await rasterize(bytes, { dpi: 72 }))[0] as Buffer);
      const at = (y * image.width + 30) * 4;
      return [image.data[at], image.data[at + 1], image.data[at + 2]];
    };
    const halfBlue = await pixel(first.bytes, 30);
    expect(halfBlue[2]).toBe(255);
    expect(halfBlue[0]).toBeGreaterThan(100);
    expect(halfBlue[0]).toBeLessThan(155);
    // Drawn 45pt (60px) further down in the second document, over white.
    expect(await pixel(second.bytes, 75)).toEqual(halfBlue);
  });

  it('applies var() with fallbacks and CSS nesting', () => {
    const css =
      ':root { --brand: #0f766e } .card { & .title { color: var(--brand); } .note { color: var(--missing, rgb(200 0 0)); } }';
    const doc = laidOut('<div class="card"><p class="title">Title</p><p class="note">Note</p></div>', css);
    const texts = lines(doc.flow).flatMap((l) => runs(l.line));
    expect(texts.find((t) => t.text === 'Title')?.color).toMatchObject({ r: 15, g: 118, b: 110 });
    expect(texts.find((t) => t.text === 'Note')?.color).toMatchObject({ r: 200, g: 0, b: 0 });
  });
});
