/**
 * Every example the system prompts show a model is a template that Quire draws: each ```html block, with the ```css
 * and ```json blocks right after it (page, header, footer, sample_data), passes @quire/render's check() with no
 * unsupported HTML or CSS and no errors, and renders: documents to a real PDF whose text (pdftotext) holds what
 * the example prints, emails through MJML to HTML. A model copies what it is shown, so nothing here may be
 * something the engine ignores.
 */
import { PageSetup, type TemplateKind } from '@quire/core';
import { check, checkRendered, renderReport } from '@quire/render';
import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText } from '../../reports/__fixtures__/pdf';
import { systemPrompt } from './system-prompt';

interface Example {
  html: string;
  css: string;
  meta: Record<string, unknown>;
}

/** The examples of a prompt: each html fence and the css and json fences that follow it with nothing between. */
function examplesOf(prompt: string): Example[] {
  const fences = [...prompt.matchAll(/```(\w+)\n([\s\S]*?)\n```/g)].map((m) => ({
    lang: m[1] as string,
    body: m[2] as string,
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  const examples: Example[] = [];
  for (const [index, fence] of fences.entries()) {
    if (fence.lang !== 'html') continue;
    const example: Example = { html: fence.body, css: '', meta: {} };
    let end = fence.end;
    for (const next of fences.slice(index + 1)) {
      if (prompt.slice(end, next.start).trim() !== '' || next.lang === 'html') break;
      if (next.lang === 'css') example.css = next.body;
      else if (next.lang === 'json') example.meta = JSON.parse(next.body) as Record<string, unknown>;
      end = next.end;
    }
    examples.push(example);
  }
  return examples;
}

/** What each example's PDF must say, and its pages, by a marker found in its HTML. */
const DOCUMENT_EXPECTATIONS: { marker: string; texts: RegExp[]; pages: number }[] = [
  {
    marker: 'Bill to:',
    texts: [/Northwind Studio/, /Invoice INV-0042/, /14 March 2026/, /Analytical engine design/, /Total\s+€1,320\.00/],
    pages: 1,
  },
  { marker: '<bar-code', texts: [/Grace Hopper/, /Tracking 1Z999AA10123456784/], pages: 1 },
  {
    marker: 'Service agreement',
    texts: [
      /DRAFT/,
      /NS/,
      /Hours/,
      /€95/,
      /§ 1\. The provider delivers/,
      /§ 2\. The client pays/,
      /i\.\s+Kick-off/,
      /ii\.\s+Delivery/,
    ],
    pages: 1,
  },
  { marker: 'class="next"', texts: [/Quarterly review/, /Page 1 of 2/, /Details/, /Page 2 of 2/], pages: 2 },
  {
    marker: 'bar_chart',
    texts: [/Sales review/, /Revenue by month/, /Target/, /\$51,250/, /February/, /By region/, /South/, /77,750 · 56%/],
    pages: 1,
  },
];

/** Findings that say the engine does not draw something the example uses. */
const unsupported = (code: string) => code.startsWith('unsupported_') || code === 'element_removed';

function templateOf(example: Example, kind: TemplateKind) {
  const { meta } = example;
  return {
    kind,
    name: typeof meta.name === 'string' ? meta.name : 'Example',
    html: example.html,
    css: example.css,
    header_html: typeof meta.header_html === 'string' ? meta.header_html : '',
    footer_html: typeof meta.footer_html === 'string' ? meta.footer_html : '',
    page: PageSetup.parse(meta.page ?? {}),
  };
}

const sampleOf = (example: Example) => (example.meta.sample_data ?? {}) as Record<string, unknown>;

describe('the examples of the document system prompt', () => {
  const examples = examplesOf(systemPrompt('document'));

  it('has an example for each expectation, and an expectation for each example', () => {
    expect(examples.map((e) => DOCUMENT_EXPECTATIONS.filter((x) => e.html.includes(x.marker)).length)).toEqual(
      examples.map(() => 1),
    );
    expect(examples).toHaveLength(DOCUMENT_EXPECTATIONS.length);
  });

  for (const expected of DOCUMENT_EXPECTATIONS) {
    it(`checks clean and prints its text: the example with ${expected.marker}`, async () => {
      const example = examples.find((e) => e.html.includes(expected.marker));
      if (!example) throw new Error(`no example holds ${expected.marker}`);
      const template = templateOf(example, 'document');
      const data = sampleOf(example);
      // One render: the PDF read below, and the findings of that same render.
      const pdf = await renderReport({ template, data, format: 'pdf' });
      const checked = await checkRendered({ template, data, format: 'pdf' }, pdf);
      const problems = checked.findings.filter(
        (f) => unsupported(f.code) || f.severity === 'error' || f.code === 'missing_variable',
      );
      expect(problems).toEqual([]);
      expect(checked.pages).toBe(expected.pages);
      expect(pdf.warnings.filter((w) => unsupported(w.code))).toEqual([]);
      expect(await pdfPages(pdf.bytes)).toBe(expected.pages);
      const text = (await pdfText(pdf.bytes)).replace(/[ \t]+/g, ' ');
      expect(text).not.toMatch(/\{\{|\{%/);
      for (const pattern of expected.texts) expect(text, String(pattern)).toMatch(pattern);
    });
  }
});

describe('the examples of the email system prompt', () => {
  const examples = examplesOf(systemPrompt('email'));

  it('shows one MJML email, which checks clean and compiles to HTML with its data', async () => {
    expect(examples).toHaveLength(1);
    const example = examples[0] as Example;
    expect(example.html.trimStart().startsWith('<mjml>')).toBe(true);
    const template = templateOf(example, 'email');
    const data = sampleOf(example);
    const checked = await check({ template, data });
    expect(checked.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    const email = await renderReport({ template, data, format: 'email' });
    const html = new TextDecoder().decode(email.bytes);
    for (const text of ['Acme Cloud', 'Hi Ada', 'ada@example.com', 'Choose a new password', 'Firefox on Linux'])
      expect(html).toContain(text);
    expect(html).toContain('href="https://app.example.com/reset/8f2c"');
    expect(html).not.toMatch(/<mj-|\{\{|\{%/);
  });
});
