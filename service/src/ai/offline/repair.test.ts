import { createTemplateEngine, type TemplateContent } from '@quire/core';
import { check } from '@quire/render';
import { describe, expect, it } from 'vitest';
import { templateOf } from './__fixtures__/render';
import { offlineProvider } from './index';

const provider = offlineProvider();
const engine = createTemplateEngine();

function template(html: string, css = '', sample: Record<string, unknown> = {}): TemplateContent {
  return {
    name: 'Broken',
    description: '',
    kind: 'document',
    html,
    css,
    header_html: '',
    footer_html: '',
    page: { size: 'A4', orientation: 'portrait', margins: { top: 20, right: 18, bottom: 20, left: 18 } },
    sample_data: sample,
    data_schema: null,
    validate_data: false,
    tags: [],
  };
}

/** The problems as the loop reports them: what `check` found, with code and line. */
async function problemsOf(current: TemplateContent): Promise<string[]> {
  const result = await check({ template: current, data: current.sample_data });
  return result.findings
    .filter((f) => f.severity !== 'info')
    .map((f) => `${f.code}${f.line ? ` (line ${f.line})` : ''}: ${f.message}`);
}

async function repaired(current: TemplateContent): Promise<{ reply: string; next: TemplateContent; left: string[] }> {
  const problems = await problemsOf(current);
  expect(problems.length).toBeGreaterThan(0);
  const answer = await provider.complete({ messages: [], task: { kind: 'repair', current, problems } });
  const { reply, template: next } = templateOf(answer);
  return { reply, next, left: await problemsOf(next) };
}

describe('offline provider: repairing', () => {
  it('removes CSS, at-rules, selectors and elements outside the supported subset', async () => {
    const { reply, next, left } = await repaired(
      template(
        '<div class="box"><h1>{{ title }}</h1><iframe src="https://example.com"></iframe><p>Hi</p></div>',
        '.box { backdrop-filter: blur(2px); transform: rotate(2deg); padding: 4px; }\n@font-face { font-family: X; src: url(x.woff); }\na:hover { color: red; }\nh1 { color: #1f4e79; }',
        { title: 'Hello' },
      ),
    );
    expect(left).toEqual([]);
    expect(reply).toMatch(/removed the unsupported CSS property "backdrop-filter"/);
    expect(reply).toMatch(/removed the @font-face rule/);
    expect(reply).toMatch(/removed 1 <iframe> element/);
    expect(next.css).toContain('padding: 4px');
    expect(next.css).toContain('h1 { color: #1f4e79; }');
  });

  it('fixes Liquid syntax errors: an unknown filter, an unclosed tag, a stray closing tag', async () => {
    const { reply, next, left } = await repaired(
      template('<h1>{{ title }}</h1>\n{% if show %}\n<p>{{ title | shout }}</p>\n{% endfor %}', '', {
        title: 'T',
        show: true,
      }),
    );
    expect(left).toEqual([]);
    expect(() => engine.parse(next.html)).not.toThrow();
    expect(reply).toMatch(/removed the unknown filter "shout"/);
    expect(reply).toMatch(/closed an unclosed \{% if %\}/);
  });

  it('adds what the data lacks to the sample data', async () => {
    const { reply, next, left } = await repaired(
      template('<h1>{{ invoice.number }}</h1><p>{{ invoice.po_number }}</p>', '', { invoice: { number: 'INV-1' } }),
    );
    expect(left).toEqual([]);
    expect(reply).toBe('I added `invoice.po_number` to the sample data.');
    expect(next.sample_data).toEqual({ invoice: { number: 'INV-1', po_number: 'Sample po number' } });
  });

  it('widens and shrinks what overflows: fixed column widths, wide blocks, fixed heights', async () => {
    const { reply, left } = await repaired(
      template(
        '<table style="width: 900px"><colgroup><col width="500px"><col width="400px"></colgroup><tr><td>a</td><td>b</td></tr></table><div class="wide">wide</div><div class="tall">x<br>y<br>z<br>w</div>',
        '.wide { width: 900px; }\n.tall { height: 10px; }',
      ),
    );
    expect(left).toEqual([]);
    expect(reply).toMatch(/removed the fixed column widths/);
    expect(reply).toMatch(/max-width: 100%/);
    expect(reply).toMatch(/removed fixed heights/);
  });

  it('composes its own template again from the spec', async () => {
    const generated = templateOf(
      await provider.complete({
        messages: [],
        task: { kind: 'generate', prompt: 'An invoice with a QR code', templateKind: 'document' },
      }),
    ).template;
    const answer = await provider.complete({
      messages: [],
      task: {
        kind: 'repair',
        current: generated,
        problems: ['unsupported_css_property: The CSS property "filter" is not supported and was ignored'],
      },
    });
    const { reply, template: next } = templateOf(answer);
    expect(reply).toMatch(/^I composed the template again from the spec/);
    expect(next.html).toBe(generated.html);
  });

  it('says plainly what it could not fix and leaves the template unchanged', async () => {
    const current = template('<p>{{ title }}</p>', '', { title: 'x' });
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'repair', current, problems: ['The report is 40 pages long'] },
    });
    const { reply, template: next } = templateOf(answer);
    expect(reply).toBe('I could not fix "The report is 40 pages long" automatically. The template is unchanged.');
    expect(next.html).toBe(current.html);
  });
});
