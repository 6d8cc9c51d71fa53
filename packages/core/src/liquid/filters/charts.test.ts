import { describe, expect, it } from 'vitest';
import { TemplateError } from '../../errors/quire-error';
import { createTemplateEngine, type TemplateEngineOptions } from '../engine';
import { niceScale, palette, stepDecimals } from './chart-scale';

function render(source: string, data: Record<string, unknown> = {}, options: TemplateEngineOptions = {}): string {
  return createTemplateEngine(options).render(source, data);
}

function renderError(source: string, data: Record<string, unknown> = {}): TemplateError {
  try {
    render(source, data);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error(`expected ${source} to fail`);
}

/** The text of each `<text>` element, in order. */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
/** The attributes of each element of a tag, in order. */
function elements(svg: string, tag: string): Record<string, string>[] {
  return [...svg.matchAll(new RegExp(`<${tag}\\b([^>]*)/?>`, 'g'))].map((m) =>
    Object.fromEntries([...(m[1] as string).matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}
// Intl separates currency and number with narrow no-break spaces in some locales; compare on plain spaces.
const plain = (s: string | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const months = [
  { month: 'Jan', revenue: 12000, costs: 8000 },
  { month: 'Feb', revenue: 15500, costs: 9000 },
  { month: 'Mar', revenue: 9800, costs: 9900 },
  { month: 'Apr', revenue: 18250, costs: 10000 },
];

describe('bar_chart', () => {
  it('draws one bar per item, as tall as its value, with round ticks, labels and values', () => {
    const svg = render('{{ months | bar_chart: "month", "revenue" }}', { months });
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="quire-chart" width="480" height="240" viewBox="0 0 480 240" style="max-width: 100%; height: auto" font-size="11" role="img" aria-label="Bar chart">/,
    );
    expect(svg.endsWith('</svg>')).toBe(true);
    // No font-family: the chart's text is in the template's font.
    expect(svg).not.toContain('font-family');
    const bars = elements(svg, 'rect');
    expect(bars).toHaveLength(4);
    const heights = bars.map((b) => Number(b.height));
    expect((heights[3] as number) / (heights[0] as number)).toBeCloseTo(18250 / 12000, 2);
    // Bars stand on the zero line.
    const zero = elements(svg, 'line').find((l) => l.stroke === '#9ca3af');
    for (const bar of bars) expect(Number(bar.y) + Number(bar.height)).toBeCloseTo(Number(zero?.y1), 1);
    expect(texts(svg)).toEqual([
      '0',
      '5K',
      '10K',
      '15K',
      '20K',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      '12,000',
      '15,500',
      '9,800',
      '18,250',
    ]);
  });

  it('takes a title, size, colour and money format in the engine currency or a given one', () => {
    const svg = render(
      '{{ months | bar_chart: "month", "revenue", title: "Revenue", width: 360, height: 200, color: "#0f766e", format: "money" }}',
      { months },
    );
    expect(svg).toContain('width="360" height="200" viewBox="0 0 360 200"');
    expect(svg).toContain('aria-label="Revenue"');
    expect(texts(svg)[0]).toBe('Revenue');
    expect(elements(svg, 'rect').every((r) => r.fill === '#0f766e')).toBe(true);
    expect(texts(svg)).toContain('$12,000');
    expect(texts(svg)).toContain('$20K');
    const euros = render(
      '{{ months | bar_chart: "month", "revenue", format: "money", currency: "eur" }}',
      { months },
      { locale: 'de-DE' },
    );
    expect(texts(euros).map(plain)).toContain('12.000 €');
    const cents = render('{{ p | bar_chart: "k", "v", format: "money" }}', { p: [{ k: 'a', v: 9.5 }] });
    expect(texts(cents)).toContain('$9.50');
  });

  it('draws a list of numbers labelled 1, 2, 3, bars below zero for negative values', () => {
    const svg = render('{{ deltas | bar_chart }}', { deltas: [5, -3.5, '8'] });
    const bars = elements(svg, 'rect');
    const zero = Number(elements(svg, 'line').find((l) => l.stroke === '#9ca3af')?.y1);
    expect(Number(bars[1]?.y)).toBeCloseTo(zero, 1);
    expect(Number(bars[0]?.y) + Number(bars[0]?.height)).toBeCloseTo(zero, 1);
    expect(texts(svg)).toEqual(expect.arrayContaining(['1', '2', '3', '5', '-3.5', '8', '-5', '0', '10']));
  });

  it('groups bars of several value properties, each series a colour, with a legend of their names', () => {
    const svg = render('{{ months | bar_chart: "month", "revenue", "costs", color: "#1f4e79" }}', { months });
    const rects = elements(svg, 'rect');
    // Two legend swatches, then four bars per series.
    expect(rects).toHaveLength(2 + 8);
    const colours = new Set(rects.map((r) => r.fill));
    expect(colours.size).toBe(2);
    expect(rects[0]?.fill).toBe('#1f4e79');
    expect(texts(svg).slice(0, 2)).toEqual(['Revenue', 'Costs']);
  });

  it('escapes every text it prints', () => {
    const svg = render('{{ rows | bar_chart: "name", "n", title: t }}', {
      rows: [{ name: '<script>alert("x")</script> & \'co\'', n: 1 }],
      t: 'A <b>"title"</b>',
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('aria-label="A &lt;b&gt;&quot;title&quot;&lt;/b&gt;"');
    expect(svg).toContain('&amp; &#39;co&#39;');
  });

  it('cuts long labels to their room and prints every other label when they are crowded', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ day: `Day ${i + 1}`, n: i }));
    const svg = render('{{ many | bar_chart: "day", "n" }}', { many });
    const labels = texts(svg).filter((t) => t?.startsWith('Day'));
    expect(labels.length).toBeLessThan(40);
    expect(labels[0]).toBe('Day 1');
    const long = render('{{ l | bar_chart: "k", "v", width: 200 }}', {
      l: [
        { k: 'An extraordinarily long category name', v: 1 },
        { k: 'B', v: 2 },
      ],
    });
    expect(texts(long)).toContain('B');
    expect(texts(long).some((t) => t?.startsWith('An ') && t.endsWith('…'))).toBe(true);
  });
});

describe('line_chart', () => {
  it('draws a line through a point per item, a line per value property', () => {
    const svg = render('{{ months | line_chart: "month", "revenue", "costs" }}', { months });
    const paths = elements(svg, 'path');
    expect(paths).toHaveLength(2);
    expect(paths[0]?.d?.match(/[ML]/g)).toEqual(['M', 'L', 'L', 'L']);
    expect(paths[0]?.fill).toBe('none');
    expect(elements(svg, 'circle')).toHaveLength(8);
    expect(texts(svg)).toEqual(expect.arrayContaining(['Revenue', 'Costs', 'Jan', 'Apr']));
    // Higher values are higher on the page.
    const ys = String(paths[0]?.d)
      .split(/[ML]/)
      .filter(Boolean)
      .map((p) => Number(p.trim().split(' ')[1]));
    expect(ys[3]).toBeLessThan(ys[0] as number);
  });

  it('prints the values of a short single series, and not when told not to', () => {
    const svg = render('{{ months | line_chart: "month", "revenue" }}', { months });
    expect(texts(svg)).toContain('18,250');
    const quiet = render('{{ months | line_chart: "month", "revenue", values: false }}', { months });
    expect(texts(quiet)).not.toContain('18,250');
  });

  it('starts its axis near the data rather than at zero when the values are far from it', () => {
    const svg = render('{{ p | line_chart: "d", "v" }}', {
      p: [
        { d: 'Mon', v: 101.5 },
        { d: 'Tue', v: 103.25 },
        { d: 'Wed', v: 102 },
      ],
    });
    expect(texts(svg)).not.toContain('0');
    expect(texts(svg)).toContain('103.25');
  });

  it('takes percentages as fractions', () => {
    const svg = render('{{ p | line_chart: "q", "rate", format: "percent" }}', {
      p: [
        { q: 'Q1', rate: 0.12 },
        { q: 'Q2', rate: 0.185 },
      ],
    });
    expect(texts(svg)).toEqual(expect.arrayContaining(['12%', '18.5%', '20%']));
  });
});

describe('pie_chart', () => {
  const budget = [
    { category: 'Salaries', amount: 600 },
    { category: 'Rent', amount: 300 },
    { category: 'Travel', amount: 100 },
  ];

  it('draws a slice per item from twelve o’clock, its share on it, and a legend of labels, values and shares', () => {
    const svg = render('{{ budget | pie_chart: "category", "amount", title: "Budget" }}', { budget });
    const slices = elements(svg, 'path');
    expect(slices).toHaveLength(3);
    expect(slices[0]?.d).toMatch(/^M(\S+) (\S+) L\1 /);
    // The first slice, 60%, sweeps more than half the circle.
    expect(slices[0]?.d).toContain(' 0 1 1 ');
    expect(slices[1]?.d).toContain(' 0 0 1 ');
    expect(new Set(slices.map((s) => s.fill)).size).toBe(3);
    expect(texts(svg)).toEqual([
      'Budget',
      '60%',
      '30%',
      '10%',
      'Salaries',
      '600 · 60%',
      'Rent',
      '300 · 30%',
      'Travel',
      '100 · 10%',
    ]);
  });

  it('draws a single item as a whole circle, and leaves zero items out of the pie but not the legend', () => {
    const whole = render('{{ p | pie_chart: "k", "v" }}', {
      p: [
        { k: 'All', v: 5 },
        { k: 'None', v: 0 },
      ],
    });
    expect(elements(whole, 'circle')).toHaveLength(1);
    expect(elements(whole, 'path')).toHaveLength(0);
    expect(texts(whole)).toEqual(['100%', 'All', '5 · 100%', 'None', '0 · 0%']);
  });

  it('grows taller for a legend that needs more room', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ k: `Item ${i + 1}`, v: i + 1 }));
    const svg = render('{{ many | pie_chart: "k", "v", height: 120 }}', { many });
    const height = Number(/height="(\d+(?:\.\d+)?)"/.exec(svg)?.[1]);
    expect(height).toBeGreaterThanOrEqual(15 * 18);
  });
});

