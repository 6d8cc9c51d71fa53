import { describe, expect, it } from 'vitest';
import { htmlDocument } from './html';

describe('htmlDocument', () => {
  it('draws every QR code and barcode, in the body, header and footer, as inline SVG', () => {
    const html = htmlDocument({
      title: 'Invoice',
      bodyHtml:
        '<p>Pay: <qr-code value="https://pay.example.com/i/42" size="120" class="pay"></qr-code></p>' +
        '<bar-code type="code128" value="INV-42" height="40"></bar-code>',
      headerHtml: '<bar-code type="ean13" value="400638133393"></bar-code>',
      footerHtml: '<qr-code value="footer"></qr-code>',
      images: new Map(),
    });
    expect(html).not.toMatch(/<(qr|bar)-code/);
    expect(html.match(/<svg /g)).toHaveLength(4);
    expect(html).toMatch(
      /<p>Pay: <svg width="90pt" height="90pt" role="img" aria-label="https:\/\/pay.example.com\/i\/42" class="pay"/,
    );
    expect(html).toMatch(/<div class="quire-header"><svg [^>]*aria-label="400638133393"/);
    expect(html).toMatch(/<div class="quire-footer"><svg width="72pt" height="72pt"/);
    // Each drawing is there, not an empty box.
    expect(html.match(/<path /g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('leaves out a code that cannot be drawn, as the PDF does', () => {
    const html = htmlDocument({
      title: 't',
      bodyHtml: '<p>a<bar-code type="ean8" value="x"></bar-code>b</p>',
      images: new Map(),
    });
    expect(html).toContain('<p>ab</p>');
  });
});
