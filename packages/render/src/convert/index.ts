import { type ChildNode, type Document, type Element, isTag } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { FontSet } from '../fonts/font-set';
import { assertHtmlNesting } from '../nesting';
import { type BarcodeToSvg, Converter, type TextShaper } from './converter';
import { rootStyle } from './css/computed';
import type { Declarations } from './css/declarations';
import { parseStylesheet, RuleIndex, type StylesheetIssue } from './css/stylesheet';
import type { PdfNode } from './nodes';
import { USER_AGENT_CSS } from './user-agent';
import { Warnings } from './warnings';

export type { BarcodeToSvg, TextShaper } from './converter';
export type { PdfNode } from './nodes';
export { Warnings } from './warnings';

export interface ConvertOptions {
  /** The template's stylesheet; `<style>` blocks in the HTML come after it. */
  css?: string;
  fonts: FontSet;
  /** Images by name (assets) or URL (already fetched). */
  images?: Map<string, Uint8Array>;
  /** The width of the page's content box in points, for percentages and images. */
  contentWidth: number;
  /** The height of the page's content box in points. Default: A4's with 20 mm margins. */
  contentHeight?: number;
  barcode: BarcodeToSvg;
  shape?: TextShaper;
  naturalLineHeight?: (family: string) => number;
  warnings?: Warnings;
  /** Which part of the template this is (`html`, `header_html`, `footer_html`), for errors. Default `html`. */
  part?: string;
}

export interface ConvertResult {
  content: PdfNode[];
  warnings: Warnings;
  /** Declarations of `@page` rules. */
  page: Declarations;
}

let userAgent: RuleIndex | undefined;

function userAgentRules(): RuleIndex {
  userAgent ??= new RuleIndex(parseStylesheet(USER_AGENT_CSS, 0, () => {}).rules);
  return userAgent;
}

export function parseHtml(html: string): Document {
  return parseDocument(html, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    recognizeSelfClosing: true,
    decodeEntities: true,
  });
}

function styleBlocks(nodes: ChildNode[], out: string[]): string[] {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (node.name === 'style') out.push(node.children.map((c) => ('data' in c ? String(c.data) : '')).join(''));
    else if (node.name !== 'svg') styleBlocks(node.children, out);
  }
  return out;
}

/** The root element, whose style the <body> inherits. */
function findRoot(document: Document): ChildNode[] {
  const html = document.children.find((n): n is Element => isTag(n) && n.name === 'html');
  return html ? [html] : document.children;
}

const SAFE_LINE_HEIGHT = () => 1.362;

/**
 * Converts HTML (Liquid already applied) and CSS into pdfmake content, reporting what it had to ignore.
 * The same function runs in Node and in browsers.
 */
export function convertHtml(html: string, options: ConvertOptions): ConvertResult {
  const warnings = options.warnings ?? new Warnings();
  // The conversion recurses into the document: HTML nested past the limit is a template error, not a stack overflow.
  assertHtmlNesting(html, options.part);
  // A template is usually a fragment; a browser puts it in <html><body>, so that `body { … }` rules apply.
  const document = parseHtml(/<body[\s>]/i.test(html) ? html : `<html><body>${html}</body></html>`);
  const report = (issue: StylesheetIssue) => warnings.add(issue.code, issue.message);
  const sheets = [options.css ?? '', ...styleBlocks(document.children, [])];
  const rules = [];
  const page: Declarations = new Map();
  let order = 1_000_000;
  for (const sheet of sheets) {
    if (!sheet.trim()) continue;
    const parsed = parseStylesheet(sheet, order, report);
    order += parsed.rules.length + 1;
    rules.push(...parsed.rules);
    for (const [k, v] of parsed.page) page.set(k, v);
  }
  const converter = new Converter({
    styles: {
      ua: userAgentRules(),
      author: new RuleIndex(rules),
      onUnsupported: (property) =>
        warnings.add('unsupported_css_property', `The CSS property "${property}" is not supported and was ignored`),
    },
    fonts: options.fonts,
    warnings,
    images: options.images ?? new Map(),
    barcode: options.barcode,
    shape: options.shape ?? ((text) => text),
    naturalLineHeight: options.naturalLineHeight ?? SAFE_LINE_HEIGHT,
    pageHeight: options.contentHeight ?? 728,
  });
  const content = converter.blockChildren(findRoot(document), rootStyle(), options.contentWidth);
  return { content, warnings, page };
}
