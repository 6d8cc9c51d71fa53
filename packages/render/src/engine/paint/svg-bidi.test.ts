import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../__fixtures__/pdf-tools';
import { renderReport } from '../../render';
import { bidiMarkOf, withBidiMarks } from './svg-bidi';

const run = promisify(execFile);

const render = async (html: string, data: Record<string, unknown> = {}) =>
  (
    await renderReport({
      template: { name: 'svg-rtl', html },
      data,
      engine: 'quire',
      metadata: { creationDate: new Date('2026-01-01T00:00:00Z') },
    })
  ).bytes;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120" viewBox="0 0 400 120">${body}</svg>`;

/** The page's text in logical order, lines trimmed, without the bidi controls pdftotext adds around runs. */
async function logicalLines(bytes: Uint8Array): Promise<string[]> {
  const [page = ''] = await pageTexts(bytes);
  return page
    .replace(/[\u202a-\u202e]/g, '')
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
}

/** The words as drawn, from the glyphs' boxes (pdftotext -bbox): a right-to-left word's letters come reversed. */
async function drawnWords(bytes: Uint8Array): Promise<Word[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-svg-rtl-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']);
    return [...stdout.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g)].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      text: m[4] as string,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The words of each line, top to bottom (words of one line share their top). */
function rows(words: Word[]): Word[][] {
  const tops = [...new Set(words.map((w) => Math.round(w.yMin)))].sort((a, b) => a - b);
  return tops.map((top) => words.filter((w) => Math.round(w.yMin) === top));
}

const reversed = (word: string) => [...word].reverse().join('');

/** The drawn box of a right-to-left word (found by its letters as drawn), or of a left-to-right one. */
function box(words: Word[], logical: string, rtl = true): Word {
  const drawn = rtl ? reversed(logical) : logical;
  const found = words.find((w) => w.text === drawn);
  if (!found) throw new Error(`"${logical}" is not drawn; words: ${words.map((w) => w.text).join(' | ')}`);
  return found;
}

/**
 * The glyph ids each text object (BT … ET) of the page draws, in drawing order: read from the content streams
 * themselves, whatever the text layer says.
 */
function drawnGlyphs(bytes: Uint8Array): string[][] {
  const pdf = Buffer.from(bytes);
  const objects: string[][] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at);
    if (start < 0) break;
    const dataStart = pdf[start + 6] === 0x0d ? start + 8 : start + 7;
    const end = pdf.indexOf('endstream', dataStart);
    at = end + 9;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(dataStart, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const ids: string[] = [];
      for (const array of (block[1] as string).matchAll(/\[([^\]]*)\]\s*TJ/g))
        for (const hex of (array[1] as string).matchAll(/<([0-9a-fA-F]+)>/g))
          ids.push(...((hex[1] as string).match(/.{4}/g) ?? []));
      if (ids.length > 0) objects.push(ids);
    }
  }
  return objects;
}

