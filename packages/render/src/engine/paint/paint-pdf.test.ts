import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { contentStreams } from '../../__fixtures__/pdf-tools';
import { fontParseStats } from '../../fonts/parse-cache';
import { Findings } from '../findings';
import type { LineFragment, PageFragments, TextFragment } from '../layout/fragment';
import { BLACK, box, fonts, page, paint, pdfinfo, pdftotext, shape } from './__fixtures__/pages';
import { paintPdf } from './index';
import { paintPdfWith } from './paint-pdf';
import type { PdfDocument, PdfDocumentConstructor } from './pdfkit-types';
import { nodePlatform } from './platform-node';

const textPage = (text: string, number: number, size: [number, number] = [200, 200]): PageFragments =>
  page([shape(text, { x: 10, y: 30 })], number, size);

describe('the document', () => {
  it('has one page per PageFragments, each in its own size', async () => {
    const { bytes, pages } = await paint([textPage('first', 1), textPage('second', 2, [300, 150])]);
    expect(pages).toBe(2);
    const info = await pdfinfo(bytes, ['-f', '1', '-l', '2']);
    expect(info).toMatch(/^Pages:\s+2$/m);
    expect(info).toMatch(/Page\s+1 size:\s+200 x 200 pts/);
    expect(info).toMatch(/Page\s+2 size:\s+300 x 150 pts/);
    expect((await pdftotext(bytes)).split('\f').map((t) => t.trim())).toEqual(['first', 'second', '']);
  });

  it('writes the metadata, with Quire as the producer', async () => {
    const findings = new Findings();
    const { bytes } = await paintPdf([textPage('x', 1)], {
      fonts,
      findings,
      metadata: {
        title: 'Rechnung Nr. 7 – März',
        author: 'Quire Ltd',
        subject: 'Invoice',
        keywords: 'invoice, march',
        creator: 'Billing app',
        creationDate: new Date('2026-03-04T05:06:07Z'),
      },
    });
    const info = await pdfinfo(bytes);
    expect(info).toMatch(/^Title:\s+Rechnung Nr\. 7 – März$/m);
    expect(info).toMatch(/^Author:\s+Quire Ltd$/m);
    expect(info).toMatch(/^Subject:\s+Invoice$/m);
    expect(info).toMatch(/^Keywords:\s+invoice, march$/m);
    expect(info).toMatch(/^Creator:\s+Billing app$/m);
    expect(info).toMatch(/^Producer:\s+Quire$/m);
    expect(info).toMatch(/^CreationDate:.*2026/m);
  });

  it('gives identical bytes for the same pages and creation date', async () => {
    // PNGs with alpha, which pdfkit decodes (asynchronously, left to itself) before writing them.
    const pngs = [40, 80, 120].map((size, k) => {
      const png = new PNG({ width: size, height: size });
      for (let i = 0; i < size * size; i++) png.data.set([k * 60, i % 255, (i * 7) % 255, 90 + k], i * 4);
      return PNG.sync.write(png);
    });
    const images = pngs.map((bytes, i) => ({
      kind: 'image' as const,
      x: 10 + i * 40,
      y: 60,
      width: 30,
      height: 30,
      bytes,
      format: 'png' as const,
    }));
    const pages = () => [page([shape('same', { x: 10, y: 30 }), ...images], 1), textPage('again', 2)];
    const date = new Date('2026-05-06T07:08:09Z');
    const [a, b] = [await paint(pages(), { creationDate: date }), await paint(pages(), { creationDate: date })];
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const c = await paint(pages(), { creationDate: new Date('2026-05-06T07:08:10Z') });
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
  });

  it('has pdfkit parse each face once across documents (the parse cache serves the same byte arrays)', async () => {
    const serif = (text: string) => page([shape(text, { x: 10, y: 30, family: 'Noto Serif', face: 'italics' })]);
    await paint([serif('first')]);
    const before = fontParseStats();
    const { bytes } = await paint([serif('second')]);
    const after = fontParseStats();
    expect(after.misses).toBe(before.misses);
    expect(after.hits).toBeGreaterThan(before.hits);
    expect((await pdftotext(bytes)).trim()).toBe('second');
  });

  it('compresses the content streams unless told not to', async () => {
    const compressed = Buffer.from((await paint([textPage('deflated', 1)])).bytes).toString('latin1');
    expect(compressed).toContain('/FlateDecode');
    expect(compressed).not.toContain(' TJ');
    const plain = Buffer.from((await paint([textPage('plain', 1)], { compress: false })).bytes).toString('latin1');
    expect(plain).not.toContain('/FlateDecode');
    expect(plain).toContain(' TJ');
  });

  it('paints pages as they come: each page is written out when the next is added, and taken at once', async () => {
    const platform = nodePlatform();
    const seen: Array<{ page: number; written: number; buffered: number }> = [];
    // pdfkit's document, watched: how much it has written, and how much waits unread, as each page begins.
    const Watched = class extends (platform.PDFDocument as unknown as new (
      options: unknown,
    ) => PdfDocument & { _offset: number; readableLength: number }) {
      override addPage(options: Parameters<PdfDocument['addPage']>[0]) {
        seen.push({ page: seen.length + 1, written: this._offset, buffered: this.readableLength });
        return super.addPage(options);
      }
    } as unknown as PdfDocumentConstructor;
    let pulled = 0;
    function* pages() {
      for (let n = 1; n <= 5; n++) {
        // The painter asks for a page only when it has painted the one before.
        expect(seen.length).toBe(n - 1);
        pulled++;
        yield textPage(`page ${n} `.repeat(5), n);
      }
    }
    const { pages: count } = await paintPdfWith({ ...platform, PDFDocument: Watched }, pages(), {
      fonts,
      findings: new Findings(),
      metadata: {},
    });
    expect(count).toBe(5);
    expect(pulled).toBe(5);
    for (let i = 2; i < seen.length; i++) {
      const [before, now] = [seen[i - 1], seen[i]] as [(typeof seen)[number], (typeof seen)[number]];
      // Page i-1's content stream, resources and dictionary went out when page i was added.
      expect(now.written - before.written).toBeGreaterThan(100);
      expect(now.buffered).toBe(0);
    }
  });
});

