import { describe, expect, it } from 'vitest';
import { renderReport } from '../render';

/*
 * Hostile and degenerate templates: the engine answers each with a PDF (and warnings where it had to give up on
 * something), never an exception from deep inside a stage and never a hang.
 */
const cases: Array<[string, string, string?]> = [
  ['an empty body', ''],
  ['only white space', '   \n\t  '],
  ['a zero-width container with text', '<div style="width: 0">Some words that cannot fit anywhere</div>'],
  ['negative sizes', '<div style="width: -50px; height: -10px; padding: -5px; margin: -100px">x</div>'],
  ['an enormous font', '<p style="font-size: 5000px">Huge</p>'],
  ['a tiny font', '<p style="font-size: 0.001px">tiny</p><p style="font-size: 0">zero</p>'],
  [
    'a huge colspan and rowspan',
    '<table><tr><td colspan="1000" rowspan="1000">a</td><td>b</td></tr><tr><td>c</td></tr></table>',
  ],
  ['a table with no rows', '<table><caption>Only a caption</caption></table><table></table>'],
  ['cells outside tables', '<td>loose</td><tr><td>row</td></tr><th>head</th>'],
  ['deeply nested tables', `${'<table><tr><td>'.repeat(60)}deep${'</td></tr></table>'.repeat(60)}`],
  ['deeply nested blocks', `${'<div style="padding: 1px; border: 1px solid">'.repeat(200)}deep${'</div>'.repeat(200)}`],
  ['a block taller than many pages', '<div style="height: 20000px; background: #eee">tall</div><p>after</p>'],
  [
    'forced breaks everywhere',
    '<p style="break-before: page">a</p><p style="break-after: page">b</p><p style="break-before: page; break-after: page">c</p>',
  ],
  [
    'flex with no room',
    '<div style="display: flex; width: 10px"><div style="flex: 0 0 500px">a</div><div style="min-width: 900px">b</div></div>',
  ],
  [
    'flex wrap of many items',
    `<div style="display: flex; flex-wrap: wrap; gap: 3px">${'<span style="width: 40px">i</span>'.repeat(2000)}</div>`,
  ],
  ['broken CSS', '<p class="a">x</p>', '.a { color: ; width: calc(100% - ); } @media { } } { .b { color: red'],
  [
    'var cycles',
    '<p class="a">x</p>',
    ':root { --a: var(--b); --b: var(--a); } .a { color: var(--a); margin: var(--a, 4px) }',
  ],
  [
    'an image that is not an image',
    '<img src="data:image/png;base64,AAAA"><img src="data:image/jpeg;base64,/9j/AAAA"><img src="missing">',
  ],
  ['broken SVG', '<svg width="10" height="10"><path d="M 0 0 L x y z"/><text>hi</text></svg><svg></svg>'],
  [
    'codes with bad values',
    '<qr-code value=""></qr-code><bar-code type="ean13" value="not digits"></bar-code><bar-code type="nope" value="1"></bar-code>',
  ],
  ['bidi controls and unpaired surrogates', '<p>\u202eabc\u202c \u2067x\u2069 \ud800 \udfff \u0000 \ufffe</p>'],
  ['@page nonsense', '<p>x</p>', '@page { size: 0 0; margin: 900mm } @page :first { size: -1in }'],
  ['huge margins on @page', '<p>x</p>', '@page { margin: 140mm 100mm }'],
  ['pre with a very long line', `<pre>${'word '.repeat(5000)}</pre>`],
  ['a list with ten thousand items', `<ol start="-5" reversed>${'<li>i</li>'.repeat(10_000)}</ol>`],
];

describe('the engine on hostile templates', () => {
  it.each(cases)(
    'renders %s',
    async (_name, html, css) => {
      const report = await renderReport({ template: { html, ...(css ? { css } : {}) }, data: {}, engine: 'quire' });
      expect(report.pages).toBeGreaterThanOrEqual(1);
      expect(new TextDecoder('latin1').decode(report.bytes.subarray(0, 5))).toBe('%PDF-');
    },
    60_000,
  );
});