describe('right-to-left SVG text', () => {
  it('draws Hebrew words and a number in visual order and extracts them in logical order', async () => {
    const bytes = await render(svg('<text x="20" y="40" font-size="20">סה״כ מכירות 2025</text>'));
    expect(await logicalLines(bytes)).toContain('סה״כ מכירות 2025');
    const words = await drawnWords(bytes);
    // Right to left: the first word rightmost, the number (left to right inside) leftmost.
    expect(box(words, 'סה״כ').xMin).toBeGreaterThan(box(words, 'מכירות').xMax);
    expect(box(words, 'מכירות').xMin).toBeGreaterThan(box(words, '2025', false).xMax);
  });

  it('orders a mixed label by the element direction: Latin first on the left, or on the right under rtl', async () => {
    const bytes = await render(
      svg(
        '<text x="380" y="20" font-size="16" text-anchor="end">Ref</text>' +
          '<text x="20" y="50" font-size="16">Total סה״כ 42 מכירות</text>' +
          '<text x="380" y="90" font-size="16" direction="rtl">Total סה״כ 42 מכירות</text>',
      ),
    );
    const [reference = [], ltr = [], rtl = []] = rows(await drawnWords(bytes));
    // Left to right: "Total", then the Hebrew run (with its number) right to left.
    expect(box(ltr, 'Total', false).xMax).toBeLessThan(box(ltr, 'מכירות').xMin);
    expect(box(ltr, 'מכירות').xMax).toBeLessThan(box(ltr, '42', false).xMin);
    expect(box(ltr, '42', false).xMax).toBeLessThan(box(ltr, 'סה״כ').xMin);
    // Right to left: "Total" is the first word, rightmost, and text-anchor start is the right end (x = 380).
    expect(box(rtl, 'Total', false).xMin).toBeGreaterThan(box(rtl, 'סה״כ').xMax);
    expect(box(rtl, 'מכירות').xMax).toBeLessThan(box(rtl, '42', false).xMin);
    expect(box(rtl, 'Total', false).xMax).toBeCloseTo(box(reference, 'Ref', false).xMax, 0);
  });

  it('keeps text-anchor end at the right end of a right-to-left label, as wide as before', async () => {
    const bytes = await render(
      svg(
        '<text x="300" y="20" font-size="20" text-anchor="end">Ref</text>' +
          '<text x="300" y="55" font-size="20" text-anchor="end">סה״כ מכירות 2025</text>' +
          '<text x="300" y="90" font-size="20" style="direction: rtl" text-anchor="end">סה״כ מכירות 2025</text>',
      ),
    );
    const [reference = [], first = [], second = []] = rows(await drawnWords(bytes));
    const anchor = box(reference, 'Ref', false).xMax;
    expect(box(first, 'סה״כ').xMax).toBeCloseTo(anchor, 0);
    // Under direction: rtl the end is the left end: the same label, moved by its width.
    const width = box(first, 'סה״כ').xMax - box(first, '2025', false).xMin;
    expect(box(second, '2025', false).xMin).toBeCloseTo(anchor, 0);
    expect(box(second, 'סה״כ').xMax - box(second, '2025', false).xMin).toBeCloseTo(width, 1);
  });

  it('joins Arabic as HTML text does: the same glyphs in the same order, dots included', async () => {
    const word = 'إجمالي';
    const bytes = await render(
      `<p style="font-size: 15pt">${word}</p>${svg(`<text x="20" y="40" font-size="20">${word}</text>`)}`,
    );
    const [html, drawnInSvg] = drawnGlyphs(bytes);
    expect(drawnInSvg).toEqual(html);
    // Joined forms and the dots (mark glyphs) make more distinct glyphs than the word has letters' isolated forms.
    expect(html?.length).toBeGreaterThan([...word].length);
    expect(await logicalLines(bytes)).toEqual([word, word]);
  });

  it('draws an Arabic label in visual order and extracts it in logical order', async () => {
    const bytes = await render(svg('<text x="20" y="40" font-size="20">إجمالي المبيعات</text>'));
    expect(await logicalLines(bytes)).toEqual(['إجمالي المبيعات']);
    const words = await drawnWords(bytes);
    const first = words.filter(
      (w) => reversed(w.text).startsWith('إ') || w.text.endsWith('إ') || w.text.endsWith('جإ'),
    );
    const second = words.find((w) => w.text === reversed('المبيعات'));
    expect(second).toBeDefined();
    expect(Math.min(...first.map((w) => w.xMin))).toBeGreaterThan(second?.xMax as number);
  });

  it("labels a core bar_chart's Hebrew categories and title in the right order", async () => {
    const rows = [
      { month: 'ינואר', sales: 120 },
      { month: 'פברואר', sales: 90 },
    ];
    const bytes = await render('{{ rows | bar_chart: "month", "sales", title: "מכירות לפי חודש" }}', { rows });
    const lines = await logicalLines(bytes);
    expect(lines).toContain('מכירות לפי חודש');
    expect(lines.join(' ')).toMatch(/ינואר.*פברואר/);
    const words = await drawnWords(bytes);
    expect(box(words, 'מכירות').xMin).toBeGreaterThan(box(words, 'לפי').xMax);
    expect(box(words, 'לפי').xMin).toBeGreaterThan(box(words, 'חודש').xMax);
    // Each category drawn as a word (reversed letters when drawn), under its bar: January left of February.
    expect(box(words, 'ינואר').xMax).toBeLessThan(box(words, 'פברואר').xMin);
  });

  it('leaves left-to-right SVG markup alone, byte for byte', () => {
    const latin = svg('<text x="1" y="20">Revenue 2025 &amp; costs</text>');
    expect(withBidiMarks(latin)).toBe(latin);
  });
});

describe('withBidiMarks', () => {
  it('marks a text with right-to-left characters with its inherited direction, and places glyphs one by one', () => {
    const marked = withBidiMarks(
      '<svg font-family="Arial" direction="rtl"><text style="font-family: Noto Sans; fill: red">שלום</text><text>Hi</text></svg>',
    );
    expect(marked).toBe(
      '<svg font-family="Arial" direction="rtl"><text style="; fill: red" font-family="Noto Sans, quire-bidi-rtl" letter-spacing="0.000001">שלום</text><text>Hi</text></svg>',
    );
  });

  it('keeps a letter-spacing of its own and re-marks a tspan of the other direction', () => {
    const marked = withBidiMarks(
      '<svg><text letter-spacing="2">שלום <tspan direction="ltr">(a)</tspan><tspan>b</tspan></text></svg>',
    );
    expect(marked).toContain('<text letter-spacing="2" font-family="sans-serif, quire-bidi-ltr">');
    expect(marked).toContain('<tspan direction="ltr">(a)</tspan>');
    const rtl = withBidiMarks('<svg><text direction="rtl">שלום <tspan direction="ltr">(a)</tspan></text></svg>');
    expect(rtl).toContain(
      '<tspan direction="ltr" font-family="sans-serif, quire-bidi-ltr" letter-spacing="0.000001">(a)</tspan>',
    );
  });

  it('reads the mark back off the family list the font callback gets', () => {
    expect(bidiMarkOf("'Noto Sans', quire-bidi-rtl")).toEqual({ families: "'Noto Sans'", direction: 'rtl' });
    expect(bidiMarkOf('Arial, sans-serif')).toEqual({ families: 'Arial, sans-serif' });
  });
});
