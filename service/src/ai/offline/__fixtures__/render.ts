import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemplateEngine, type TemplateContent } from '@quire/core';
import { checkRendered, renderReport } from '@quire/render';
import { expect } from 'vitest';
import { parseAnswer } from '../../answer-format';

/** What a test needs of an answer: the parsed parts plus the footer the JSON block carries. */
export interface Rendered {
  reply: string;
  html: string;
  css: string;
  footer: string;
  sample: Record<string, unknown>;
  template: TemplateContent;
  pages: number;
  bytes: Uint8Array;
}

const engine = createTemplateEngine();

export function templateOf(text: string): { reply: string; template: TemplateContent } {
  const parsed = parseAnswer(text);
  expect(parsed.notes).toEqual([]);
  expect(parsed.html).toBeTruthy();
  const json = /```json\n([\s\S]*?)\n```/.exec(text)?.[1];
  const meta = json ? (JSON.parse(json) as { footer_html?: string }) : {};
  const template: TemplateContent = {
    name: parsed.name ?? 'Template',
    description: '',
    kind: 'document',
    html: parsed.html as string,
    css: parsed.css ?? '',
    header_html: '',
    footer_html: meta.footer_html ?? '',
    page: {
      size: 'A4',
      orientation: 'portrait',
      margins: { top: 20, right: 18, bottom: 20, left: 18 },
      ...(parsed.page as object),
    } as TemplateContent['page'],
    sample_data: parsed.sampleData ?? {},
    data_schema: null,
    validate_data: false,
    tags: [],
  };
  return { reply: parsed.reply, template };
}

/**
 * Parses an answer, then proves its template works: LiquidJS parses it, the real engine renders it to a PDF with
 * its sample data, and `check` finds nothing of error severity (nor warnings: generated templates stay inside the
 * supported subset and fit the page).
 */
export async function renderAnswer(text: string): Promise<Rendered> {
  const { reply, template } = templateOf(text);
  engine.parse(template.html);
  if (template.footer_html) engine.parse(template.footer_html);
  const data = template.sample_data;
  const report = await renderReport({ template, data });
  expect(report.pages).toBeGreaterThan(0);
  expect(new TextDecoder().decode(report.bytes.slice(0, 5))).toBe('%PDF-');
  // The findings of this very render: check() would render the document a second time.
  const result = await checkRendered({ template, data }, report);
  const serious = result.findings.filter((f) => f.severity !== 'info');
  expect(serious).toEqual([]);
  return {
    reply,
    html: template.html,
    css: template.css,
    footer: template.footer_html,
    sample: data,
    template,
    pages: report.pages ?? 0,
    bytes: report.bytes,
  };
}

const PDFTOPPM = '/usr/bin/pdftoppm';

/** Writes a PDF's first page as a PNG under service/artifacts (gitignored), for a person to look at. */
export function savePng(bytes: Uint8Array, name: string): string {
  const dir = fileURLToPath(new URL('../../../../artifacts/offline/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(pdf, bytes);
  // Machines without poppler-utils keep the PDF only.
  if (!existsSync(PDFTOPPM)) return pdf;
  execFileSync(PDFTOPPM, ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdf, join(dir, name)]);
  return join(dir, `${name}.png`);
}

/** The visible text of a template's HTML (tags removed), for asserting labels. */
export function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
