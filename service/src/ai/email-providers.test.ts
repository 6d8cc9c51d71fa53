/**
 * "A password reset email" through the real HTTP API with every provider: the built-in writer, Gemini and an
 * OpenAI-compatible endpoint (fake servers on loopback speaking their wire formats). Each request is written,
 * checked, saved as an email template and sent as an email report. The model answers are what models write when
 * asked for an email: an HTML page instead of MJML (it used to crash the checks: "Malformed MJML", a 500), a css
 * block and a page footer carried over from documents.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import type { AiProvider } from './provider';
import { type FakeServer, fakeGemini, fakeOpenAi } from './providers/__fixtures__/index';
import { geminiProvider, openAiCompatibleProvider } from './providers/index';

let app: RunningApp | undefined;
let fake: FakeServer | undefined;
afterEach(async () => {
  await app?.close({ removeData: true });
  await fake?.close();
  app = undefined;
  fake = undefined;
});

const SAMPLE = {
  app: { name: 'Acme Cloud' },
  user: { first_name: 'Ada', email: 'ada@example.com' },
  reset_url: 'https://app.example.com/reset/8f2c',
  expires_in_minutes: 30,
};

/** An email written as an HTML page, with a css block: what a model used to documents answers. */
const HTML_PAGE = `Here is a clean password reset email.

\`\`\`html
<!DOCTYPE html>
<html><head><meta charset="utf-8"></head>
<body><table width="600"><tr><td><h1>Reset your password</h1><p>Hi {{ user.first_name }},</p>
<p><a class="btn" href="{{ reset_url }}">Choose a new password</a></p></td></tr></table></body></html>
\`\`\`

\`\`\`css
.btn { background: #1f4e79; color: #ffffff; padding: 12px 20px; }
\`\`\`

\`\`\`json
{"name": "Password reset", "sample_data": ${JSON.stringify(SAMPLE)}}
\`\`\``;

const MJML_BODY = `<mjml>
  <mj-head><mj-title>Reset your password</mj-title></mj-head>
  <mj-body width="600px">
    <mj-section background-color="#1f4e79"><mj-column><mj-text color="#ffffff">{{ app.name }}</mj-text></mj-column></mj-section>
    <mj-section>
      <mj-column>
        <mj-text font-size="22px">Reset your password</mj-text>
        <mj-text>Hi {{ user.first_name }}, we received a request to reset the password of {{ user.email }}.</mj-text>
        <mj-button href="{{ reset_url }}" background-color="#1f4e79">Choose a new password</mj-button>
        <mj-text css-class="muted">The link expires in {{ expires_in_minutes }} minutes.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/** The repair: MJML in an mjml fence, still with a css block and a page footer from the document format. */
const MJML_ANSWER = `I rewrote it in MJML.

\`\`\`mjml
${MJML_BODY}
\`\`\`

\`\`\`css
.muted div { color: #777777 !important; }
\`\`\`

\`\`\`json
{"name": "Password reset", "page": {"size": "A4"}, "footer_html": "<p>Page {{ page_number }} of {{ page_count }}</p>", "sample_data": ${JSON.stringify(SAMPLE)}}
\`\`\``;

interface Finding {
  serious: boolean;
  code: string;
}

