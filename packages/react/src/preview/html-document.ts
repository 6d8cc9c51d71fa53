import { PageSetup, pageDimensions, type TemplateEngine, TemplateError } from '@quire/core';
import type { SourcePart, TemplateDraft } from '../builder/types';

/** A Liquid error in one of the draft's sources, with the part it is in. */
export class PreviewError extends Error {
  readonly part: SourcePart;
  readonly code: string;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(part: SourcePart, error: TemplateError) {
    super(error.message, { cause: error });
    this.name = 'PreviewError';
    this.part = part;
    this.code = error.code;
    this.line = error.line;
    this.column = error.column;
  }
}

function renderPart(engine: TemplateEngine, part: SourcePart, source: string, data: Record<string, unknown>): string {
  try {
    return engine.render(source, data);
  } catch (error) {
    if (error instanceof TemplateError) throw new PreviewError(part, error);
    throw error;
  }
}

/** The body of a full HTML document, or the whole source when it has no body: templates may write either. */
function bodyOf(html: string): string {
  const match = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return match ? (match[1] as string) : html;
}

/** Style blocks of a full document's head, which the body alone would lose. */
function headStyles(html: string): string {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  return (head.match(/<style[\s\S]*?<\/style>/gi) ?? []).join('\n');
}

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * The draft rendered with its sample data as one HTML document for the preview frame: the page's width and
 * margins, the header above the body and the footer below it (page 1 of 1), the template's CSS. It runs in a
 * sandboxed frame without scripts, so nothing in it can reach the host page.
 */
export function renderHtmlDocument(
  engine: TemplateEngine,
  draft: TemplateDraft,
  data: Record<string, unknown> = draft.sample_data,
): string {
  const body = renderPart(engine, 'html', draft.html, data);
  const pageData = { ...data, page_number: 1, page_count: 1 };
  const header = draft.header_html.trim() ? renderPart(engine, 'header_html', draft.header_html, pageData) : '';
  const footer = draft.footer_html.trim() ? renderPart(engine, 'footer_html', draft.footer_html, pageData) : '';
  const page = PageSetup.parse(draft.page);
  const { width_mm, height_mm } = pageDimensions(page);
  const m = page.margins;
  const sheet = `html{background:#e9ecf0}body{margin:0;padding:24px 0}
.quire-sheet{box-sizing:border-box;background:#fff;color:#000;width:${width_mm}mm;min-height:${height_mm}mm;margin:0 auto;padding:${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm;box-shadow:0 1px 4px rgba(0,0,0,.18);display:flex;flex-direction:column}
.quire-sheet>.quire-body{flex:1}
@media print{html{background:none}body{padding:0}.quire-sheet{box-shadow:none;margin:0}}`;
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>${escapeText(draft.name)}</title>
<style>${sheet}</style>
<style>${escapeStyle(draft.css)}</style>
${headStyles(body)}
</head>
<body>
<div class="quire-sheet">${header ? `<header class="quire-header">${bodyOf(header)}</header>` : ''}<div class="quire-body">${bodyOf(body)}</div>${footer ? `<footer class="quire-footer">${bodyOf(footer)}</footer>` : ''}</div>
</body>
</html>`;
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** An engine message without its trailing "(line 2, column 5)", for places that show the line themselves. */
export const withoutLocation = (message: string): string =>
  message.replace(/ \((partial "[^"]*", )?line \d+, column \d+\)$/, '');
