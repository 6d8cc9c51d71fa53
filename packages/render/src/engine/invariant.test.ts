import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTemplateEngine, starters } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import type { RenderTemplate } from '../types';
import { extractedWords, printedWord, visibleWords } from './__fixtures__/text-words';
import { Findings } from './findings';
import { computeStyles } from './style/index';

/*
 * Nothing is lost silently: every word a template shows must be in the PDF's text (pdftotext), unless the render
 * says why (a character no font has). The corpus is every document starter and the real-world-style templates in
 * __fixtures__/corpus.
 */

const CORPUS = fileURLToPath(new URL('./__fixtures__/corpus/', import.meta.url));
const DATA: Record<string, Record<string, unknown>> = {
  'long-table': { rows: Array.from({ length: 300 }, (_, i) => i + 1) },
};

const cases: Array<[string, RenderTemplate, Record<string, unknown>]> = [
  ...starters
    .filter((s) => s.kind === 'document')
    .map((s): [string, RenderTemplate, Record<string, unknown>] => [`starter ${s.id}`, s, s.sample_data]),
  ...readdirSync(CORPUS)
    .filter((name) => name.endsWith('.html'))
    .map((name): [string, RenderTemplate, Record<string, unknown>] => {
      const id = name.replace(/\.html$/, '');
      return [`corpus ${id}`, { name: id, html: readFileSync(CORPUS + name, 'utf8') }, DATA[id] ?? {}];
    }),
];

const liquid = createTemplateEngine();

describe.each(cases)('%s', (_name, template, data) => {
  it('prints every word it shows', async () => {
    const report = await renderReport({ template, data, engine: 'quire' });
    const bodyHtml = liquid.render(template.html, data);
    const { root } = computeStyles(
      {
        html: bodyHtml,
        css: template.css ?? '',
        part: 'html',
        page: { width: 595, height: 842, margin: [56, 56, 56, 56] },
      },
      new Findings(),
    );
    const shown = visibleWords(root);
    const printed = extractedWords((await pageTexts(report.bytes)).join('\n'));
    const missingGlyphs = report.warnings.find((w) => w.code === 'missing_glyphs')?.message ?? '';
    const lost = [...new Set(shown)].filter(
      (word) => !printedWord(word, printed) && ![...word].some((ch) => missingGlyphs.includes(ch)),
    );
    expect(lost, `lost words; warnings: ${JSON.stringify(report.warnings)}`).toEqual([]);
  });
});
