import type { Element } from 'domhandler';
import { isTag } from 'domhandler';
import { drawCodesInHtml } from '../codes';
import { sniffImage, toBase64 } from '../convert/images';
import { parseHtml } from '../convert/index';
import { escapeText, serialize } from '../convert/serialize';
import { pageGeometry } from '../pdf/document';

export interface HtmlDocumentInput {
  title: string;
  bodyHtml: string;
  headerHtml?: string;
  footerHtml?: string;
  css?: string;
  page?: Parameters<typeof pageGeometry>[0];
  /** Images by name or URL, inlined as data URLs so that the file stands alone. */
  images: Map<string, Uint8Array>;
}

const PT_TO_MM = 25.4 / 72;

/** Elements and attributes that could run code when the HTML is opened. */
const DANGEROUS = new Set(['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'base', 'link', 'meta']);

/** Cleans a part of the template and draws its QR codes and barcodes as inline SVG, which any browser shows. */
function clean(html: string, images: Map<string, Uint8Array>): string {
  const document = parseHtml(drawCodesInHtml(html));
  return serialize(document.children, {
    keep: (element: Element) => !DANGEROUS.has(element.name),
    attribute: (element, name, value) => {
      if (name.startsWith('on')) return undefined;
      if (/^(href|src|xlink:href|action|formaction)$/.test(name) && /^\s*(javascript|vbscript):/i.test(value))
        return undefined;
      if (element.name === 'img' && name === 'src' && !value.startsWith('data:')) {
        const bytes = images.get(value) ?? images.get(value.replace(/^asset:/, ''));
        const info = bytes ? sniffImage(bytes) : undefined;
        if (bytes && info) return `data:image/${info.kind === 'svg' ? 'svg+xml' : info.kind};base64,${toBase64(bytes)}`;
      }
      return value;
    },
  });
}

/** The text of a document's <body>, or all of it when there is none: templates may write either. */
function bodyOf(html: string): string {
  const document = parseHtml(html);
  const find = (nodes: typeof document.children): Element | undefined => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      if (node.name === 'body') return node;
      const inside = find(node.children);
      if (inside) return inside;
    }
    return undefined;
  };
  const body = find(document.children);
  return body ? serialize(body.children) : html;
}

/**
 * One self-contained HTML file: CSS inlined, images and codes inlined, print CSS for the page size and margins, header at
 * the top and footer at the bottom, and nothing that runs code.
 */
export function htmlDocument(input: HtmlDocumentInput): string {
  const g = pageGeometry(input.page);
  const mm = (pt: number) => `${(pt * PT_TO_MM).toFixed(1)}mm`;
  const [left, top, right, bottom] = g.margins;
  const printCss = `@page { size: ${mm(g.width)} ${mm(g.height)}; margin: ${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)}; }
@media screen { html { background: #f3f4f6; } body { background: #ffffff; width: ${mm(g.contentWidth)}; margin: 24px auto; padding: ${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)}; box-shadow: 0 1px 4px rgba(0,0,0,.15); } }
@media print { body { margin: 0; } }`;
  const part = (html: string | undefined, cls: string) =>
    html?.trim() ? `<div class="${cls}">${clean(bodyOf(html), input.images)}</div>\n` : '';
  const css = (input.css ?? '').replace(/<\/style/gi, '<\\/style');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(input.title)}</title>
<style>${printCss}</style>
<style>${css}</style>
</head>
<body>
${part(input.headerHtml, 'quire-header')}${clean(input.bodyHtml, input.images)}
${part(input.footerHtml, 'quire-footer')}</body>
</html>
`;
}
