import { getStarter } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../render';
import { check, checkRendered } from './check';

const codes = (findings: { code: string }[]) => findings.map((f) => f.code);

describe('check', () => {
  it('passes a starter with its sample data and counts its pages', async () => {
    const receipt = getStarter('receipt');
    if (!receipt) throw new Error('missing starter');
    const result = await check({ template: receipt, data: receipt.sample_data });
    expect(result.ok).toBe(true);
    expect(result.pages).toBe(1);
    expect(result.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'page_count', message: 'The report has 1 page' }),
    );
  });

  it('names data the template needs and does not get, data it never uses, and mistyped data', async () => {
    const result = await check({
      template: { html: '<h1>{{ invoice.number }}</h1>{% for i in invoice.items %}{{ i.price | money }}{% endfor %}' },
      data: { invoice: { items: [{ price: 'cheap' }] }, extra: 1 },
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'missing_variable', path: 'invoice.number', severity: 'warning' }),
    );
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'unused_variable', path: 'extra', severity: 'info' }),
    );
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'type_mismatch', path: 'invoice.items[0].price' }),
    );
    // The money filter then fails on the text: a template error with its position.
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'invalid_filter_argument', severity: 'error', line: 1 }),
    );
    expect(result.ok).toBe(false);
  });

  it('reports unsupported CSS, characters no font has, images that did not load and content too wide or too tall', async () => {
    const result = await check({
      template: {
        html: `<div style="position: fixed; backdrop-filter: blur(2px)">𒀀𒀁</div><img src="https://cdn.example/x.png">
<div style="width: 400mm">wide</div>
<div style="height: 10px">${'long text '.repeat(80)}</div>`,
      },
      data: {},
    });
    expect(codes(result.findings)).toEqual(
      expect.arrayContaining(['unsupported_css_property', 'missing_glyphs', 'image_not_loaded', 'content_overflow']),
    );
    // 400mm is wider than the page even printed at two thirds (as Chromium shrinks it): both are said.
    expect(result.findings.filter((f) => f.code === 'content_overflow').map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^A block 1140pt wide does not fit the 494pt available; the document is printed at 67% of its size/,
      ),
      expect.stringMatching(/^A <div> 8pt high needs about \d+pt for its content/),
      expect.stringMatching(/^A block 1140pt wide does not fit the 741pt available; 399pt are cut off/),
    ]);
    expect(result.findings.find((f) => f.code === 'missing_glyphs')?.severity).toBe('error');
    expect(result.ok).toBe(false);
  });

  it('finds the same of a report already rendered (checkRendered) as of the template (check)', async () => {
    const options = {
      template: {
        html: `<h1>{{ title }}</h1><div style="position: fixed">𒀀</div><div style="width: 400mm">wide</div>`,
      },
      data: { extra: 1 },
    };
    const rendered = await renderReport(options);
    const result = await checkRendered(options, rendered);
    expect(codes(result.findings)).toEqual(
      expect.arrayContaining(['missing_variable', 'unused_variable', 'missing_glyphs', 'content_overflow']),
    );
    expect(result).toEqual(await check(options));
  });

  it('stops at a syntax error with its line and column', async () => {
    const result = await check({ template: { html: '<p>ok</p>\n{% if %}' }, data: {} });
    expect(result).toMatchObject({ ok: false, pages: null });
    expect(result.findings).toEqual([
      expect.objectContaining({ code: 'template_syntax_error', line: 2, severity: 'error' }),
    ]);
  });

  it("names, with its line, every property, value, selector and at-rule Quire's engine ignores", async () => {
    const css = [
      '@import url(theme.css);',
      '.a { backdrop-filter: blur(3px) }',
      '.b { color: notacolour }',
      'a:hover { color: red }',
      '.c { background-image: conic-gradient(red, 40%, blue) }',
    ].join('\n');
    const result = await check({ template: { html: '<p class="a b c">Hi</p>', css }, data: {}, engine: 'quire' });
    const at = (code: string) => result.findings.filter((f) => f.code === code).map((f) => f.line);
    expect(at('unsupported_at_rule')).toEqual([1]);
    expect(at('unsupported_css_property')).toEqual([2]);
    // A colour hint is a value of a property the engine draws, but not one it can draw yet: the value is named.
    expect(at('unsupported_css_value')).toEqual([3, 5]);
    expect(at('unsupported_selector')).toEqual([4]);
    for (const f of result.findings.filter((f) => f.code.startsWith('unsupported_')))
      expect(f.message).toMatch(/template's CSS/);
  });

  it("no longer names the background's position, size and repeat, and still names what stays unsupported", async () => {
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const css = [
      `body { background: #fff url(${logo}) no-repeat right 10mm top 10mm / 30mm auto }`,
      `.stamp { background-image: url(${logo}); background-repeat: repeat-x; background-position: center; background-size: contain }`,
      '.x { background: conic-gradient(red, 40%, blue) }',
    ].join('\n');
    const result = await check({ template: { html: '<p class="stamp x">Hi</p>', css }, data: {}, engine: 'quire' });
    const unsupported = result.findings.filter((f) => f.code.startsWith('unsupported_'));
    expect(unsupported.map((f) => [f.code, f.line])).toEqual([['unsupported_css_value', 3]]);
  });
});

describe('check: fonts that differ from a browser', () => {
  it('says, with the line, which named fonts are not here, which have metric-compatible stand-ins and which are generic', async () => {
    const html = [
      '<h1 style="font-family: \'Brand Sans\', Georgia">Title</h1>',
      '<p style="font-family: Arial, sans-serif">Body</p>',
      '<p style="font-family: Roboto">Other</p>',
      '<p>Unnamed</p>',
      '<p style="font-family: Embedded">Own</p>',
      '<p style="font-family: \'Brand Sans\', Georgia">Same list again</p>',
    ].join('\n');
    const css = `@font-face { font-family: Embedded; src: url(data:font/ttf;base64,AAAA) }`;
    const result = await check({ template: { html, css }, data: {}, engine: 'quire' });
    const fonts = result.findings
      .filter((f) => f.code.startsWith('font_'))
      .map((f) => [f.code, f.severity, f.line, f.message.split(':')[0]]);
    expect(fonts).toEqual([
      // The @font-face font is not a font: that is what is reported for it, not a substitution.
      ['font_not_loaded', 'error', 1, '@font-face "Embedded"'],
      ['font_substituted', 'warning', 1, 'The font "Brand Sans" is not here'],
      ['font_metric_compatible', 'info', 2, '"Arial" is drawn with Arimo, which has its metrics'],
      ['font_substituted', 'warning', 3, 'The font "Roboto" is not here'],
      [
        'font_generic',
        'info',
        4,
        'sans-serif is drawn in Noto Sans; each browser draws its own sans-serif font (and, where no font is named, its default serif). Name a font, such as Arial, to get the same line breaks everywhere.',
      ],
    ]);
    expect(result.findings.find((f) => f.line === 1 && f.code === 'font_substituted')?.message).toContain(
      'drawn in Gelasio',
    );
  });

  it('says nothing of fonts for the other engines, nor for a template that names fonts it has', async () => {
    const template = { html: '<p style="font-family: \'Noto Serif\'">Hi</p>' };
    const quire = await check({ template, data: {}, engine: 'quire' });
    expect(quire.findings.filter((f) => f.code.startsWith('font_'))).toEqual([]);
    const pdfmake = await check({
      template: { html: '<p style="font-family: Roboto">Hi</p>' },
      data: {},
      engine: 'pdfmake',
    });
    expect(pdfmake.findings.filter((f) => f.code.startsWith('font_'))).toEqual([]);
  });
});
