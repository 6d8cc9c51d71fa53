import { NESTING_LIMITS, QuireError } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { check } from './check/check';
import { htmlNesting } from './nesting';
import { renderReport } from './render';

/** Elements opened n times by a Liquid loop: the source is shallow, the rendered HTML is not. */
const loop = (open: string, close: string, n: number) =>
  `{% for i in (1..${n}) %}${open}{% endfor %}x{% for i in (1..${n}) %}${close}{% endfor %}`;
const deepData = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as object;
const LIMIT = NESTING_LIMITS.html;

async function errorOf(promise: Promise<unknown>): Promise<QuireError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!QuireError.isInstance(error)) throw new Error(`expected a QuireError, got ${String(error)}`);
  return error;
}

describe('htmlNesting', () => {
  it('counts elements inside one another as the converter parses them', () => {
    expect(htmlNesting('').depth).toBe(0);
    expect(htmlNesting('<p>x</p>').depth).toBe(1);
    expect(htmlNesting('<div><p>a<br>b<img src="x"></p></div>').depth).toBe(3);
    // A <p> closes the one before it, and a self-closing tag opens nothing.
    expect(htmlNesting('<div><p>one<p>two<p>three</div>').depth).toBe(2);
    expect(htmlNesting('<svg><path d="M0 0"/><g/></svg>').depth).toBe(2);
    expect(htmlNesting('<ul><li>a<li>b<li>c</ul>').depth).toBe(2);
  });

  it('reads a document nested 10,000 deep without recursion', () => {
    expect(htmlNesting(`${'<div>'.repeat(10_000)}x`).depth).toBe(10_000);
  });

  it('stops at the first element deeper than asked, however deep the rest goes', () => {
    const html = `<p>a</p>\n${'<div>'.repeat(2_000_000)}x`;
    expect(htmlNesting(html, LIMIT)).toEqual({ depth: LIMIT + 1, offset: 9 + 5 * LIMIT });
  });
});

describe('templates nested past the limit', () => {
  it('render elements nested as deep as the limit in every format', async () => {
    const html = loop('<div style="border: 1px solid #000; padding: 1px">', '</div>', LIMIT - 2);
    for (const format of ['pdf', 'html'] as const) {
      const result = await renderReport({ template: { html }, data: {}, format });
      expect(result.bytes.length).toBeGreaterThan(0);
    }
  });

  it('refuse HTML nested 10,000 deep with template_too_deep, as PDF and as HTML', async () => {
    for (const html of [`${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`, loop('<div>', '</div>', 10_000)]) {
      for (const format of ['pdf', 'html'] as const) {
        const error = await errorOf(renderReport({ template: { html }, data: {}, format }));
        expect(error).toMatchObject({ code: 'template_too_deep', status: 422, type: 'template_error' });
        expect(error.message).toContain(`more than ${LIMIT} deep`);
      }
    }
  });

  it('refuse tables, lists and SVG nested past the limit', async () => {
    for (const html of [
      loop('<table><tr><td>', '</td></tr></table>', 3_000),
      loop('<ul><li>', '</li></ul>', 3_000),
      `<svg>${loop('<g>', '</g>', 10_000)}</svg>`,
    ]) {
      expect(await errorOf(renderReport({ template: { html }, data: {} }))).toMatchObject({
        code: 'template_too_deep',
      });
    }
  });

  it('refuse a header nested past the limit, naming it', async () => {
    const error = await errorOf(
      renderReport({ template: { html: '<p>x</p>', header_html: loop('<div>', '</div>', 10_000) }, data: {} }),
    );
    expect(error).toMatchObject({ code: 'template_too_deep', param: 'header_html' });
    expect(error.message).toMatch(/^The header nests/);
  });

  it('refuse an email whose MJML nests past the limit', async () => {
    const html = `<mjml><mj-body>${loop('<mj-wrapper>', '</mj-wrapper>', 3_000)}</mj-body></mjml>`;
    expect(await errorOf(renderReport({ template: { html, kind: 'email' }, data: {} }))).toMatchObject({
      code: 'template_too_deep',
    });
  });

  it('are reported by check as a finding with the same code', async () => {
    const result = await check({ template: { html: loop('<div>', '</div>', 10_000) }, data: {} });
    expect(result.ok).toBe(false);
    expect(result.findings).toContainEqual(expect.objectContaining({ code: 'template_too_deep', severity: 'error' }));
  });
});

describe('data nested past the limit', () => {
  it('renders data nested as deep as the limit', async () => {
    const result = await renderReport({
      template: { html: '<p>{% if a.a.a %}deep{% endif %}</p>' },
      data: deepData(NESTING_LIMITS.json) as Record<string, unknown>,
      format: 'html',
    });
    expect(new TextDecoder().decode(result.bytes)).toContain('<p>deep</p>');
  });

  it('is refused with json_too_deep naming data, 5,000 levels deep too', async () => {
    for (const depth of [NESTING_LIMITS.json + 1, 5_000]) {
      const error = await errorOf(
        renderReport({ template: { html: '<p>{{ a }}</p>' }, data: deepData(depth) as Record<string, unknown> }),
      );
      expect(error).toMatchObject({ code: 'json_too_deep', status: 400, param: 'data' });
    }
  });
});
