import { describe, expect, it } from 'vitest';
import { importHtml, nameOfFile } from './import-html';

describe('importHtml', () => {
  it('takes a whole document’s body as the HTML and its style elements as the CSS, Liquid untouched', () => {
    const source = `<!doctype html><html><head><title> Invoice </title><style>h1 { color: red; }</style></head>
<body class="x"><style>td { padding: 2px; }</style><h1>{{ title }}</h1>
<table>{% for item in items %}<tr><td>{{ item.name }}</td></tr>{% endfor %}</table></body></html>`;
    const parts = importHtml(source);
    expect(parts.title).toBe('Invoice');
    expect(parts.css).toBe('h1 { color: red; }\n\ntd { padding: 2px; }');
    expect(parts.html).toBe(
      '<h1>{{ title }}</h1>\n<table>{% for item in items %}<tr><td>{{ item.name }}</td></tr>{% endfor %}</table>',
    );
  });

  it('keeps a fragment as it is, its style elements in place', () => {
    expect(importHtml('  <style>p{margin:0}</style><p>{{ a }}</p>\n')).toEqual({
      html: '<style>p{margin:0}</style><p>{{ a }}</p>',
      css: '',
      title: null,
    });
  });
});

describe('nameOfFile', () => {
  it('makes a name of a file name', () => {
    expect(nameOfFile('monthly-sales_report.html')).toBe('Monthly sales report');
    expect(nameOfFile('.html')).toBe('');
  });
});
