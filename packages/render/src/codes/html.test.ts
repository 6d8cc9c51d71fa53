import { describe, expect, it } from 'vitest';
import { drawCodesInHtml } from './html';

describe('drawCodesInHtml', () => {
  it('leaves HTML without codes untouched', () => {
    const html = '<p class=x>Total <b>42</b> &euro;</p>';
    expect(drawCodesInHtml(html)).toBe(html);
  });

  it('replaces each code by an inline SVG of its size and keeps everything around it as written', () => {
    const html =
      '<p class=x>Pay: <qr-code value="https://pay.example.com/?a=1&amp;b=2" size="120"></qr-code> or ' +
      '<bar-code type="code128" value="INV-42" height="40"></bar-code>!</p>';
    const out = drawCodesInHtml(html);
    expect(out.startsWith('<p class=x>Pay: <svg width="90pt" height="90pt" role="img"')).toBe(true);
    expect(out).toContain('aria-label="https://pay.example.com/?a=1&amp;b=2"');
    expect(out).toMatch(/ or <svg width="[\d.]+pt" height="30pt" role="img" aria-label="INV-42"/);
    expect(out.endsWith('</svg>!</p>')).toBe(true);
    expect(out).not.toMatch(/qr-code|bar-code/);
    expect(out.match(/<svg/g)).toHaveLength(2);
  });

  it('draws a QR code in the text colour and moves class, id and style to the SVG', () => {
    const out = drawCodesInHtml('<qr-code value="x" class="pay" id="q" style="margin:4px"/>');
    expect(out).toContain('fill="currentColor"');
    expect(out).toContain('class="pay" id="q" style="margin:4px"');
    expect(out).not.toContain('value=');
  });

  it('leaves out a code that cannot be drawn, and keeps what an unclosed code element swallowed', () => {
    expect(drawCodesInHtml('<p>a<bar-code type="ean13" value="abc"></bar-code>b</p>')).toBe('<p>ab</p>');
    const out = drawCodesInHtml('<div><qr-code value="x"><span>after</span></div>');
    expect(out).toMatch(/^<div><svg [\s\S]*<\/svg><span>after<\/span><\/div>$/);
  });

  it('does not look inside inline SVG', () => {
    const html = '<svg viewBox="0 0 1 1"><qr-code value="x"></qr-code></svg>';
    expect(drawCodesInHtml(html)).toBe(html);
  });
});
