import type { ChildNode, Element } from 'domhandler';
import { isTag } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { escapeAttribute } from '../convert/serialize';
import { type CodeSvg, codeSvg, isCodeTag } from './code-svg';

const CODE_ATTRIBUTES = new Set(['value', 'size', 'level', 'type', 'height']);

/**
 * Replaces each `<qr-code>` and `<bar-code>` in an HTML text by its drawing as inline SVG, for outputs a browser
 * shows (which knows no such elements). The rest of the text is left exactly as it was written. The element's
 * other attributes (class, id, style) move to the SVG so that the template's CSS still reaches it; a code that
 * cannot be drawn is left out, as the pdfmake output leaves it out.
 */
export function drawCodesInHtml(html: string): string {
  if (!/<(qr|bar)-code/i.test(html)) return html;
  const document = parseDocument(html, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    recognizeSelfClosing: true,
    decodeEntities: true,
    withStartIndices: true,
    withEndIndices: true,
  });
  const codes: Element[] = [];
  collectCodes(document.children, codes);
  let out = '';
  let from = 0;
  for (const element of codes) {
    const start = element.startIndex ?? 0;
    const end = sourceEnd(element, html);
    out += html.slice(from, start) + codeHtml(element) + (end.closed ? '' : contentOf(element, html));
    from = end.index;
  }
  return out + html.slice(from);
}

function collectCodes(nodes: ChildNode[], out: Element[]): void {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (isCodeTag(node.name)) out.push(node);
    else if (node.name !== 'svg') collectCodes(node.children, out);
  }
}

function codeHtml(element: Element): string {
  // The module colour follows the CSS `color`, as the pdfmake output draws a QR code in the text colour.
  const drawn = codeSvg(element.name as 'qr-code' | 'bar-code', element.attribs, { color: 'currentColor' });
  if ('error' in drawn) return '';
  return withAttributes(drawn, element.attribs);
}

function withAttributes(drawn: CodeSvg, attribs: Record<string, string>): string {
  let attributes = ` width="${round(drawn.width)}pt" height="${round(drawn.height)}pt" role="img" aria-label="${escapeAttribute(attribs.value ?? '')}"`;
  for (const [name, value] of Object.entries(attribs)) {
    if (!CODE_ATTRIBUTES.has(name)) attributes += ` ${name}="${escapeAttribute(value)}"`;
  }
  return drawn.markup.replace(/^<svg/, `<svg${attributes}`);
}

/**
 * Where a code element's source ends. A code element closed by its end tag or by `/>` ends there; an unclosed one
 * ends where the parser closed it (with its parent's end tag), and what it swallowed is not its to replace.
 */
function sourceEnd(element: Element, html: string): { index: number; closed: boolean } {
  const start = element.startIndex ?? 0;
  const source = html.slice(start, (element.endIndex ?? start) + 1);
  if (/<\/\s*(qr|bar)-code\s*>$/i.test(source)) return { index: start + source.length, closed: true };
  const startTag = /^<(?:[^>"']|"[^"]*"|'[^']*')*>/.exec(source)?.[0] ?? source;
  const last = element.children[element.children.length - 1];
  if (startTag.endsWith('/>') || !last) return { index: start + startTag.length, closed: true };
  return { index: (last.endIndex ?? 0) + 1, closed: false };
}

/** Content written inside a code element (an unclosed `<qr-code>` holds the rest of its parent) is kept. */
function contentOf(element: Element, html: string): string {
  const first = element.children[0];
  const last = element.children[element.children.length - 1];
  if (!first || !last || first.startIndex == null || last.endIndex == null) return '';
  return html.slice(first.startIndex, last.endIndex + 1);
}

const round = (n: number) => Math.round(n * 100) / 100;
