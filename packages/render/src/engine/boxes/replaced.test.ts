import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import type { StyledElement } from '../style/computed-style';
import { block, el, inlineBlock, text } from './__fixtures__/styled';
import type { AtomicInlineBox, ReplacedBox } from './box';
import { buildBoxes } from './index';

const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A PNG header saying width × height (all sniffing reads). */
function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** A JPEG start with a start-of-frame segment saying width × height. */
function jpeg(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    0,
    0,
  ]);
}

function replaced(element: StyledElement, images = new Map<string, Uint8Array>(), findings = new Findings()) {
  element.line = 12;
  const root = buildBoxes(el('p', block, [element]), { images, findings, part: 'html' });
  const atomic = root.inlines?.[0] as AtomicInlineBox | undefined;
  return { box: atomic?.box as ReplacedBox | undefined, atomic, findings: findings.list() };
}

const img = (src: string, alt?: string) => el('img', inlineBlock, [], alt === undefined ? { src } : { src, alt });

describe('replaced content', () => {
  it('finds an image by its src as written, or by its name without asset:, with its size in points', () => {
    const bytes = png(200, 100);
    const byName = replaced(img('logo.png'), new Map([['logo.png', bytes]]));
    expect(byName.atomic).toMatchObject({ type: 'atomic' });
    expect(byName.box).toMatchObject({ type: 'replaced', tag: 'img', line: 12, intrinsic: { width: 150, height: 75 } });
    expect(byName.box?.content).toEqual({ kind: 'image', bytes, format: 'png' });
    expect(byName.findings).toEqual([]);

    const asset = replaced(img('asset:logo.png'), new Map([['logo.png', bytes]]));
    expect(asset.box?.content.kind).toBe('image');
    const remote = replaced(
      img('https://cdn.example.com/a.jpg'),
      new Map([['https://cdn.example.com/a.jpg', jpeg(40, 20)]]),
    );
    expect(remote.box).toMatchObject({
      content: { kind: 'image', format: 'jpeg' },
      intrinsic: { width: 30, height: 15 },
    });
  });

  it('decodes data: URLs itself', () => {
    const { box, findings } = replaced(img(`data:image/png;base64,${PIXEL_PNG}`));
    expect(box).toMatchObject({ content: { kind: 'image', format: 'png' }, intrinsic: { width: 0.75, height: 0.75 } });
    expect(findings).toEqual([]);
  });

  it('draws an SVG image as SVG, sized by its width/height or viewBox', () => {
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="80"><rect/></svg>',
    );
    const { box } = replaced(img('chart.svg'), new Map([['chart.svg', svg]]));
    expect(box?.content).toEqual({ kind: 'svg', markup: new TextDecoder().decode(svg) });
    expect(box?.intrinsic).toEqual({ width: 60, height: 30 });
    const dataUrl = replaced(img(`data:image/svg+xml,${encodeURIComponent('<svg width="10" height="4"></svg>')}`));
    expect(dataUrl.box?.intrinsic).toEqual({ width: 7.5, height: 3 });
  });

  it('shows a missing image by its alt text, keeps one without alt as missing content, and names its src', () => {
    const gone = replaced(img('nowhere.png', 'Our logo'));
    expect(gone.atomic).toMatchObject({ type: 'text', text: 'Our logo' });
    expect(replaced(img('nowhere.png')).box).toMatchObject({ content: { kind: 'missing', alt: '' }, intrinsic: null });
    expect(gone.findings).toEqual([
      {
        code: 'image_not_loaded',
        message: 'The image "nowhere.png" was not drawn: no asset has that name',
        part: 'html',
        line: 12,
      },
    ]);
    const remote = replaced(img('https://example.com/x.png'));
    expect(remote.findings[0]?.message).toContain('"https://example.com/x.png" was not drawn: it was not fetched');
    const gif = replaced(img('anim.gif'), new Map([['anim.gif', new TextEncoder().encode('GIF89a....')]]));
    expect(gif.box?.content).toEqual({ kind: 'missing', alt: '' });
    expect(gif.findings[0]?.message).toContain('only PNG, JPEG and SVG');
    const broken = replaced(img('data:image/png;base64,%%%'));
    expect(broken.box?.content.kind).toBe('missing');
    expect(replaced(img('')).findings[0]?.message).toContain('it has no src');
  });

  it('takes inline svg markup, sized by its attributes or viewBox (300 × 150 px without either)', () => {
    const markup = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><circle r="4"/></svg>';
    const sized = el('svg', inlineBlock, [], { viewbox: '0 0 100 50', height: '20' });
    sized.markup = markup;
    expect(replaced(sized).box).toMatchObject({
      content: { kind: 'svg', markup: markup.replace('<svg', '<svg font-family="sans-serif"') },
      intrinsic: { width: 30, height: 15 },
    });
    const camel = el('svg', inlineBlock, [], { viewBox: '0 0 100 50' });
    camel.markup = markup;
    expect(replaced(camel).box?.intrinsic).toEqual({ width: 75, height: 37.5 });
    const bare = el('svg', inlineBlock, []);
    bare.markup = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(replaced(bare).box?.intrinsic).toEqual({ width: 225, height: 112.5 });
  });

  it("gives inline svg the font-family of its element, unless the svg's root names one", () => {
    const family = (fontFamily: string[], markup: string) => {
      const svg = el('svg', { ...inlineBlock, fontFamily }, [], { width: '10', height: '10' });
      svg.markup = markup;
      const box = replaced(svg).box;
      return box?.content.kind === 'svg' ? box.content.markup : undefined;
    };
    const bare = '<svg xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>';
    expect(family(['noto serif', 'georgia', 'serif'], bare)).toBe(
      `<svg font-family="'noto serif', georgia, serif" xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>`,
    );
    expect(family(['o"dd&name'], bare)).toMatch(/^<svg font-family="'o&quot;dd&amp;name'" xmlns=/);
    const named = '<svg xmlns="http://www.w3.org/2000/svg" font-family="Courier"><text>A</text></svg>';
    expect(family(['arial'], named)).toBe(named);
    const styled = '<svg xmlns="http://www.w3.org/2000/svg" style="fill: red; font-family: Courier"></svg>';
    expect(family(['arial'], styled)).toBe(styled);
    // A font-family on an inner element leaves the root to inherit.
    const inner = '<svg xmlns="http://www.w3.org/2000/svg"><text font-family="Courier">A</text></svg>';
    expect(family(['arial'], inner)).toMatch(/^<svg font-family="arial" /);
  });

  it('gives an svg drawn from an image file no font of the page, as a browser does', () => {
    const bytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const image = el('img', { ...inlineBlock, fontFamily: ['georgia'] }, [], { src: 'logo.svg' });
    const box = replaced(image, new Map([['logo.svg', bytes]])).box;
    expect(box?.content).toEqual({ kind: 'svg', markup: new TextDecoder().decode(bytes) });
  });

  it('draws qr-code and bar-code elements as SVG at their size, a QR code in the text colour', () => {
    const qr = el('qr-code', { ...inlineBlock, color: { r: 255, g: 0, b: 0, a: 1 } }, [], {
      value: 'https://pay.example.com/1',
      size: '120',
    });
    const drawn = replaced(qr);
    expect(drawn.box).toMatchObject({ tag: 'qr-code', content: { kind: 'svg' }, intrinsic: { width: 90, height: 90 } });
    expect(drawn.box?.content.kind === 'svg' && drawn.box.content.markup).toContain('fill="#ff0000"');

    const bar = replaced(el('bar-code', inlineBlock, [], { type: 'code128', value: 'INV-1' }));
    expect(bar.box?.intrinsic?.height).toBe(30);
    expect(bar.box?.content.kind).toBe('svg');
  });

  it('leaves out a code that cannot be drawn and reports it', () => {
    const { box, findings } = replaced(el('bar-code', inlineBlock, [], { type: 'ean13', value: 'abc' }));
    expect(box).toBeUndefined();
    expect(findings).toMatchObject([{ code: 'barcode_failed', line: 12, part: 'html' }]);
  });

  it('makes block-level replaced elements block-level boxes, with their link', () => {
    const root = buildBoxes(
      el('div', block, [
        el('a', { display: 'inline' }, [el('img', block, [], { src: 'x.png' })], { href: 'https://example.com' }),
        text('t'),
      ]),
      { images: new Map([['x.png', png(1, 1)]]), findings: new Findings() },
    );
    // The link's empty part before the image makes no line and is dropped; the one after holds the text.
    expect(root.blocks?.map((b) => b.type)).toEqual(['replaced', 'block']);
    expect(root.blocks?.[0]).toMatchObject({ type: 'replaced', tag: 'img', link: 'https://example.com' });
  });
});
