import { describe, expect, it } from 'vitest';
import { compareData } from '../inference/compare';
import { inferTemplateVariables } from '../inference/infer';
import { sampleFromSchema } from '../inference/sample';
import { createTemplateEngine } from '../liquid/engine';
import { starters } from './index';

const engine = createTemplateEngine();

describe.each(starters.map((s) => [s.id, s] as const))('starter %s', (_id, starter) => {
  it('renders with its sample data without errors, printing the data', () => {
    const html = engine.render(starter.html, starter.sample_data);
    expect(html.length).toBeGreaterThan(500);
    expect(html).not.toMatch(/\{\{|\{%/);
    // Every top-level text value that the template prints appears in the output.
    const printed = Object.values(starter.sample_data)
      .flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : []))
      .filter((v): v is string => typeof v === 'string' && v.length > 3 && !/^\d{4}-\d{2}-\d{2}/.test(v));
    const escaped = (s: string) =>
      s
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&#34;')
        .replace(/'/g, '&#39;');
    const shown = printed.filter((v) => html.includes(escaped(v)));
    expect(shown.length).toBeGreaterThan(0);
  });

  it('renders its header and footer with page numbers', () => {
    for (const part of [starter.header_html, starter.footer_html]) {
      if (!part) continue;
      const out = engine.render(part, { ...starter.sample_data, page_number: 2, page_count: 5 });
      expect(out).not.toMatch(/\{\{|\{%/);
      if (part.includes('page_count')) expect(out).toContain('5');
    }
  });

  it('has sample data that its inferred schema accepts', () => {
    const { schema } = inferTemplateVariables(engine, starter);
    const result = compareData(schema, starter.sample_data);
    expect(result.missing).toEqual([]);
    expect(result.mismatched).toEqual([]);
  });
});

describe.each(starters.map((s) => [s.id, s] as const))('starter %s with generated data', (_id, starter) => {
  it('renders with sample data generated from its inferred schema', () => {
    const { schema } = inferTemplateVariables(engine, starter);
    const generated = sampleFromSchema(schema) as Record<string, unknown>;
    expect(compareData(schema, generated).missing).toEqual([]);
    const html = engine.render(starter.html, generated);
    expect(html).not.toMatch(/\{\{|\{%/);
    for (const part of [starter.header_html, starter.footer_html]) {
      if (part) engine.render(part, { ...generated, page_number: 1, page_count: 1 });
    }
  });
});
