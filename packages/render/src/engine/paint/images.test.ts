import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import type { ImageFragment, SvgFragment } from '../layout/fragment';
import { box, fonts, page, paint, pdftotext, rasterize } from './__fixtures__/pages';
import { paintPdfWith } from './paint-pdf';
import { nodePlatform } from './platform-node';

function solidPng(rgba: [number, number, number, number], size = 4): Uint8Array {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) png.data.set(rgba, i * 4);
  return PNG.sync.write(png);
}

// 8×8 pixels of #00c000, written by ffmpeg.
const GREEN_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABLAAEBAAAAAAAAAAAAAAAAAAAABAEBAAAAAAAAAAAAAAAAAAAABxABAAAAAAAAAAAAAAAAAAAAABEBAAAAAAAAAAAAAAAAAAAAAP/AABEIAAgACAMBIgACEQADEQD/2gAMAwEAAhEDEQA/AIAB+Ln/2Q==',
  'base64',
);

const image = (bytes: Uint8Array, format: 'png' | 'jpeg', x: number, y: number): ImageFragment => ({
  kind: 'image',
  x,
  y,
  width: 40,
  height: 30,
  bytes,
  format,
});
const svg = (markup: string, props: Partial<SvgFragment> = {}): SvgFragment => ({
  kind: 'svg',
  x: 20,
  y: 20,
  width: 100,
  height: 100,
  markup,
  ...props,
});

describe('images', () => {
  it('draws PNG and JPEG images sized to their fragment', async () => {
    const png = solidPng([200, 0, 200, 255]);
    const { bytes } = await paint([page([image(png, 'png', 20, 20), image(GREEN_JPEG, 'jpeg', 100, 20)])]);
    const raster = await rasterize(bytes);
    expect(raster.at(22, 22)).toEqual([200, 0, 200]);
    expect(raster.at(58, 48)).toEqual([200, 0, 200]);
    expect(raster.at(62, 35)).toEqual([255, 255, 255]);
    const [r, g, b] = raster.at(120, 35);
    expect(r).toBeLessThan(20);
    expect(g).toBeGreaterThan(180);
    expect(b).toBeLessThan(20);
  });

  it('embeds the same bytes once however many pages show them', async () => {
    const png = solidPng([0, 0, 0, 128]);
    const pages = [1, 2, 3].map((n) => page([image(png, 'png', 10, 10), image(png, 'png', 60, 10)], n));
    const { bytes, pages: count } = await paint(pages, { compress: false });
    expect(count).toBe(3);
    const pdf = Buffer.from(bytes).toString('latin1');
    // One image and its soft mask (the alpha channel).
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(pdf.match(/\/SMask/g)).toHaveLength(1);
  });

  it('draws images and SVGs inside a translucent box into its layer', async () => {
    const black = solidPng([0, 0, 0, 255]);
    const markup =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#000"/></svg>';
    const layer = box({
      x: 10,
      y: 10,
      width: 180,
      height: 100,
      style: { opacity: 0.5 },
      children: [image(black, 'png', 10, 10), svg(markup, { x: 100, y: 10, width: 40, height: 40 })],
    });
    const raster = await rasterize((await paint([page([layer])])).bytes);
    for (const [x, y] of [
      [40, 35],
      [130, 40],
    ] as const) {
      const [r] = raster.at(x, y);
      expect(r, `${x},${y}`).toBeGreaterThan(115);
      expect(r, `${x},${y}`).toBeLessThan(140);
    }
  });

  it('reports a PNG with corrupt pixel data instead of hanging on it', async () => {
    const png = Buffer.from(solidPng([0, 0, 0, 128]));
    const idat = png.indexOf('IDAT');
    png.fill(0x55, idat + 4, idat + 14);
    const { bytes, findings } = await paint([page([image(png, 'png', 10, 10)])]);
    expect(findings.list().map((f) => f.code)).toEqual(['image_not_loaded']);
    expect((await rasterize(bytes)).width).toBe(200);
  });

  it('reports an image it cannot read and goes on', async () => {
    const { bytes, findings } = await paint([page([image(new TextEncoder().encode('not an image'), 'png', 10, 10)])]);
    expect(findings.list().map((f) => f.code)).toEqual(['image_not_loaded']);
    expect((await rasterize(bytes)).width).toBe(200);
  });
});

