import type { RenderWarning } from '@quire/core';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { contentStreams as content } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { rasterize } from '../visual/rasterize';

/* filter end to end: HTML in, PDF out; the colours read from the content streams and from the pages drawn. */

const PAGE = '@page { margin: 0 } body { margin: 0; font-family: Arial } ';

async function render(html: string, css = '') {
  return renderReport({
    template: { html, css: PAGE + css },
    data: {},
    engine: 'quire',
    metadata: { creationDate: new Date('2026-01-01T00:00:00Z') },
  });
}

/** The fill colours (`r g b rg`) a render sets, in order. */
const fills = (bytes: Uint8Array): string[] =>
  [...content(bytes).matchAll(/([\d.]+ [\d.]+ [\d.]+) rg/g)].map((m) => m[1] as string);

/** Pages drawn at 72 dpi (a pixel a point): the colour at (x, y) of a page. */
async function pages(bytes: Uint8Array) {
  const images = (await rasterize(bytes, { dpi: 72 })).map((png) => PNG.sync.read(png));
  return (page: number, x: number, y: number): [number, number, number] => {
    const image = images[page] as PNG;
    const i = (Math.round(y) * image.width + Math.round(x)) * 4;
    return [image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number];
  };
}

const near = (actual: [number, number, number], expected: [number, number, number], tolerance = 6) =>
  actual.every((v, i) => Math.abs(v - (expected[i] as number)) <= tolerance);

const warned = (warnings: RenderWarning[]) => warnings.map((w) => `${w.code} ${w.line ?? '-'}: ${w.message}`);