describe('empty charts', () => {
  it('draws the frame with its title and "No data" for an empty or missing list, or an all-zero pie', () => {
    for (const [source, data] of [
      ['{{ rows | bar_chart: "k", "v", title: "Sales" }}', { rows: [] }],
      ['{{ missing | line_chart: "k", "v", title: "Sales" }}', {}],
      ['{{ rows | pie_chart: "k", "v", title: "Sales" }}', { rows: [{ k: 'a', v: 0 }] }],
    ] as const) {
      const svg = render(source, data);
      expect(svg).toMatch(/^<svg /);
      expect(texts(svg)).toEqual(['Sales', 'No data']);
    }
    expect(texts(render('{{ rows | bar_chart: "k", "v", empty: "Aucune donnée" }}', { rows: [] }))).toEqual([
      'Aucune donnée',
    ]);
  });
});

describe('chart errors', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['{{ x | bar_chart: "k", "v" }}', { x: 'text' }, 'bar_chart: expects a list of objects or numbers, got "text"'],
    ['{{ x | bar_chart: "k", "v" }}', { x: { a: 1 } }, 'expects a list of objects or numbers, got an object'],
    ['{{ x | bar_chart: "month", "revenue" }}', { x: [{ month: 'Jan' }] }, 'item 1 has no "revenue"'],
    ['{{ x | bar_chart: "month", "revenue" }}', { x: [{ revenue: 1 }] }, 'item 1 has no "month"'],
    [
      '{{ x | line_chart: "m", "v" }}',
      {
        x: [
          { m: 'a', v: 1 },
          { m: 'b', v: 'lots' },
        ],
      },
      'line_chart: item 2\'s "v" is "lots", not a number',
    ],
    ['{{ x | bar_chart }}', { x: [1, 'two'] }, 'item 2 is "two", not a number'],
    [
      '{{ x | bar_chart }}',
      { x: [{ a: 1 }] },
      'name its label and value properties, as in bar_chart: "month", "revenue"',
    ],
    ['{{ x | bar_chart: "m" }}', { x: [{ m: 1 }] }, 'name the value property after the label property'],
    ['{{ x | bar_chart: "m", "v" }}', { x: [3] }, 'item 1 is 3, not an object with "m"'],
    ['{{ x | bar_chart: "m", "v" }}', { x: [{ m: { a: 1 }, v: 1 }] }, 'item 1\'s "m" is an object, not a label'],
    ['{{ x | bar_chart }}', { x: [1, 1e300] }, 'item 2 is 1e+300, too large to chart'],
    [
      '{{ x | pie_chart: "k", "v" }}',
      {
        x: [
          { k: 'a', v: 3 },
          { k: 'b', v: -1 },
        ],
      },
      'pie_chart: item 2 is -1; a pie cannot show negative values',
    ],
    ['{{ x | pie_chart: "k", "v", "w" }}', { x: [] }, 'a pie shows one value property'],
    ['{{ x | bar_chart }}', { x: Array.from({ length: 101 }, () => 1) }, 'at most 100 items; this list has 101'],
    ['{{ x | pie_chart }}', { x: Array.from({ length: 21 }, () => 1) }, 'at most 20 items'],
    ['{{ x | bar_chart: "k", "v", colour: "red" }}', { x: [] }, 'unknown option "colour"'],
    ['{{ x | bar_chart: "k", "v", color: "red" }}', { x: [] }, 'color must be a hex colour such as "#1f4e79"'],
    ['{{ x | bar_chart: "k", "v", width: 50 }}', { x: [] }, 'width must be a whole number of pixels from 160 to 2000'],
    ['{{ x | bar_chart: "k", "v", format: "euro" }}', { x: [] }, 'format must be number, money, percent'],
    ['{{ x | bar_chart: "k", "v", values: "yes" }}', { x: [] }, 'values must be true or false'],
    ['{{ x | bar_chart: "k", 3 }}', { x: [] }, 'a property name must be text such as "revenue", got 3'],
    ['{{ x | bar_chart: "k", "v", currency: "dollars" }}', { x: [] }, 'currency must be a code such as "USD"'],
  ];
  for (const [source, data, message] of cases) {
    it(`says "${message}"`, () => {
      const error = renderError(source, data);
      expect(error.code).toBe('invalid_filter_argument');
      expect(error.message).toContain(message);
      expect(error.line).toBe(1);
    });
  }
});

describe('chart scales and colours', () => {
  it('picks steps of 1, 2, 2.5 or 5 times a power of ten, bounds on a step', () => {
    expect(niceScale(0, 18250)).toEqual({ min: 0, max: 20000, step: 5000, ticks: [0, 5000, 10000, 15000, 20000] });
    expect(niceScale(-12, 8).ticks).toEqual([-15, -10, -5, 0, 5, 10]);
    expect(niceScale(0, 0.9).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceScale(0, 1.1).step).toBe(0.5);
    expect(niceScale(0, 110).step).toBe(25);
    expect(niceScale(7, 7)).toMatchObject({ min: 0, max: 8 });
    expect(niceScale(0, 0)).toMatchObject({ min: 0, max: 1 });
    expect(stepDecimals(0.25)).toBe(2);
    expect(stepDecimals(5000)).toBe(0);
    expect(stepDecimals(0.0001)).toBe(4);
  });

  it('derives distinct colours from the accent, the accent first', () => {
    const colours = palette('#1f4e79', 6);
    expect(colours[0]).toBe('#1f4e79');
    expect(new Set(colours).size).toBe(6);
    for (const c of colours) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(palette('#abc', 1)).toEqual(['#aabbcc']);
  });
});
