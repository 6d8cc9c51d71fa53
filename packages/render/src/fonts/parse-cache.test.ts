import { inflateSync } from 'node:zlib';
import { getStarter } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { pageTexts, pdfFonts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { pdfkitFontkit, renderPdf, useFonts } from './__fixtures__/pdfmake';
import { loadBundledFonts } from './bundled';
import { fontParseStats, installFontParseCache } from './parse-cache';
import { FontRegistry } from './registry';

const registry = new FontRegistry(loadBundledFonts());

describe('the font parse cache', () => {
  it('sits in front of the fontkit pdfkit uses, whenever pdfkit was loaded', () => {
    expect(installFontParseCache()).toBe(true);
    const bytes = loadBundledFonts()['Noto Sans Mono']?.normal as Uint8Array;
    const fontkit = pdfkitFontkit();
    const first = fontkit.create(bytes);
    expect(fontkit.create(bytes)).toBe(first);
    // Other byte arrays, even with the same content, are parsed on their own.
    expect(fontkit.create(bytes.slice())).not.toBe(first);
    expect(() => fontkit.create(new TextEncoder().encode('not a font at all'))).toThrow(/Unknown font format/);
  });

  it('parses each face once across documents, and the documents keep their own text', async () => {
    useFonts(registry);
    const doc = (text: string) => ({
      defaultStyle: { font: 'Noto Sans' },
      content: [{ text }, { text: `${text} in bold`, bold: true }],
    });
    const start = fontParseStats();
    const first = await renderPdf(doc('First document Ωμέγα'));
    const afterFirst = fontParseStats();
    const second = await renderPdf(doc('Second document Привет'));
    const afterSecond = fontParseStats();
    // The registry parsed Noto Sans regular and bold when it was made: the documents parse nothing and reuse both.
    expect(afterFirst.misses - start.misses).toBe(0);
    expect(afterFirst.hits - start.hits).toBe(2);
    expect(afterSecond.misses - afterFirst.misses).toBe(0);
    expect(afterSecond.hits - afterFirst.hits).toBe(2);

    const [firstText, secondText] = [(await pageTexts(first))[0], (await pageTexts(second))[0]];
    expect(firstText).toContain('First document Ωμέγα');
    expect(firstText).toContain('First document Ωμέγα in bold');
    expect(secondText).toContain('Second document Привет');
    expect(secondText).toContain('Second document Привет in bold');
    expect(secondText).not.toContain('First');

    // Nothing of one document reaches the next: the same definition gives the same bytes after other documents.
    const again = await renderPdf(doc('First document Ωμέγα'));
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });

  it('gives the registry, the shaper and pdfkit one parse of each byte array', () => {
    const serif = loadBundledFonts()['Noto Serif']?.normal;
    if (!serif) throw new Error('Noto Serif is bundled');
    const bytes = serif.slice();
    const before = fontParseStats();
    const own = new FontRegistry({ Copy: { normal: bytes } });
    expect(fontParseStats().misses - before.misses).toBe(1);
    // pdfkit (and the shaper, which asks the same fontkit: fontkit-node.ts) gets the registry's parse.
    const parsed = pdfkitFontkit().create(bytes);
    expect(fontParseStats().misses - before.misses).toBe(1);
    expect(fontParseStats().hits - before.hits).toBeGreaterThanOrEqual(1);
    expect(pdfkitFontkit().create(bytes)).toBe(parsed);
    expect(own.families()).toContain('Copy');
  });

  it('serves the report pipeline too', async () => {
    const receipt = getStarter('receipt');
    if (!receipt) throw new Error('missing starter');
    const first = await renderReport({ template: { html: '<p>First document Ωμέγα</p>' }, data: {} });
    const before = fontParseStats();
    const second = await renderReport({ template: { html: '<p>Second <b>document</b> Привет</p>' }, data: {} });
    const after = fontParseStats();
    expect(after.misses - before.misses).toBeLessThanOrEqual(1); // at most the bold face is new
    expect(after.hits).toBeGreaterThan(before.hits);
    expect((await pageTexts(first.bytes))[0]).toContain('First document Ωμέγα');
    expect((await pageTexts(second.bytes))[0]).toContain('Second document Привет');
    expect((await pageTexts(second.bytes))[0]).not.toContain('First');
    // A document after many others still embeds only the glyphs it uses.
    const third = await renderReport({ template: receipt, data: receipt.sample_data });
    expect(third.pages).toBe(1);
    expect(second.bytes.length).toBeLessThan(60_000);
  });

  it('writes a subset met again with the deflated bytes pdfkit wrote the first time, which inflate to the font', async () => {
    const report = { template: { html: '<p>Invoice <b>INV-2026-0042</b>: 1,234.50 €</p>' }, data: {} };
    const first = await renderReport(report);
    const before = fontParseStats();
    const second = await renderReport(report);
    expect(fontParseStats().deflatedReuses - before.deflatedReuses).toBe(2); // Noto Sans, regular and bold
    const fontFiles = (bytes: Uint8Array) => {
      const pdf = Buffer.from(bytes);
      const found: Buffer[] = [];
      for (let at = pdf.indexOf('>>\nstream\n'); at >= 0; at = pdf.indexOf('>>\nstream\n', at + 10)) {
        const start = at + 10;
        const raw = pdf.subarray(start, pdf.indexOf('\nendstream', start));
        // The streams deflated (all but the XMP metadata); the fonts among them start with fontkit's 'true' tag.
        const body = raw[0] === 0x78 ? inflateSync(raw) : raw;
        if (body.subarray(0, 4).toString('latin1') === 'true') found.push(body);
      }
      return found;
    };
    const [a, b] = [fontFiles(first.bytes), fontFiles(second.bytes)];
    expect(a).toHaveLength(2);
    expect(b.map((f) => f.toString('hex'))).toEqual(a.map((f) => f.toString('hex')));
    // The bytes written are a font, which draws the text: every word is found again in the PDF.
    expect((await pageTexts(second.bytes))[0]).toContain('Invoice INV-2026-0042: 1,234.50 €');
    expect(await pdfFonts(second.bytes)).toEqual(['NotoSans-Regular', 'NotoSans-Bold']);
  });
});
