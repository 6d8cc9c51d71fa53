import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { ComputedStyle, Length, StyledElement } from './computed-style';
import { gradientGeometry, radialGeometry } from './gradients';

const A4 = { width: 595.28, height: 841.89, margin: [36, 36, 36, 36] as [number, number, number, number] };

function styleOf(declarations: string, options: { canvas?: boolean; html?: string } = {}) {
  const findings = new Findings();
  const result = computeStyles(
    {
      html: options.html ?? '<div>x</div>',
      css: `div {\n${declarations}\n}`,
      page: A4,
      ...(options.canvas ? { canvas: true } : {}),
    },
    findings,
  );
  const div = result.root.children.find((c): c is StyledElement => c.kind === 'element') as StyledElement;
  return { style: div?.style as ComputedStyle, findings: findings.list(), result };
}

const len = (pt: number, pct = 0): Length => ({ pt, pct });

describe('background-repeat', () => {
  it.each([
    ['repeat', ['repeat', 'repeat']],
    ['no-repeat', ['no-repeat', 'no-repeat']],
    ['repeat-x', ['repeat', 'no-repeat']],
    ['repeat-y', ['no-repeat', 'repeat']],
    ['repeat no-repeat', ['repeat', 'no-repeat']],
    ['space round', ['space', 'round']],
    ['round', ['round', 'round']],
  ])('%s', (value, expected) => {
    expect(styleOf(`background-repeat: ${value}`).style.backgroundRepeat).toEqual(expected);
  });

  it.each(['repeat-x repeat', 'repeat repeat repeat', 'left'])('rejects %s with its line', (value) => {
    const { style, findings } = styleOf(`background-repeat: ${value}`);
    expect(style.backgroundRepeat).toEqual(['repeat', 'repeat']);
    expect(findings).toEqual([expect.objectContaining({ code: 'unsupported_css_value', line: 2 })]);
  });
});

describe('background-position', () => {
  it.each([
    ['left', len(0), len(0, 50)],
    ['center', len(0, 50), len(0, 50)],
    ['right', len(0, 100), len(0, 50)],
    ['top', len(0, 50), len(0)],
    ['bottom', len(0, 50), len(0, 100)],
    ['top left', len(0), len(0)],
    ['left top', len(0), len(0)],
    ['bottom right', len(0, 100), len(0, 100)],
    ['center left', len(0), len(0, 50)],
    ['10px', len(7.5), len(0, 50)],
    ['25% 75%', len(0, 25), len(0, 75)],
    ['20px bottom', len(15), len(0, 100)],
    ['right 20px', len(0, 100), len(15)],
    ['calc(100% - 20px) 0', len(-15, 100), len(0)],
    ['right 10px bottom 20px', len(-7.5, 100), len(-15, 100)],
    ['bottom 10% right 4px', len(-3, 100), len(0, 90)],
    ['left 10px top 5px', len(7.5), len(3.75)],
    ['center top 30px', len(0, 50), len(22.5)],
    ['right 10px top', len(-7.5, 100), len(0)],
    ['top 10px center', len(0, 50), len(7.5)],
  ])('%s', (value, x, y) => {
    const { style, findings } = styleOf(`background-position: ${value}`);
    expect(findings).toEqual([]);
    expect(style.backgroundPosition).toEqual({ x, y });
  });

  it.each([
    'top 10px',
    'left right',
    'top bottom',
    'center 10px top',
    'left top center',
    'left 10px top 5px 1px',
    'middle',
  ])('rejects %s with its line', (value) => {
    const { style, findings } = styleOf(`background-position: ${value}`);
    expect(style.backgroundPosition).toEqual({ x: len(0), y: len(0) });
    expect(findings).toEqual([expect.objectContaining({ code: 'unsupported_css_value', line: 2 })]);
  });
});

