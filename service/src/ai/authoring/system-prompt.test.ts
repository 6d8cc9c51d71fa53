import { BARCODE_TYPES, createTemplateEngine, TemplateContent } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { SAMPLE } from './__fixtures__/answers';
import { boundedHistory, generateMessages, refineMessages, repairMessages, systemPrompt } from './system-prompt';

describe('system prompt', () => {
  it("names every filter core's engine registers, and Quire's elements and barcode types", () => {
    const prompt = systemPrompt('document');
    const filters = Object.keys(createTemplateEngine().liquid.filters);
    expect(filters.length).toBeGreaterThan(80);
    for (const filter of filters) expect(prompt, filter).toMatch(new RegExp(`\\b${filter}\\b`));
    expect(prompt).toContain('<qr-code value=');
    expect(prompt).toContain('<bar-code type="code128" value=');
    for (const type of Object.keys(BARCODE_TYPES)) expect(prompt).toContain(type);
  });

  it('teaches MJML for emails, without the document dialect: no css block, no pages, no header or footer', () => {
    const email = systemPrompt('email');
    expect(email).toContain('<mjml>');
    expect(email).toMatch(/never a plain HTML page/);
    expect(email).not.toMatch(/```css|header_html|footer_html|page_number|<qr-code/);
    expect(systemPrompt('document')).not.toContain('<mjml>');
  });

  it("teaches the engine's page variables and CSS, and names what it does not draw as such", () => {
    const prompt = systemPrompt('document');
    expect(prompt).toContain('Page {{ page_number }} of {{ page_count }}');
    expect(prompt).toMatch(/no other page variables \(\{\{ page \}\}\s+and\s+\{\{ pages \}\} print nothing\)/);
    for (const feature of ['display: flex', 'grid-template-columns', 'float', 'position: relative', '@page :first'])
      expect(prompt).toContain(feature);
    for (const feature of ['@bottom-center', 'counter(pages)', 'break-before', '@font-face', 'list-style-type'])
      expect(prompt).toContain(feature);
    for (const font of ['Arial', 'Helvetica', 'Times New Roman', 'Courier New', 'Georgia', 'Calibri', 'Cambria'])
      expect(prompt).toContain(font);
    const notDrawn = prompt.slice(prompt.indexOf('Not drawn'));
    for (const feature of ['filter: blur()', 'perspective', 'text-transform on ::first-line', 'backdrop-filter'])
      expect(notDrawn).toContain(feature);
    expect(prompt.slice(prompt.indexOf('Selectors:'), prompt.indexOf('Units:'))).toContain('::first-line');
    for (const drawn of [
      'linear-gradient()',
      'radial-gradient()',
      'box-shadow',
      'column-count',
      'text-shadow',
      'object-fit',
      'clip-path',
      'mix-blend-mode',
      'grayscale()',
      'drop-shadow()',
    ])
      expect(prompt.slice(0, prompt.indexOf('Not drawn'))).toContain(drawn);
  });

  it("tells the model the request, the page and its printable width, and the data's schema and an excerpt", () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ description: `Row ${i}`, price: i }));
    const [system, user] = generateMessages({
      prompt: 'An invoice',
      kind: 'document',
      page: { size: 'Letter', orientation: 'landscape' },
      schema: { type: 'object', properties: { items: { type: 'array' } } },
      sample: { ...SAMPLE, items: rows },
    });
    expect(system?.role).toBe('system');
    expect(user?.content).toContain('Write a new document template: An invoice');
    expect(user?.content).toContain('Letter landscape, 279.4 × 215.9 mm');
    expect(user?.content).toContain('the printable width is 243.4 mm');
    expect(user?.content).toContain('"Row 2"');
    expect(user?.content).not.toContain('"Row 3"');
  });

  it('shows a refinement the current version, the thread and the request', () => {
    const current = TemplateContent.parse({ name: 'Invoice', html: '<h1>{{ invoice.number }}</h1>', css: 'h1 {}' });
    const messages = refineMessages({
      instruction: 'Make it blue',
      current,
      schema: undefined,
      sample: SAMPLE,
      history: [
        { role: 'user', content: 'Make an invoice' },
        { role: 'assistant', content: 'Done.' },
      ],
    });
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[3]?.content).toContain('<h1>{{ invoice.number }}</h1>');
    expect(messages[3]?.content).toMatch(/Make it blue$/);
  });

  it('bounds the history to the newest turns that fit', () => {
    const turns = Array.from({ length: 30 }, (_, i) => ({
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `${i} ${'x'.repeat(3000)}`,
    }));
    const kept = boundedHistory(turns);
    expect(kept.length).toBeLessThanOrEqual(12);
    expect(kept.at(-1)?.content.startsWith('29 ')).toBe(true);
    expect(kept.reduce((sum, m) => sum + m.content.length, 0)).toBeLessThanOrEqual(10_000);
  });

  it('asks for a repair after the answer, listing the problems', () => {
    const messages = repairMessages([{ role: 'user', content: 'x' }], 'the answer', ['Line 3: unclosed for']);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[2]?.content).toContain('- Line 3: unclosed for');
  });
});
