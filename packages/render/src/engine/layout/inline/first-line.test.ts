import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../../__fixtures__/pdf-tools';
import { renderReport } from '../../../render';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import type { Fragment, LineFragment, TextFragment } from '../fragment';

/* ::first-line (CSS Pseudo-Elements 4 §2.1) from the template's CSS through style, boxes and inline layout. */

const TEXT =
  'Margaret Hale had learned to read the tide tables before she could read a psalm, and each morning her father would read aloud the hour of high water.';

function allLines(fragment: Fragment, out: LineFragment[] = []): LineFragment[] {
  if (fragment.kind === 'line') out.push(fragment);
  else if (fragment.kind === 'box') for (const child of fragment.children) allLines(child, out);
  return out;
}
const runs = (line: LineFragment): TextFragment[] =>
  line.children.flatMap((c) =>
    c.kind === 'text' ? [c] : c.kind === 'box' ? c.children.filter((t): t is TextFragment => t.kind === 'text') : [],
  );
const text = (line: LineFragment) =>
  runs(line)
    .map((r) => r.text)
    .join('')
    .trim();

describe('::first-line', () => {
  it('draws the first line in its style and the lines after it in the block’s', () => {
    const { flow, findings } = layOutHtml(
      `<p class="o">${TEXT}</p>`,
      'p { width: 300px; font-size: 12pt } .o::first-line { font-size: 18pt; color: #c00 }',
    );
    const lines = allLines(flow);
    expect(lines.length).toBeGreaterThan(2);
    const [first, second] = lines as [LineFragment, LineFragment];
    for (const run of runs(first)) {
      expect(run.fontSize).toBe(18);
      expect(run.color).toEqual({ r: 204, g: 0, b: 0, a: 1 });
    }
    for (const run of runs(second)) expect(run.fontSize).toBe(12);
    // The first line holds what fits at 18pt, and is as tall as 18pt text.
    expect(first.height).toBeGreaterThan(second.height);
    const plain = allLines(layOutHtml(`<p>${TEXT}</p>`, 'p { width: 300px; font-size: 12pt }').flow);
    expect(text(first).length).toBeLessThan(text(plain[0] as LineFragment).length);
    // Nothing is lost or repeated between the two paragraphs the lines come from.
    expect(lines.map(text).join(' ').replace(/\s+/g, ' ')).toBe(TEXT);
    expect(findings.list().filter((f) => f.code === 'unsupported_selector')).toEqual([]);
  });

  it('keeps what an inline element sets itself (bold stays bold) and reaches the first block inside', () => {
    const { flow } = layOutHtml(
      `<div class="o"><p><b>Margaret</b> Hale had learned to read the tide tables before she could read a psalm, long before.</p></div>`,
      'div { width: 260px; font-size: 12pt } .o:first-line { font-size: 15pt; letter-spacing: 1px }',
    );
    const [first, second] = allLines(flow) as [LineFragment, LineFragment];
    const [bold, ...rest] = runs(first);
    expect(bold?.font.face).toBe('bold');
    expect(bold?.text).toBe('Margaret');
    expect(bold?.fontSize).toBe(15);
    expect(rest.some((r) => r.font.face === 'normal' && r.fontSize === 15)).toBe(true);
    for (const run of runs(second)) expect(run.fontSize).toBe(12);
  });

  it('breaks the first line beside a drop cap floated by ::first-letter', () => {
    const { flow } = layOutHtml(
      `<p class="o">${TEXT}</p>`,
      `p { width: 320px; font-size: 12pt } .o::first-letter { float: left; font-size: 36pt; line-height: 1 }
       .o::first-line { font-size: 14pt }`,
    );
    const lines = allLines(flow);
    const first = lines[0] as LineFragment;
    expect(first.x).toBeGreaterThan(20);
    expect(runs(first).map((r) => r.fontSize)).toEqual(runs(first).map(() => 14));
    expect(runs(lines[2] as LineFragment).every((r) => r.fontSize === 12)).toBe(true);
  });

  it('applies text-transform to the first line only, and keeps a run’s own', () => {
    const { flow, findings } = layOutHtml(
      `<p class="o">${TEXT.replace('tide tables', '<span class="keep">Tide Tables</span>')}</p>`,
      'p { width: 560px; font-size: 12pt } .o::first-line { text-transform: uppercase } .keep { text-transform: lowercase }',
    );
    const lines = allLines(flow);
    expect(text(lines[0] as LineFragment)).toMatch(/^MARGARET HALE HAD LEARNED TO READ THE tide tables BEFORE/);
    // The lines after it are as written.
    const rest = lines.slice(1).map(text).join(' ');
    expect(rest.length).toBeGreaterThan(20);
    expect(TEXT).toContain(rest);
    expect(findings.list()).toEqual([]);
    const capitalized = allLines(
      layOutHtml(`<p class="o">${TEXT}</p>`, 'p { width: 300px } .o::first-line { text-transform: capitalize }').flow,
    );
    expect(text(capitalized[0] as LineFragment)).toMatch(/^Margaret Hale Had Learned/);
    expect(text(capitalized[1] as LineFragment)).toMatch(/^[a-z]/);
  });

  it('says when the first line’s text-transform cannot be applied', () => {
    const sharp = layOutHtml('<p class="o">Straße und Fluß</p>', '.o::first-line { text-transform: uppercase }');
    expect(text(allLines(sharp.flow)[0] as LineFragment)).toBe('Straße und Fluß');
    expect(sharp.findings.list().map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^text-transform on ::first-line is not applied here: it would change the number of letters/,
      ),
    ]);
  });

  it('prints the first line’s words once, in the PDF’s text', async () => {
    const report = await renderReport({
      template: { html: `<p class="o">${TEXT}</p>`, css: '.o::first-line { font-size: 16pt; font-weight: bold }' },
      data: {},
    });
    const [page] = await pageTexts(report.bytes);
    expect(page?.replace(/\s+/g, ' ').trim()).toBe(TEXT);
    expect(report.warnings.filter((w) => w.code === 'unsupported_selector')).toEqual([]);
  });
});