describe('background-size, -origin and -clip', () => {
  it.each([
    ['auto', { width: 'auto', height: 'auto' }],
    ['cover', 'cover'],
    ['contain', 'contain'],
    ['100px', { width: len(75), height: 'auto' }],
    ['50% auto', { width: len(0, 50), height: 'auto' }],
    ['auto 2em', { width: 'auto', height: len(24) }],
    ['10px 20%', { width: len(7.5), height: len(0, 20) }],
  ])('background-size: %s', (value, expected) => {
    expect(styleOf(`background-size: ${value}`).style.backgroundSize).toEqual(expected);
  });

  it.each(['-10px', 'cover contain', 'cover 10px', '1px 2px 3px'])('rejects background-size: %s', (value) => {
    const { findings } = styleOf(`background-size: ${value}`);
    expect(findings).toEqual([expect.objectContaining({ code: 'unsupported_css_value', line: 2 })]);
  });

  it('reads the box keywords, and reports what is not one', () => {
    const { style, findings } = styleOf('background-origin: content-box;\nbackground-clip: padding-box;\n');
    expect([style.backgroundOrigin, style.backgroundClip]).toEqual(['content-box', 'padding-box']);
    expect(findings).toEqual([]);
    const text = styleOf('background-clip: text');
    expect(text.style.backgroundClip).toBe('border-box');
    expect(text.findings).toEqual([expect.objectContaining({ code: 'unsupported_css_value', line: 2 })]);
  });
});

describe('the background shorthand', () => {
  it.each([
    [
      '#eee url(a.png) no-repeat right 10px bottom 10px',
      { backgroundRepeat: ['no-repeat', 'no-repeat'], backgroundPosition: { x: len(-7.5, 100), y: len(-7.5, 100) } },
    ],
    [
      'url(a.png) center / contain no-repeat',
      { backgroundPosition: { x: len(0, 50), y: len(0, 50) }, backgroundSize: 'contain' },
    ],
    ['url(a.png) 0 0 / 50% auto repeat-y', { backgroundSize: { width: len(0, 50), height: 'auto' } }],
    ['url(a.png) repeat-x top', { backgroundRepeat: ['repeat', 'no-repeat'] }],
    ['url(a.png) content-box', { backgroundOrigin: 'content-box', backgroundClip: 'content-box' }],
    ['url(a.png) padding-box content-box red', { backgroundOrigin: 'padding-box', backgroundClip: 'content-box' }],
    ['url(a.png) scroll', { backgroundRepeat: ['repeat', 'repeat'] }],
  ])('%s', (value, expected) => {
    const { style, findings } = styleOf(`background: ${value}`);
    expect(findings).toEqual([]);
    expect(style).toMatchObject({ backgroundImage: { url: 'a.png' }, ...expected });
  });

  it('resets the longhands it does not give', () => {
    const { style } = styleOf('background-position: right;\nbackground-size: cover;\nbackground: red');
    expect(style.backgroundPosition).toEqual({ x: len(0), y: len(0) });
    expect(style.backgroundSize).toEqual({ width: 'auto', height: 'auto' });
    expect(style.backgroundColor).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });

  it('names what it cannot draw with its line: layers, gradients, fixed attachment', () => {
    for (const value of ['url(a.png), url(b.png)', 'linear-gradient(red, 40%, blue)', 'url(a.png) center /']) {
      const { findings } = styleOf(`background: ${value}`);
      expect(findings, value).toEqual([expect.objectContaining({ code: 'unsupported_css_value', line: 2 })]);
    }
    const fixed = styleOf('background: url(a.png) fixed');
    expect(fixed.style.backgroundImage).toEqual({ url: 'a.png' });
    expect(fixed.findings).toEqual([
      expect.objectContaining({ code: 'unsupported_css_value', message: expect.stringContaining('fixed') }),
    ]);
  });
});