describe('SVG', () => {
  it('scales the SVG into its fragment box, keeping its aspect ratio', async () => {
    const markup =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="5" y="5" width="5" height="5" fill="#0000ff"/></svg>';
    const { bytes, findings } = await paint([
      page([svg(markup), svg(markup, { x: 130, y: 20, width: 60, height: 30 })]),
    ]);
    expect(findings.list()).toEqual([]);
    const raster = await rasterize(bytes);
    expect(raster.at(110, 110)).toEqual([0, 0, 255]);
    expect(raster.at(75, 75)).toEqual([0, 0, 255]);
    expect(raster.at(65, 65)).toEqual([255, 255, 255]);
    // 60×30 box: the square viewBox is 30×30, centred (xMidYMid meet): x from 145 to 175.
    expect(raster.at(170, 45)).toEqual([0, 0, 255]);
    expect(raster.at(180, 45)).toEqual([255, 255, 255]);
  });

  it('draws SVG text in the document’s fonts', async () => {
    const markup =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><text x="5" y="25" font-family="Noto Sans" font-size="14">Chart</text></svg>';
    const { bytes } = await paint([page([svg(markup, { height: 40 })])]);
    expect((await pdftotext(bytes)).trim()).toBe('Chart');
  });

  it('turns what it cannot draw into findings, not crashes', async () => {
    const { bytes, findings } = await paint([
      page([
        svg('<svg'),
        svg(
          '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><image href="data:image/png;base64,AAAA" width="4" height="4"/></svg>',
        ),
      ]),
    ]);
    expect(findings.list().map((f) => f.code)).toEqual(['unsupported_svg', 'unsupported_svg', 'image_not_loaded']);
    expect(
      findings
        .list()
        .map((f) => f.message)
        .join('\n'),
    ).not.toContain('object ArrayBuffer');
    expect((await rasterize(bytes)).width).toBe(200);
  });

  it('draws an SVG’s data: URL images, and never reads a file an SVG names', async () => {
    const png = Buffer.from(solidPng([200, 0, 200, 255])).toString('base64');
    const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><image href="data:image/png;base64,${png}" width="20" height="20"/><image href="/etc/hostname" x="20" width="20" height="20"/></svg>`;
    const { bytes, findings } = await paint([page([svg(markup, { width: 40, height: 40 })])]);
    const raster = await rasterize(bytes);
    expect(raster.at(30, 30)).toEqual([200, 0, 200]);
    expect(
      findings
        .list()
        .filter((f) => f.code === 'image_not_loaded')
        .map((f) => f.message),
    ).toEqual([expect.stringContaining('/etc/hostname')]);
  });

  it('leaves out an SVG whose drawing throws halfway, and the page stays valid', async () => {
    const platform = nodePlatform();
    const throwing = {
      ...platform,
      svgToPdfkit: ((doc) => {
        const pdf = doc as unknown as { save(): void; rect(x: number, y: number, w: number, h: number): void };
        pdf.save();
        pdf.rect(0, 0, 200, 200);
        throw new Error('boom');
      }) as typeof platform.svgToPdfkit,
    };
    const findings = new Findings();
    const blue = {
      kind: 'box' as const,
      x: 150,
      y: 150,
      width: 20,
      height: 20,
      role: 'block' as const,
      children: [],
      style: {
        ...(await import('../style/computed-style')).initialStyle(),
        backgroundColor: { r: 0, g: 0, b: 255, a: 1 },
      },
    };
    const { bytes } = await paintPdfWith(throwing, [page([svg('<svg/>'), blue])], {
      fonts,
      findings,
      metadata: {},
      compress: false,
    });
    expect(findings.list()).toEqual([
      expect.objectContaining({ code: 'svg_not_rendered', message: expect.stringContaining('boom') }),
    ]);
    const pdf = Buffer.from(bytes).toString('latin1');
    expect(pdf).not.toContain('0 0 200 200 re');
    const raster = await rasterize(bytes);
    expect(raster.at(160, 160)).toEqual([0, 0, 255]);
  });

  it('puts link annotations over linked images and SVGs', async () => {
    const png = solidPng([0, 0, 0, 255]);
    const { bytes } = await paint(
      [
        page([
          { ...image(png, 'png', 10, 10), link: 'https://a.example/' },
          svg('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', { link: 'https://b.example/' }),
        ]),
      ],
      { compress: false },
    );
    const pdf = Buffer.from(bytes).toString('latin1');
    expect(pdf).toContain('/URI (https://a.example/)');
    expect(pdf).toContain('/URI (https://b.example/)');
  });
});
