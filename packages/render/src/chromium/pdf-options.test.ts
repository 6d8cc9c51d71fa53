import { PageSetup } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { buildDocument, EMPTY_RUNNING_TEMPLATE } from './html-document';
import { toPdfOptions } from './pdf-options';

describe('toPdfOptions', () => {
  it('turns the page setup into paper size and margins in millimetres', () => {
    const page = PageSetup.parse({
      size: 'Letter',
      orientation: 'landscape',
      margins: { top: 10, right: 5, bottom: 12, left: 7 },
    });
    expect(toPdfOptions({ page })).toEqual({
      width: '279.4mm',
      height: '215.9mm',
      margin: { top: '10mm', right: '5mm', bottom: '12mm', left: '7mm' },
      printBackground: true,
      preferCSSPageSize: false,
    });
  });

  it('shows headers and footers only when there is one, blanking the other', () => {
    const page = PageSetup.parse({});
    expect(toPdfOptions({ page, headerHtml: '  ', footerHtml: '' }).displayHeaderFooter).toBeUndefined();
    const options = toPdfOptions({ page, css: '.x{color:red}', headerHtml: '<b class="x">Head</b>' });
    expect(options.displayHeaderFooter).toBe(true);
    expect(options.footerTemplate).toBe(EMPTY_RUNNING_TEMPLATE);
    expect(options.headerTemplate).toContain('<b class="x">Head</b>');
    expect(options.headerTemplate).toContain('.x{color:red}');
    expect(options.headerTemplate).toMatch(/font-size:10pt/);
    expect(options.headerTemplate).toMatch(/padding:0 18mm 0 18mm/);
  });
});

describe('buildDocument', () => {
  it('wraps the body with the CSS and title, which cannot break out of their elements', () => {
    const html = buildDocument({ html: '<p>Hi</p>', css: 'p{color:red}</style><script>', title: 'A <b> & C' });
    expect(html).toContain('<title>A &lt;b&gt; &amp; C</title>');
    expect(html).toContain('p{color:red}<\\/style><script></style>');
    expect(html).toContain('<body><p>Hi</p></body>');
  });
});
