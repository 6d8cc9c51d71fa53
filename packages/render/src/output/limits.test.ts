import { QuireError } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../render';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));
const table = '<table>{% for r in rows %}<tr><td>Row {{ r.i }}</td></tr>{% endfor %}</table>';

async function failure(promise: Promise<unknown>): Promise<QuireError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!QuireError.isInstance(error)) throw new Error(`expected a QuireError, got ${String(error)}`);
  return error;
}

describe('output limits', () => {
  it('refuse an HTML report over its byte limit, naming the limit', async () => {
    const error = await failure(
      renderReport({
        template: { html: '{% for i in (1..20000) %}<p>{{ i }} lorem ipsum dolor sit amet</p>{% endfor %}' },
        data: {},
        format: 'html',
        limits: { htmlBytes: 100_000 },
      }),
    );
    expect(error.code).toBe('render_output_too_large');
    expect(error.status).toBe(422);
    expect(error.details).toMatchObject({ limit: 'html_max_bytes', max: 100_000 });
    expect(error.details.actual as number).toBeGreaterThan(100_000);
    expect(error.message).toContain('100,000 bytes');
  });

  it('count the whole HTML file, not only the body', async () => {
    const body = '<p>short</p>';
    const css = `p { color: red; } ${'/* padding */'.repeat(2_000)}`;
    const error = await failure(
      renderReport({ template: { html: body, css }, data: {}, format: 'html', limits: { htmlBytes: 10_000 } }),
    );
    expect(error.details).toMatchObject({ limit: 'html_max_bytes', max: 10_000 });
  });

  it('refuse an email over the HTML byte limit', async () => {
    const error = await failure(
      renderReport({
        template: {
          kind: 'email',
          html: '<mjml><mj-body><mj-section><mj-column>{% for i in (1..3000) %}<mj-text>Line {{ i }}</mj-text>{% endfor %}</mj-column></mj-section></mj-body></mjml>',
        },
        data: {},
        format: 'email',
        limits: { htmlBytes: 50_000 },
      }),
    );
    expect(error.details).toMatchObject({ limit: 'html_max_bytes', max: 50_000 });
  });

  it('refuse a PDF over its page limit, then over its byte limit', async () => {
    const pages = await failure(
      renderReport({ template: { html: table }, data: { rows: rows(400) }, limits: { pdfPages: 3 } }),
    );
    expect(pages.details).toMatchObject({ limit: 'pdf_max_pages', max: 3 });
    expect(pages.details.actual as number).toBeGreaterThan(3);
    const bytes = await failure(
      renderReport({ template: { html: table }, data: { rows: rows(5) }, limits: { pdfPages: 3, pdfBytes: 1_000 } }),
    );
    expect(bytes.details).toMatchObject({ limit: 'pdf_max_bytes', max: 1_000 });
  });

  it('let a report within its limits through', async () => {
    const result = await renderReport({
      template: { html: table },
      data: { rows: rows(5) },
      limits: { pdfPages: 3, pdfBytes: 5_000_000, htmlBytes: 1_000 },
    });
    expect(result.pages).toBe(1);
  });
});
