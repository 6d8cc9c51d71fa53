import { describe, expect, it } from 'vitest';
import { isRemoteUrl, type Removal, sanitiseCss, sanitiseHtml, sanitiseTemplate } from './sanitise';

const html = (source: string) => {
  const removed: Removal[] = [];
  return { out: sanitiseHtml(source, 'html', removed), removed };
};

describe('sanitise', () => {
  it('removes scripts, frames, objects and embeds with their content, and keeps the rest byte for byte', () => {
    const { out, removed } = html(
      '<div class="a">{% if x %}<b>{{ x }}</b>{% endif %}<script>alert("</p>")</script>' +
        '<iframe src="x"><p>in</p></iframe><object data="y"><param name="a"></object><embed src="z"><p>end</p></div>',
    );
    expect(out).toBe('<div class="a">{% if x %}<b>{{ x }}</b>{% endif %}<p>end</p></div>');
    expect(removed.map((r) => r.detail)).toEqual(['<script>', '<iframe>', '<object>', '<embed>']);
  });

  it('removes a script left open, to the end, as a browser would read it', () => {
    expect(html('<p>a</p><script>alert(1)').out).toBe('<p>a</p>');
    expect(html('<p>a</p><SCRIPT type="text/javascript">a</SCRIPT><p>b</p>').out).toBe('<p>a</p><p>b</p>');
  });

  it('removes event handlers and javascript: links, whatever their case or quoting', () => {
    const { out, removed } = html(
      `<p onclick="steal()" class="x">a</p><td ONMOUSEOVER='b()'>c</td><a href="javascript:alert(1)">pay</a>` +
        '<a href="java&#115;cript:x()">encoded</a><a href="https://pay.example.com">link</a>',
    );
    expect(out).toBe('<p class="x">a</p><td>c</td><a>pay</a><a>encoded</a><a href="https://pay.example.com">link</a>');
    expect(removed.map((r) => r.what)).toEqual(['event_handler', 'event_handler', 'script_url', 'script_url']);
  });

  it('removes remote images and keeps data: images, asset names and Liquid sources', () => {
    const { out, removed } = html(
      '<img src="https://cdn.example.com/logo.png" alt="x"><img src="//cdn.example.com/a.png">' +
        '<img src="data:image/png;base64,iVBORw0KGgo="><img src="logo"><img src="asset:seal"><img src="{{ company.logo }}">' +
        '<mj-image src="http://x.example/banner.png"></mj-image><img src="file:///etc/passwd">',
    );
    expect(out).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo="><img src="logo"><img src="asset:seal"><img src="{{ company.logo }}">',
    );
    expect(removed.filter((r) => r.what === 'remote_url').map((r) => r.detail)).toEqual([
      'https://cdn.example.com/logo.png',
      '//cdn.example.com/a.png',
      'http://x.example/banner.png',
      'file:///etc/passwd',
    ]);
  });

  it('removes remote style sheets and remote url() in style blocks and attributes', () => {
    const { out } = html(
      '<link rel="stylesheet" href="https://fonts.example.com/a.css"><style>@import url("https://x.example/b.css");' +
        '.a { background: url(https://x.example/p.gif); } .b { background: url(data:image/png;base64,AA==); }</style>' +
        '<p style="background: url(\'//x.example/t.gif\') no-repeat; color: red">x</p>',
    );
    expect(out).toBe(
      '<style>.a { background: none; } .b { background: url(data:image/png;base64,AA==); }</style>' +
        '<p style="background: none no-repeat; color: red">x</p>',
    );
  });

  it("cleans MJML's mj-style as a style block", () => {
    const { out, removed } = html(
      '<mjml><mj-head><mj-style>@import url("https://fonts.example.com/a.css"); .b { background: url(https://x.example/p.gif); }' +
        '</mj-style></mj-head><mj-body></mj-body></mjml>',
    );
    expect(out).toBe(
      '<mjml><mj-head><mj-style> .b { background: none; }</mj-style></mj-head><mj-body></mj-body></mjml>',
    );
    expect(removed.map((r) => r.what)).toEqual(['import', 'remote_url']);
  });

  it('cleans the CSS part and reports what it took', () => {
    const removed: Removal[] = [];
    const css = sanitiseCss('@import "theme.css";\nh1 { background-image: url(javascript:alert(1)); }', 'css', removed);
    expect(css).toBe('\nh1 { background-image: none; }');
    expect(removed).toEqual([
      { part: 'css', what: 'import', detail: '@import theme.css' },
      { part: 'css', what: 'script_url', detail: 'javascript:alert(1)' },
    ]);
  });

  it('sanitises every part of a template, naming the part', () => {
    const { parts, removed } = sanitiseTemplate({
      html: '<p>ok</p>',
      css: '',
      header_html: '<img src="https://x.example/h.png">',
      footer_html: '<p onclick="x()">Page {{ page_number }}</p>',
    });
    expect(parts).toEqual({
      html: '<p>ok</p>',
      css: '',
      header_html: '',
      footer_html: '<p>Page {{ page_number }}</p>',
    });
    expect(removed.map((r) => r.part)).toEqual(['header_html', 'footer_html']);
  });

  it('tells remote URLs from local ones', () => {
    for (const url of ['http://a', 'https://a', '//a', 'ftp://a', 'file:///a', 'data:text/html,<b>', ' HTTPS://A']) {
      expect(isRemoteUrl(url), url).toBe(true);
    }
    for (const url of ['logo', 'asset:logo', 'data:image/svg+xml;base64,AA', '{{ url }}', '', 'images/a.png']) {
      expect(isRemoteUrl(url), url).toBe(false);
    }
  });
});