describe('linear-gradient() backgrounds (CSS Images 3 §3.1)', () => {
  const red = { r: 255, g: 0, b: 0, a: 1 };
  const blue = { r: 0, g: 0, b: 255, a: 1 };
  it('computes the direction and the stops, in the shorthand and the longhand', () => {
    expect(styleOf('background: linear-gradient(red, blue)').style.backgroundImage).toEqual({
      gradient: {
        kind: 'linear',
        direction: { angle: 180 },
        stops: [
          { color: red, at: null },
          { color: blue, at: null },
        ],
      },
    });
    const turned = styleOf('background-image: linear-gradient(0.25turn, red 10%, blue 20px 80%)');
    expect(turned.findings).toEqual([]);
    expect(turned.style.backgroundImage).toEqual({
      gradient: {
        kind: 'linear',
        direction: { angle: 90 },
        stops: [
          { color: red, at: { pt: 0, pct: 10 } },
          { color: blue, at: { pt: 15, pct: 0 } },
          { color: blue, at: { pt: 0, pct: 80 } },
        ],
      },
    });
    expect(styleOf('background: #eee linear-gradient(to top left, red, blue)').style.backgroundImage).toEqual({
      gradient: {
        kind: 'linear',
        direction: { to: { x: -1, y: -1 } },
        stops: [
          { color: red, at: null },
          { color: blue, at: null },
        ],
      },
    });
  });

  it('places the gradient line and the stops as CSS does', () => {
    const gradient = (css: string) => {
      const image = styleOf(`background: ${css}`).style.backgroundImage;
      if (image?.gradient?.kind !== 'linear') throw new Error(`no linear gradient in ${css}`);
      return image.gradient;
    };
    const box = { x: 0, y: 0, width: 200, height: 100 };
    // To the right: along the middle, from the left edge to the right one.
    const right = gradientGeometry(gradient('linear-gradient(90deg, red, blue)'), box);
    expect([right.x1, right.y1, right.x2, right.y2].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 50, 200, 50]);
    // A corner: the line is perpendicular to the other diagonal and its ends are the corners' projections.
    const corner = gradientGeometry(gradient('linear-gradient(to bottom right, red, blue)'), box);
    const along = (x: number, y: number) =>
      (x - corner.x1) * (corner.x2 - corner.x1) + (y - corner.y1) * (corner.y2 - corner.y1);
    expect(along(0, 0)).toBeCloseTo(0, 6);
    expect(along(200, 100)).toBeCloseTo(along(corner.x2, corner.y2), 6);
    expect(along(200, 0)).toBeCloseTo(along(0, 100), 6);
    // Stops without positions are spread between their neighbours; a smaller position is raised to the one before.
    const offsets = (css: string) => gradientGeometry(gradient(css), box).stops.map((s) => Math.round(s.offset * 100));
    expect(offsets('linear-gradient(90deg, red, blue, red 50%, blue, red)')).toEqual([0, 25, 50, 75, 100]);
    expect(offsets('linear-gradient(90deg, red 40%, blue 20%)')).toEqual([40, 40]);
  });

  it('names the gradients it cannot draw', () => {
    for (const value of [
      'conic-gradient(red, 30%, blue)',
      'repeating-linear-gradient(red, 10%, blue 10px)',
      'linear-gradient(red, 30%, blue)',
      'radial-gradient(circle 10% at center, red, blue)',
    ]) {
      const { findings } = styleOf(`background-image: ${value}`);
      expect(findings, value).toEqual([expect.objectContaining({ code: 'unsupported_css_value' })]);
    }
  });
});

describe('the canvas background (CSS Backgrounds 3 §2.11.2)', () => {
  const canvasOf = (css: string) => {
    const findings = new Findings();
    return computeStyles({ html: '<p>x</p>', css, page: A4, canvas: true }, findings);
  };

  it("takes the body's background when html has none; the body then paints none", () => {
    const result = canvasOf('body { background: #eef url(a.png) no-repeat center }');
    expect(result.canvas).toMatchObject({
      backgroundColor: { r: 0xee, g: 0xee, b: 0xff, a: 1 },
      backgroundImage: { url: 'a.png' },
      backgroundRepeat: ['no-repeat', 'no-repeat'],
    });
    expect(result.root.style.backgroundColor.a).toBe(0);
    expect(result.root.style.backgroundImage).toBeNull();
  });

  it("takes html's when it has one, and the body keeps its own", () => {
    const result = canvasOf('html { background: #efe } body { background: #fdd }');
    expect(result.canvas?.backgroundColor).toEqual({ r: 0xee, g: 0xff, b: 0xee, a: 1 });
    expect(result.root.style.backgroundColor).toEqual({ r: 0xff, g: 0xdd, b: 0xdd, a: 1 });
  });

  it('is null without a background, and for a running header or footer (not asked)', () => {
    expect(canvasOf('p { background: red }').canvas).toBeNull();
    const header = computeStyles({ html: '<p>x</p>', css: 'body { background: red }', page: A4 }, new Findings());
    expect(header.canvas).toBeNull();
    expect(header.root.style.backgroundColor.a).toBe(1);
  });
});