/** A PNG of these RGBA pixels, one row, as a data: URL. */
function pngUrl(pixels: number[][], width = pixels.length, height = 1): string {
  const png = new PNG({ width, height });
  pixels.forEach((p, i) => {
    png.data.set(p, i * 4);
  });
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

describe('filter: the colour functions', () => {
  // rgb(200, 100, 50) through each function, by the spec's matrices (to the thousandth PDF writes).
  it.each([
    ['grayscale(100%)', '0.461 0.461 0.461'],
    ['sepia(1)', '0.647 0.576 0.448'],
    ['saturate(0)', '0.462 0.462 0.462'],
    ['hue-rotate(0.5turn)', '0.139 0.531 0.727'],
    ['invert(100%)', '0.216 0.608 0.804'],
    ['brightness(50%)', '0.392 0.196 0.098'],
    ['contrast(2)', '1 0.284 0'],
  ])('%s changes the background, the border and the text alike', async (filter, expected) => {
    const report = await render(
      `<div style="filter: ${filter}; background: rgb(200, 100, 50); border: 2px solid rgb(200, 100, 50); color: rgb(200, 100, 50)">Text</div>`,
    );
    expect(report.warnings).toEqual([]);
    expect(new Set(fills(report.bytes))).toEqual(new Set([expected]));
  });

  it('applies a list in its order: brightness(0) invert(1) makes a logo white, the other way round black', async () => {
    const white = await render('<div style="filter: brightness(0) invert(1); color: #1f4e79">Logo</div>');
    expect(fills(white.bytes)).toEqual(['1 1 1']);
    const black = await render('<div style="filter: invert(1) brightness(0); color: #1f4e79">Logo</div>');
    // Black is a page's initial fill: no colour is set at all, where #1f4e79 would be.
    expect(fills(black.bytes)).toEqual([]);
  });

  it("applies an element's filter before its filtered ancestors', to the text of a span too", async () => {
    const report = await render(
      '<div style="filter: invert(1); color: rgb(0, 0, 255)">a <span style="filter: grayscale(1); text-decoration: underline">b</span></div>',
    );
    // a: blue inverted is yellow; b: blue's grey (0.0722) inverted.
    expect(fills(report.bytes)).toEqual(['1 1 0', '0.928 0.928 0.928']);
    expect(report.warnings).toEqual([]);
  });

  it('draws filter: none as it draws no filter at all', async () => {
    const html = '<div style="background: #c33; color: #fff; padding: 10px">Title</div>';
    const plain = await render(html);
    const none = await render(html.replace('style="', 'style="filter: none; '));
    expect(Buffer.from(none.bytes).equals(Buffer.from(plain.bytes))).toBe(true);
  });

  it('fades with opacity() as one group, at the element opacity times its own', async () => {
    const report = await render(
      '<div style="filter: opacity(50%); opacity: .8; background: rgb(255, 0, 0); height: 40px"></div>',
    );
    expect(content(report.bytes)).toMatch(/\/QG1 Do/);
    // 40% red over white.
    const at = await pages(report.bytes);
    expect(near(at(0, 20, 15), [255, 153, 153])).toBe(true);
  });

  it("changes a gradient's stops", async () => {
    const report = await render(
      '<div style="filter: invert(1); height: 100px; background: linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255))"></div>',
    );
    const at = await pages(report.bytes);
    // Red at the top inverted is cyan, blue at the bottom yellow.
    expect(near(at(0, 50, 1), [0, 255, 255], 12)).toBe(true);
    expect(near(at(0, 50, 73), [255, 255, 0], 12)).toBe(true);
  });
});

describe('filter: images', () => {
  const colours = [
    [255, 0, 0, 255],
    [0, 255, 0, 255],
    [0, 0, 255, 255],
    [200, 100, 50, 255],
  ];

  it("draws a PNG's pixels through grayscale(), each its luminance, and keeps its alpha", async () => {
    const url = pngUrl([...colours, [0, 0, 0, 0]]);
    // Five 20pt pixels across.
    const report = await render(`<img style="display: block; width: 133.33px; filter: grayscale(1)" src="${url}">`);
    expect(report.warnings).toEqual([]);
    const at = await pages(report.bytes);
    const grey = (v: number): [number, number, number] => [v, v, v];
    expect(near(at(0, 10, 5), grey(54), 3)).toBe(true);
    expect(near(at(0, 30, 5), grey(182), 3)).toBe(true);
    expect(near(at(0, 50, 5), grey(18), 3)).toBe(true);
    expect(near(at(0, 70, 5), grey(118), 3)).toBe(true);
    expect(at(0, 90, 5)).toEqual([255, 255, 255]);
    // The same image unfiltered elsewhere is the original.
    const plain = await pages((await render(`<img style="display: block; width: 133.33px" src="${url}">`)).bytes);
    expect(near(plain(0, 10, 5), [255, 0, 0], 3)).toBe(true);
  });

  it('draws a JPEG through invert()', async () => {
    const width = 16;
    const data = Buffer.alloc(width * width * 4);
    for (let i = 0; i < width * width; i++) data.set([230, 40, 40, 255], i * 4);
    const bytes = jpeg.encode({ data, width, height: width }, 95).data;
    const url = `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
    const report = await render(`<img style="display: block; width: 64px; filter: invert(1)" src="${url}">`);
    expect(report.warnings).toEqual([]);
    const at = await pages(report.bytes);
    expect(near(at(0, 24, 24), [25, 215, 215], 8)).toBe(true);
  });

  it('draws a background image through the filter', async () => {
    const url = pngUrl([[0, 0, 255, 255]]);
    const report = await render(
      `<div style="filter: brightness(0) invert(1); background: #000 url(${url}) no-repeat; background-size: 30px 30px; height: 40px"></div>`,
    );
    const at = await pages(report.bytes);
    expect(at(0, 10, 10)).toEqual([255, 255, 255]);
  });
});

describe('filter: drop-shadow()', () => {
  it('draws the shadow of a box with an opaque background, as box-shadow would', async () => {
    const report = await render(
      '<div style="margin: 20px; width: 100px; height: 50px; background: #fff; filter: drop-shadow(10px 10px 0 rgb(0, 0, 255))"></div>',
    );
    expect(report.warnings).toEqual([]);
    const at = await pages(report.bytes);
    // The box is at 15–90pt across and 15–52.5pt down; its shadow 7.5pt further.
    expect(at(0, 50, 30)).toEqual([255, 255, 255]);
    expect(at(0, 94, 50)).toEqual([0, 0, 255]);
    expect(at(0, 50, 56)).toEqual([0, 0, 255]);
    expect(at(0, 18, 56)).toEqual([255, 255, 255]);
  });

  it("blurs by its length as the Gaussian's deviation, twice as far as box-shadow's radius reaches", async () => {
    const shadowAt = async (css: string) => {
      const report = await render(
        `<div style="margin: 40px; width: 100px; height: 100px; background: #fff; ${css}"></div>`,
      );
      const at = await pages(report.bytes);
      // 12px (9pt) right of the box's right edge (30 + 75pt), half-way down.
      return at(0, 114, 67);
    };
    expect((await shadowAt('filter: drop-shadow(0 0 10px #000)'))[0]).toBeLessThan(250);
    expect(await shadowAt('box-shadow: 0 0 10px #000')).toEqual([255, 255, 255]);
  });

  it('draws the shadow after the functions before it and through those after it', async () => {
    const report = await render(
      '<div style="margin: 20px; width: 100px; height: 50px; background: rgb(255, 0, 0); filter: invert(1) drop-shadow(10px 10px 0 rgb(0, 0, 255)) grayscale(1)"></div>',
    );
    const at = await pages(report.bytes);
    // The box: red inverted (cyan), then grey; the shadow: blue's grey only.
    expect(near(at(0, 50, 30), [201, 201, 201], 3)).toBe(true);
    expect(near(at(0, 50, 56), [18, 18, 18], 3)).toBe(true);
  });

  it("draws an image's shadow: its rectangle when it is opaque, its alpha when it is not", async () => {
    const opaque = pngUrl([[0, 128, 0, 255]]);
    const box = await render(
      `<img style="display: block; margin: 20px; width: 40px; height: 40px; filter: drop-shadow(8px 0 0 rgb(255, 0, 0))" src="${opaque}">`,
    );
    const box_ = await pages(box.bytes);
    expect(box_(0, 30, 30)).toEqual([0, 128, 0]);
    expect(box_(0, 48, 30)).toEqual([255, 0, 0]);
    // Two pixels, the second transparent: only the first casts a shadow, 20pt to its right.
    const half = pngUrl([
      [0, 128, 0, 255],
      [0, 0, 0, 0],
    ]);
    const shaped = await render(
      `<img style="display: block; margin: 20px; width: 80px; height: 40px; filter: drop-shadow(20pt 0 0 rgb(255, 0, 0))" src="${half}">`,
    );
    expect(shaped.warnings).toEqual([]);
    const shaped_ = await pages(shaped.bytes);
    expect(shaped_(0, 25, 30)).toEqual([0, 128, 0]);
    expect(shaped_(0, 45, 30)).toEqual([255, 0, 0]);
    expect(shaped_(0, 68, 30)).toEqual([255, 255, 255]);
  });

  it('draws the shadow of text alone as its glyphs', async () => {
    const report = await render(
      '<h1 style="margin: 0; font-size: 60px; line-height: 1; color: #000; filter: drop-shadow(4px 4px 0 rgb(255, 0, 0))">HH</h1>',
    );
    expect(report.warnings).toEqual([]);
    const at = await pages(report.bytes);
    let red = 0;
    for (let y = 0; y < 50; y++) for (let x = 0; x < 90; x++) if (near(at(0, x, y), [255, 0, 0], 30)) red++;
    expect(red).toBeGreaterThan(40);
  });

  it('reports it, with its line, where the shape is not known, and on a span; a second one too', async () => {
    const report = await render(
      '<p>a</p>\n<div class="mixed">text <b>in a bordered box</b></div>\n<p>one <span class="s">span</span></p>\n<div class="two">x</div>',
      '.mixed { border: 1px solid red; filter: drop-shadow(2px 2px 2px black) }\n.s { background: #eee; filter: drop-shadow(1px 1px red) }\n.two { background: #fff; filter: drop-shadow(1px 1px red) drop-shadow(2px 2px blue) }',
    );
    expect(warned(report.warnings).sort()).toEqual([
      expect.stringMatching(
        /^unsupported_css_value 1: filter: drop-shadow\(\) is not drawn here: its shape is known only/,
      ),
      expect.stringMatching(
        /^unsupported_css_value 2: filter: drop-shadow\(\) on an inline element \(a span\) is not drawn/,
      ),
      expect.stringMatching(/^unsupported_css_value 3: filter: only the first drop-shadow\(\) is drawn/),
    ]);
  });
});

describe('filter: what is reported', () => {
  it('names blur() and url() with their lines and draws the rest of the list', async () => {
    const report = await render(
      '<div class="a" style="color: rgb(0, 0, 255)">a</div><div class="b">b</div>',
      '.a { filter: blur(4px) invert(1) }\n.b { filter: url(#soft) }',
    );
    expect(warned(report.warnings)).toEqual([
      expect.stringMatching(
        /^unsupported_css_value 1: filter: blur\(4px\) invert\(1\): blur\(\) is not drawn \(PDF has no blur\); the other functions are\./,
      ),
      expect.stringMatching(/^unsupported_css_value 2: filter: url\(#soft\): url\(\) \(an SVG filter\) is not drawn\./),
    ]);
    expect(fills(report.bytes)[0]).toBe('1 1 0');
  });

  it('says that SVG content with a gradient, and images in a filtered span, are drawn unfiltered', async () => {
    const svg =
      '<svg width="20" height="20"><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="20" height="20" fill="url(#g)"/></svg>';
    const report = await render(
      `<div style="filter: grayscale(1)">\n${svg}</div>\n<p><span style="filter: invert(1)">a <img style="width: 5px" src="${pngUrl([[0, 0, 0, 255]])}"></span></p>`,
    );
    expect(warned(report.warnings).sort()).toEqual([
      expect.stringMatching(
        /^unsupported_css_value 1: filter: SVG content in the filtered element .* gradients.* unfiltered/,
      ),
      expect.stringMatching(
        /^unsupported_css_value 3: filter on an inline element \(a span\) is not applied to the images/,
      ),
    ]);
  });
});

describe('filter: SVG', () => {
  it("changes the colours an SVG's drawing sets: a logo printed white", async () => {
    const svg =
      '<svg width="40" height="20"><rect width="20" height="20" fill="#1d3557"/><circle cx="30" cy="10" r="8" fill="rgb(201, 162, 39)" stroke="red"/></svg>';
    const report = await render(`<div style="filter: brightness(0) invert(1)">${svg}</div>`);
    expect(report.warnings).toEqual([]);
    const colours = [...content(report.bytes).matchAll(/([\d.]+ [\d.]+ [\d.]+) (scn|SCN)/g)].map((m) => m[1]);
    expect(colours.length).toBe(3);
    expect(new Set(colours)).toEqual(new Set(['1 1 1']));
  });
});

describe('filter: boxes painted apart', () => {
  it('filters the rows of a table that goes on over the page, and its repeated header', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `<tr><td>Row ${i}</td></tr>`).join('');
    const report = await render(
      `<table style="filter: invert(1); width: 100%; border-collapse: collapse"><thead><tr><th style="background: rgb(0, 0, 255); height: 30px">Head</th></tr></thead><tbody>${rows}</tbody></table>`,
      'td { background: rgb(255, 0, 0); height: 20px }',
    );
    const at = await pages(report.bytes);
    for (const page of [0, 1]) {
      // The header (blue inverted: yellow) and a row (red inverted: cyan) on each page.
      expect(near(at(page, 200, 10), [255, 255, 0]), `page ${page + 1}`).toBe(true);
      expect(near(at(page, 200, 60), [0, 255, 255]), `page ${page + 1}`).toBe(true);
    }
  });

  it('holds fixed boxes in a filtered body, and filters the fixed boxes of a filtered root on every page', async () => {
    const tall = '<div style="height: 1500px"></div>';
    const fixed =
      '<div style="position: fixed; top: 0; right: 0; width: 40px; height: 40px; background: rgb(0, 0, 255)"></div>';
    const inBody = await pages((await render(tall + fixed, 'body { filter: invert(1) }')).bytes);
    // Placed against the body: once, on the first page, inverted.
    expect(inBody(0, 580, 10)).toEqual([255, 255, 0]);
    expect(inBody(1, 580, 10)).toEqual([255, 255, 255]);
    const inRoot = await pages((await render(tall + fixed, 'html { filter: invert(1) }')).bytes);
    expect(inRoot(0, 580, 10)).toEqual([255, 255, 0]);
    expect(inRoot(1, 580, 10)).toEqual([255, 255, 0]);
  });
});
