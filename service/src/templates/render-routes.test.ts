import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startTemplatesApp, type TemplatesApp } from './__fixtures__/templates-app';

const run = promisify(execFile);

/** The text of a PDF, by poppler's pdftotext. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-preview-'));
  try {
    const file = join(dir, 'preview.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const HTML = `<h1>Invoice {{ invoice.number }}</h1>
<p>Bill to {{ customer.name }}</p>
{% for item in items %}<p>{{ item.description }}: {{ item.price | money }}</p>{% endfor %}`;
const SAMPLE = {
  invoice: { number: 'INV-0042' },
  customer: { name: 'Ada Lovelace' },
  items: [{ description: 'Analytical engine', price: 1200 }],
};

describe('templates: previews and checks', () => {
  let app: TemplatesApp;
  let owner: Person;
  let id: string;
  beforeAll(async () => {
    app = await startTemplatesApp();
    owner = await app.signUp('previewowner');
    await app.setPlan(owner.teamId, 'enterprise');
    const made = await app.call(owner.token, '/v1/templates', {
      method: 'POST',
      body: { name: 'Preview me', html: HTML, sample_data: SAMPLE },
    });
    id = made.body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    app.call(owner.token, path, options);
  const preview = (body: unknown, accept?: string) =>
    call(`/v1/templates/${id}/preview`, { method: 'POST', body, ...(accept ? { headers: { Accept: accept } } : {}) });

  it('answers a PDF of the sample data, described in JSON by default', async () => {
    const answer = await preview({});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'template_preview',
      template_id: id,
      version: 1,
      format: 'pdf',
      content_type: 'application/pdf',
      pages: 1,
      warnings: [],
      timings: { total_ms: expect.any(Number) },
    });
    const bytes = Buffer.from(answer.body.content_base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Invoice INV-0042');
    expect(text).toContain('Bill to Ada Lovelace');
    expect(text).toContain('Analytical engine: $1,200.00');
  });

  it('answers the PDF file itself, rendered with the data given, when Accept asks for it', async () => {
    const answer = await preview({ data: { ...SAMPLE, customer: { name: 'Grace Hopper' } } }, 'application/pdf');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe('inline; filename="preview-me-v1.pdf"');
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(answer.bytes)).toContain('Bill to Grace Hopper');
  });

  it('answers standalone HTML, as a file or in JSON', async () => {
    const file = await preview({}, 'text/html');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(file.body).toContain('<h1>Invoice INV-0042</h1>');
    expect(file.body).toMatch(/^<!DOCTYPE html>/i);
    const json = await preview({ format: 'html' });
    expect(json.body).toMatchObject({ format: 'html', content_type: 'text/html; charset=utf-8', pages: null });
    expect(Buffer.from(json.body.content_base64, 'base64').toString('utf8')).toBe(file.body);
  });

  it('previews a chosen version, and data made from the schema when the version has no sample data', async () => {
    await call(`/v1/templates/${id}`, {
      method: 'PATCH',
      body: { html: '<p>Dear {{ customer.first_name }}</p>', sample_data: {}, publish: false },
    });
    const draft = await preview({}, 'text/html');
    expect(draft.body).toContain('<p>Dear Ada</p>');
    const old = await preview({ version: 1 }, 'text/html');
    expect(old.body).toContain('Bill to Ada Lovelace');
    const none = await preview({ version: 7 });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('version_not_found');
  });

  it('refuses formats the Accept header or the template kind cannot take', async () => {
    const mismatch = await preview({ format: 'html', version: 1 }, 'application/pdf');
    expect(mismatch.status).toBe(406);
    expect(mismatch.body.error.code).toBe('not_acceptable');
    const image = await preview({ version: 1 }, 'image/png');
    expect(image.status).toBe(406);
    const email = await preview({ format: 'email', version: 1 });
    expect(email.status).toBe(400);
    expect(email.body.error).toMatchObject({ code: 'validation_failed', param: 'format' });
    const bad = await preview({ format: 'docx' });
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'format' });
  });

  it('previews an email template as email HTML', async () => {
    const made = await call('/v1/templates', {
      method: 'POST',
      body: {
        name: 'Welcome mail',
        kind: 'email',
        html: '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{ name }}</mj-text></mj-column></mj-section></mj-body></mjml>',
        sample_data: { name: 'Ada' },
      },
    });
    expect(made.status).toBe(201);
    const answer = await call(`/v1/templates/${made.body.id}/preview`, { method: 'POST', body: {} });
    expect(answer.body).toMatchObject({ format: 'email', content_type: 'text/html; charset=utf-8' });
    expect(Buffer.from(answer.body.content_base64, 'base64').toString('utf8')).toContain('Hello Ada');
    const pdf = await call(`/v1/templates/${made.body.id}/preview`, { method: 'POST', body: { format: 'pdf' } });
    expect(pdf.status).toBe(400);
  });

  it('passes template errors through with their codes, line and column', async () => {
    const made = await call('/v1/templates', {
      method: 'POST',
      body: { name: 'Bad filter use', html: '<p>{{ total | money: 42 }}</p>', sample_data: { total: 3 } },
    });
    const answer = await call(`/v1/templates/${made.body.id}/preview`, { method: 'POST', body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'invalid_filter_argument', line: 1 });

    await call(`/v1/templates/${made.body.id}`, { method: 'PATCH', body: { html: '{% if %}', publish: false } });
    const syntax = await call(`/v1/templates/${made.body.id}/preview`, { method: 'POST', body: {} });
    expect(syntax.status).toBe(422);
    expect(syntax.body.error.code).toBe('template_syntax_error');
  });

  it('does not count previews or checks against the monthly reports', async () => {
    const before = await app.usage.summary(owner.teamId);
    for (let i = 0; i < 3; i++) {
      expect((await preview({ version: 1 })).status).toBe(200);
      expect((await call(`/v1/templates/${id}/check`, { method: 'POST', body: { version: 1 } })).status).toBe(200);
    }
    const after = await app.usage.summary(owner.teamId);
    expect(after.usage.reports_per_month).toEqual(before.usage.reports_per_month);
    expect(after.usage.reports_per_month.used).toBe(0);
  });

  it('checks a version with its sample data: pages and no errors', async () => {
    const answer = await call(`/v1/templates/${id}/check`, { method: 'POST', body: { version: 1 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'template_check', template_id: id, version: 1, ok: true, pages: 1 });
    // Nothing to fix: only notes (the page count; the template names no font, which browsers draw their own way).
    const findings = answer.body.findings as Array<{ code: string; severity: string }>;
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(findings.map((f) => f.code)).toEqual(['font_generic', 'page_count']);
    expect(findings.at(-1)).toEqual({ code: 'page_count', severity: 'info', message: 'The report has 1 page' });
  });

  it('finds missing, unused and mistyped data, and syntax errors', async () => {
    const answer = await call(`/v1/templates/${id}/check`, {
      method: 'POST',
      body: { version: 1, data: { invoice: { number: 'X' }, items: [{ price: 'lots' }], extra: true } },
    });
    expect(answer.status).toBe(200);
    const findings = answer.body.findings as { code: string; path?: string }[];
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'missing_variable', path: 'customer' }),
        expect.objectContaining({ code: 'missing_variable', path: 'items[0].description' }),
        expect.objectContaining({ code: 'type_mismatch', path: 'items[0].price' }),
        expect.objectContaining({ code: 'unused_variable', path: 'extra' }),
      ]),
    );

    const made = await call('/v1/templates', { method: 'POST', body: { name: 'Check broken', html: '<p>ok</p>' } });
    await call(`/v1/templates/${made.body.id}`, {
      method: 'PATCH',
      body: { html: '<p>ok</p>\n{% for x in %}', publish: false },
    });
    const broken = await call(`/v1/templates/${made.body.id}/check`, { method: 'POST', body: {} });
    expect(broken.status).toBe(200);
    expect(broken.body).toMatchObject({ ok: false, pages: null, version: 2 });
    expect(broken.body.findings[0]).toMatchObject({ code: 'template_syntax_error', severity: 'error', line: 2 });

    const bad = await call(`/v1/templates/${id}/check`, { method: 'POST', body: { data: 'nope' } });
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'data' });
  });
});