describe('radial-gradient() backgrounds (CSS Images 3 §3.2)', () => {
  const red = { r: 255, g: 0, b: 0, a: 1 };
  const blue = { r: 0, g: 0, b: 255, a: 1 };
  const radial = (css: string) => {
    const { style, findings } = styleOf(`background: ${css}`);
    expect(findings).toEqual([]);
    if (style.backgroundImage?.gradient?.kind !== 'radial') throw new Error(`no radial gradient in ${css}`);
    return style.backgroundImage.gradient;
  };
  const box = { x: 0, y: 0, width: 200, height: 100 };

  it('computes the shape, size, centre and stops, an ellipse to the farthest corner by default', () => {
    expect(radial('radial-gradient(red, blue)')).toEqual({
      kind: 'radial',
      shape: 'ellipse',
      size: 'farthest-corner',
      at: { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } },
      stops: [
        { color: red, at: null },
        { color: blue, at: null },
      ],
    });
    expect(radial('radial-gradient(circle closest-side at top left, red, blue 50%)')).toMatchObject({
      shape: 'circle',
      size: 'closest-side',
      at: { x: { pt: 0, pct: 0 }, y: { pt: 0, pct: 0 } },
    });
    expect(radial('radial-gradient(40px 20px at 30% 10px, red, blue)')).toMatchObject({
      shape: 'ellipse',
      size: { x: { pt: 30, pct: 0 }, y: { pt: 15, pct: 0 } },
      at: { x: { pt: 0, pct: 30 }, y: { pt: 7.5, pct: 0 } },
    });
    // Over a colour as the last layer.
    const layered = styleOf('background: radial-gradient(circle, red, transparent 60px), #e0f2fe');
    expect(layered.findings).toEqual([]);
    expect(layered.style.backgroundColor).toEqual({ r: 224, g: 242, b: 254, a: 1 });
  });

  it('sizes the ending shape by its keyword from the centre', () => {
    const at = (css: string) => {
      const g = radialGeometry(radial(css), box);
      return [g.cx, g.cy, Math.round(g.rx * 100) / 100, Math.round(g.ry * 100) / 100];
    };
    expect(at('radial-gradient(circle closest-side at 50pt 50%, red, blue)')).toEqual([50, 50, 50, 50]);
    expect(at('radial-gradient(circle farthest-side at 50pt 50%, red, blue)')).toEqual([50, 50, 150, 150]);
    expect(at('radial-gradient(circle farthest-corner at 50pt 50%, red, blue)')).toEqual([50, 50, 158.11, 158.11]);
    expect(at('radial-gradient(ellipse closest-side, red, blue)')).toEqual([100, 50, 100, 50]);
    expect(at('radial-gradient(red, blue)')).toEqual([100, 50, 141.42, 70.71]);
  });
});

describe('box-shadow (CSS Backgrounds 3 §7.1)', () => {
  const black = (a: number) => ({ r: 0, g: 0, b: 0, a });
  it('computes each shadow: inset, offsets, blur, spread and colour in any order; currentColor when none', () => {
    const { style, findings } = styleOf(
      'color: #00f; box-shadow: 0 0 10px rgba(0, 0, 0, 0.15), inset 0 0 0 9999px #fde68a, 2px 3px red, 1px 1px 2px 3px',
    );
    expect(findings).toEqual([]);
    expect(style.boxShadow).toEqual([
      { inset: false, x: 0, y: 0, blur: 7.5, spread: 0, color: black(0.15) },
      { inset: true, x: 0, y: 0, blur: 0, spread: 7499.25, color: { r: 253, g: 230, b: 138, a: 1 } },
      { inset: false, x: 1.5, y: 2.25, blur: 0, spread: 0, color: { r: 255, g: 0, b: 0, a: 1 } },
      { inset: false, x: 0.75, y: 0.75, blur: 1.5, spread: 2.25, color: { r: 0, g: 0, b: 255, a: 1 } },
    ]);
    expect(styleOf('box-shadow: none').style.boxShadow).toBeNull();
  });

  it('names a shadow it cannot read', () => {
    for (const value of ['1px', '1px 2px -3px red', '1px 2px 3px 4px 5px', 'inset inset 1px 1px', '1px 1px red blue']) {
      const { findings } = styleOf(`box-shadow: ${value}`);
      expect(findings, value).toEqual([expect.objectContaining({ code: 'unsupported_css_value' })]);
    }
  });
});