describe("a page's content", () => {
  it('holds every operator of a page of thousands, in order and one per line, inside a transparency group too', async () => {
    // 1,200 boxes of distinct widths (1,200 fills and rectangles), the second half inside a box with opacity, whose
    // content is captured into a form XObject: both are handed to pdfkit in many pieces.
    const square = (i: number) =>
      box({ x: i % 40, y: Math.floor(i / 40), width: 1 + i / 1000, height: 1, style: { backgroundColor: BLACK } });
    const widths = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => square(from + k));
    const group = box({ x: 0, y: 0, width: 200, height: 200, style: { opacity: 0.5 }, children: widths(600, 1200) });
    const { bytes } = await paint([page([...widths(0, 600), group])]);
    const rects = [...contentStreams(bytes).matchAll(/^[\d.]+ [\d.]+ ([\d.]+) 1 re$/gm)].map((m) => Number(m[1]));
    const width = (i: number) => Math.round((1 + i / 1000) * 1000) / 1000;
    // The group's form is written when it is drawn, the page's content when the page ends.
    const inOrder = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => width(from + k));
    expect(rects).toEqual([...inOrder(600, 1200), ...inOrder(0, 600)]);
  });
});

describe('a long document', () => {
  it('paints 400 pages of 50 lines (timing and memory printed)', async () => {
    const texts = Array.from(
      { length: 50 },
      (_, i) => `Line ${i + 1}: the quick brown fox jumps over the lazy dog, office ${i * 7}`,
    );
    const runs = texts.map((text) => shape(text, { size: 10 }));
    const line = (run: TextFragment, i: number): LineFragment => ({
      kind: 'line',
      x: 40,
      y: 40 + i * 14,
      width: 515,
      height: 14,
      baseline: 11,
      children: [{ ...run, y: 11 }],
    });
    function* pages(): Generator<PageFragments> {
      for (let n = 1; n <= 400; n++)
        yield {
          number: n,
          width: 595,
          height: 842,
          pieces: runs.map((run, i) => ({ fragment: line(run, i), x: 0, y: 0 })),
        };
    }
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const start = performance.now();
    const { bytes, pages: count } = await paintPdf(pages(), {
      fonts,
      findings: new Findings(),
      metadata: { creationDate: new Date(0) },
    });
    const ms = performance.now() - start;
    const rssAfter = process.memoryUsage().rss;
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `paint: 400 pages × 50 lines in ${ms.toFixed(0)} ms (${(ms / 400).toFixed(2)} ms/page), PDF ${mb(bytes.byteLength)}; RSS before ${mb(rssBefore)}, after ${mb(rssAfter)}`,
    );
    expect(count).toBe(400);
    const text = await pdftotext(bytes, ['-f', '400', '-l', '400']);
    expect(text).toContain('Line 50: the quick brown fox jumps over the lazy dog, office 343');
  });
});
