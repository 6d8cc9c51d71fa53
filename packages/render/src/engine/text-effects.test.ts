import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import type { RenderTemplate } from '../types';
import { rasterize } from '../visual/rasterize';
import { ensureFlexReady } from './document/render-document';

/* font-variant and text-shadow end to end: HTML in, PDF out, read back with pdftotext and pdftoppm. */

const render = (template: RenderTemplate) =>
  renderReport({ template, data: {}, engine: 'quire', metadata: { creationDate: new Date('2026-01-01T00:00:00Z') } });

beforeAll(() => ensureFlexReady());

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Pixels of a page drawn at 72 dpi whose colour passes `test`. */
async function countPixels(bytes: Uint8Array, test: (r: number, g: number, b: number) => boolean): Promise<number> {
  const [png] = await rasterize(bytes, { dpi: 72 });
  const image = PNG.sync.read(png as Buffer);
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4)
    if (test(image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number)) n++;
  return n;
}

describe('font-variant end to end', () => {
  it('extracts small capitals as the original letters, synthesised or from the font', async () => {
    const report = await render({
      html: `<p style="font-family: Georgia; font-variant: small-caps">Quire Reports, Straße 12</p>
        <p style="font-family: 'Noto Sans'; font: small-caps 12pt 'Noto Sans'">Quire Reports again</p>`,
    });
    expect(report.warnings).toEqual([]);
    const [text] = await pageTexts(report.bytes);
    expect(words(text as string)).toBe('Quire Reports, Straße 12 Quire Reports again');
  });

  it('draws synthesised small capitals smaller than the capitals', async () => {
    const ink = async (css: string) =>
      countPixels(
        (await render({ html: `<p style="font: 40pt Georgia; ${css}">Quire</p>` })).bytes,
        (r, g, b) => r + g + b < 384,
      );
    const caps = await ink('font-variant: small-caps');
    const upper = await ink('text-transform: uppercase');
    // "Q" in full and "UIRE" at 70%: about 0.7² of the capitals' ink for the four smaller letters.
    expect(caps).toBeLessThan(upper * 0.8);
    expect(caps).toBeGreaterThan(upper * 0.4);
  });
});

describe('text-shadow end to end', () => {
  it('shows the shadow on the page while the text layer reads each word once', async () => {
    const html = '<p style="font-size: 30pt; color: black; text-shadow: 3px 3px 0 red">Shadowed words here</p>';
    const report = await render({ html });
    expect(report.warnings).toEqual([]);
    const [text] = await pageTexts(report.bytes);
    expect(words(text as string)).toBe('Shadowed words here');
    expect(await countPixels(report.bytes, (r, g, b) => r > 200 && g < 80 && b < 80)).toBeGreaterThan(100);
    const plain = await render({ html: html.replace(/text-shadow:[^"]*/, '') });
    expect(await countPixels(plain.bytes, (r, g, b) => r > 200 && g < 80 && b < 80)).toBe(0);
  });

  it('draws a blurred shadow as fading layers, as box-shadow blurs are, with nothing to report', async () => {
    const report = await render({
      html: '<p style="font-size: 30pt; text-shadow: 0 0 6px rgb(0 0 255), 1px 1px 0 red">Glow</p>',
    });
    expect(report.warnings).toEqual([]);
    expect(words((await pageTexts(report.bytes))[0] as string)).toBe('Glow');
    expect(await countPixels(report.bytes, (r, g, b) => b > 150 && r < 150 && g < 150)).toBeGreaterThan(50);
  });
});
