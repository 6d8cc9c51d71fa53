import { TemplateContent } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { type CandidateRules, candidateOf } from './candidate';

const generation: CandidateRules = { nameFixed: false, pageFixed: false, takeSampleData: true, sampleRequired: true };
const blank = (kind: 'document' | 'email') => TemplateContent.parse({ name: 'New', kind, html: '' });
const fence = (lang: string, body: string) => `\`\`\`${lang}\n${body}\n\`\`\``;

function candidate(answer: string, base: TemplateContent, rules = generation) {
  const built = candidateOf(answer, base, rules);
  if (!('candidate' in built)) throw new Error(built.problem);
  return built.candidate;
}

describe('candidateOf', () => {
  it('asks for sample data when a generation without data brings none, or brings something else than an object', () => {
    const html = fence('html', '<h1>{{ title }}</h1>');
    expect(candidate(html, blank('document')).sampleProblem).toMatch(/gave no sample data/);
    const list = candidate(`${html}\n${fence('json', '{"sample_data": [1, 2]}')}`, blank('document'));
    expect(list.sampleProblem).toMatch(/gave no sample data/);
    expect(list.notes).toContain('The sample_data in the JSON block is not an object and was ignored.');
    const given = candidate(`${html}\n${fence('json', '{"sample_data": {"title": "Q3"}}')}`, blank('document'));
    expect(given.sampleProblem).toBeUndefined();
    expect(given.content.sample_data).toEqual({ title: 'Q3' });
  });

  it('needs no sample for a template that prints no data, nor when the request gave the data', () => {
    expect(candidate(fence('html', '<h1>Notice</h1>'), blank('document')).sampleProblem).toBeUndefined();
    const rules = { ...generation, takeSampleData: false, sampleRequired: false };
    expect(candidate(fence('html', '<h1>{{ t }}</h1>'), blank('document'), rules).sampleProblem).toBeUndefined();
  });

  it('takes the page setup of an answer, unless its margins leave no room for content', () => {
    const html = fence('html', '<h1>Notice</h1>');
    const landscape = candidate(
      `${html}\n${fence('json', '{"page": {"size": "A4", "orientation": "landscape"}}')}`,
      blank('document'),
    );
    expect(landscape.content.page).toMatchObject({ size: 'A4', orientation: 'landscape' });
    const crowded = '{"page": {"size": "A4", "margins": {"top": 20, "right": 110, "bottom": 20, "left": 100}}}';
    const refused = candidate(`${html}\n${fence('json', crowded)}`, blank('document'));
    expect(refused.content.page).toEqual(blank('document').page);
    expect(refused.notes).toContain(
      "The page setup in the answer was ignored: The page's margins leave no room for content: the page is 210mm wide and its left and right margins take 210mm.",
    );
  });

  it('keeps the sample of an earlier answer when a repair leaves the json block out', () => {
    const base = TemplateContent.parse({ name: 'New', html: '<h1>{{ t }}</h1>', sample_data: { t: 'Q3' } });
    const repaired = candidate(fence('html', '<h1>{{ t | upcase }}</h1>'), base);
    expect(repaired.sampleProblem).toBeUndefined();
    expect(repaired.content.sample_data).toEqual({ t: 'Q3' });
  });

  it("moves an email answer's css block into its MJML as an mj-style, with or without an mj-head", () => {
    const sample = fence('json', '{"sample_data": {"n": "Ada"}}');
    const withHead = candidate(
      `${fence('html', '<mjml><mj-head><mj-title>T</mj-title></mj-head><mj-body><mj-text>{{ n }}</mj-text></mj-body></mjml>')}\n${fence('css', '.a { color: red; }')}\n${sample}`,
      blank('email'),
    );
    expect(withHead.content.css).toBe('');
    expect(withHead.content.html).toBe(
      '<mjml><mj-head>\n<mj-style>\n.a { color: red; }\n</mj-style><mj-title>T</mj-title></mj-head><mj-body><mj-text>{{ n }}</mj-text></mj-body></mjml>',
    );
    const bare = candidate(
      `${fence('html', '<mjml><mj-body><mj-text>{{ n }}</mj-text></mj-body></mjml>')}\n${fence('css', '.a { color: red; }')}\n${sample}`,
      blank('email'),
    );
    expect(bare.content.html).toBe(
      '<mjml>\n<mj-head><mj-style>\n.a { color: red; }\n</mj-style></mj-head><mj-body><mj-text>{{ n }}</mj-text></mj-body></mjml>',
    );
    expect(bare.notes.join(' ')).toContain('mj-style');
  });

  it('takes no header or footer for an email, and both for a document', () => {
    const answer = `${fence('html', '<mjml><mj-body></mj-body></mjml>')}\n${fence('json', '{"footer_html": "<p>{{ page_number }}</p>"}')}`;
    expect(candidate(answer, blank('email')).content.footer_html).toBe('');
    expect(candidate(answer, blank('document')).content.footer_html).toBe('<p>{{ page_number }}</p>');
  });
});