/** Asks for a password reset email and sends it as an email report: the generation's body and the email's HTML. */
async function resetEmail(provider: AiProvider | undefined) {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' }, undefined, provider ? { aiProvider: provider } : {});
  const call = apiClient(app);
  const owner = await newAccount(app, 'mailer');
  const generated = await call('POST', '/v1/ai/templates', {
    token: owner.token,
    body: { prompt: 'a password reset email', kind: 'email' },
  });
  expect(generated.status, JSON.stringify(generated.body).slice(0, 400)).toBe(201);
  const { template, report } = generated.body;
  expect(template.kind).toBe('email');
  expect(template.html.trimStart()).toMatch(/^(<!--[\s\S]*?-->\s*)?(\{%[\s\S]*?%\}\s*)*<mjml>/);
  expect(report.remaining.filter((f: Finding) => f.serious)).toEqual([]);
  const sent = await call('POST', '/v1/reports', {
    token: owner.token,
    headers: { Accept: 'text/html' },
    body: { template_id: template.id, data: template.sample_data },
  });
  expect(sent.status).toBe(201);
  expect(sent.headers.get('content-type')).toContain('text/html');
  const html = sent.body as string;
  expect(html).toMatch(/^<!doctype html>/i);
  expect(html).not.toMatch(/\{\{|\{%|<mj-/);
  return { template, report, html };
}

describe('email generation with every provider', () => {
  it('the built-in writer writes MJML that is checked and sent', async () => {
    const { report, html } = await resetEmail(undefined);
    expect(report).toMatchObject({ provider: 'offline', kept_round: 1 });
    expect(html).toContain('Reset your password');
  }, 60_000);

  it('Gemini: an HTML page is sent back to be written in MJML; the repair is kept, its css in an mj-style', async () => {
    fake = await fakeGemini(HTML_PAGE, MJML_ANSWER);
    const { template, report, html } = await resetEmail(
      geminiProvider({ apiKey: 'gemini-test-key', baseUrl: fake.baseUrl, timeoutMs: 10_000 }),
    );
    expect(report).toMatchObject({ provider: 'gemini', kept_round: 2 });
    expect(report.rounds.map((r: { task: string }) => r.task)).toEqual(['generate', 'repair']);
    expect(report.rounds[0].problems.join('\n')).toMatch(
      /email template is MJML.*starts with <html>.*template_render_error/,
    );
    expect(report.rounds[1].problems).toEqual([]);
    // The email's system prompt went as the instruction, and the repair turn carried the problem.
    const instruction = JSON.stringify(fake.requests[0]?.body.systemInstruction);
    expect(instruction).toContain('An email template is MJML with Liquid');
    expect(instruction).not.toContain('footer_html');
    expect(JSON.stringify(fake.requests[1]?.body.contents)).toContain('starts with <html>');
    // The css block became an mj-style; the page footer of the document format was not taken.
    expect(template.css).toBe('');
    expect(template.html).toMatch(
      /<mj-head>\s*<mj-style>\s*\.muted div \{ color: #777777 !important; \}\s*<\/mj-style>/,
    );
    expect(template.footer_html).toBe('');
    expect(report.notes.join(' ')).toContain('mj-style');
    for (const text of ['Acme Cloud', 'Hi Ada', 'Choose a new password', 'https://app.example.com/reset/8f2c'])
      expect(html).toContain(text);
    expect(html).toMatch(/\.muted div\s*\{\s*color:\s*#777777 !important;?\s*\}/);
  }, 60_000);

  it('OpenAI-compatible: an MJML answer is kept on the first round and sent', async () => {
    fake = await fakeOpenAi(
      `Here is your email.\n\n\`\`\`html\n${MJML_BODY}\n\`\`\`\n\n\`\`\`json\n${JSON.stringify({ name: 'Password reset', sample_data: SAMPLE })}\n\`\`\``,
    );
    const { template, report, html } = await resetEmail(
      openAiCompatibleProvider({ apiKey: 'sk-test', baseUrl: fake.baseUrl, model: 'gpt-4.1-mini', timeoutMs: 10_000 }),
    );
    expect(report).toMatchObject({ provider: 'openai', kept_round: 1 });
    expect(template.sample_data).toEqual(SAMPLE);
    expect(report.checked).toContainEqual(expect.objectContaining({ check: 'sample_data', ok: true }));
    const system = fake.requests[0]?.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('```html\n<mjml>');
    for (const text of ['Acme Cloud', 'ada@example.com', 'The link expires in 30 minutes.'])
      expect(html).toContain(text);
  }, 60_000);

  it('refuses to send an email template whose body is not MJML with 422 template_render_error, not a 500', async () => {
    app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' });
    const call = apiClient(app);
    const owner = await newAccount(app, 'sender');
    const created = await call('POST', '/v1/templates', {
      token: owner.token,
      body: { name: 'Not MJML', kind: 'email', html: '<html><body><p>Hi {{ name }}</p></body></html>' },
    });
    expect(created.status).toBe(201);
    const sent = await call('POST', '/v1/reports', {
      token: owner.token,
      body: { template_id: created.body.id, data: { name: 'Ada' } },
    });
    expect(sent.status).toBe(422);
    expect(sent.body.error).toMatchObject({ code: 'template_render_error' });
    expect(sent.body.error.message).toContain('starts with <html>');
  }, 30_000);
});
