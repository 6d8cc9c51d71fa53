/**
 * Emails written by the built-in writer, through the running app: each request passes the verify loop on its
 * first round, is saved as a template of kind email, renders as an email report, and takes a refinement. Before,
 * every `kind: "email"` request answered 502 ai_answer_unusable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';

let app: RunningApp;
let token: string;
const call = () => apiClient(app);

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' });
  ({ token } = await newAccount(app, 'mailer'));
  // The Free plan holds two templates; these tests make more.
  const plan = await call()('POST', '/v1/subscription', { token, body: { plan: 'enterprise' } });
  expect(plan.status).toBe(200);
});
afterAll(async () => {
  await app.close({ removeData: true });
});

interface Finding {
  serious: boolean;
  code: string;
}

/** Generates an email and renders a report from it with its sample data: the report's HTML. */
async function writeAndSend(body: Record<string, unknown>) {
  const generated = await call()('POST', '/v1/ai/templates', { token, body: { kind: 'email', ...body } });
  expect(generated.status, JSON.stringify(generated.body).slice(0, 300)).toBe(201);
  const { template, report, reply } = generated.body;
  expect(template.kind).toBe('email');
  expect(template.html).toContain('<mjml>');
  expect(report.rounds).toEqual([{ round: 1, task: 'generate', problems: [] }]);
  expect(report.remaining.filter((f: Finding) => f.serious)).toEqual([]);
  const sent = await call()('POST', '/v1/reports', {
    token,
    headers: { Accept: 'text/html' },
    body: { template_id: template.id, data: template.sample_data },
  });
  expect(sent.status).toBe(201);
  expect(sent.headers.get('content-type')).toContain('text/html');
  return { template, reply: reply as string, html: sent.body as string };
}

describe('the built-in writer, asked for emails', () => {
  const cases: [string, string[]][] = [
    ['A password reset email with a button to choose a new password', ['Reset your password', 'Reset password']],
    ['An order confirmation email listing the items and the total, in dark green', ['Brass fountain pen', '$124.74']],
    ['A welcome email for new customers', ['Welcome to Northwind Studio!', 'Get started']],
    ['A receipt email for a card payment', ['Thank you for your payment', 'RCPT-2026-0311']],
    ['Shipping notification: your order has shipped, with the tracking number', ['1Z999AA10123456784']],
  ];
  for (const [prompt, shown] of cases) {
    it(`writes, checks and sends "${prompt}"`, async () => {
      const { html, reply } = await writeAndSend({ prompt });
      expect(reply).toMatch(/^Here is an? .+ in MJML/);
      expect(html).toMatch(/^<!doctype html>/i);
      for (const text of shown) expect(html).toContain(text);
      // Liquid ran and MJML compiled: nothing of either is left in what a mail client gets.
      expect(html).not.toMatch(/\{\{|\{%|<mj-/);
    });
  }

  it("writes a password reset email for the team's own data", async () => {
    const sample = {
      app: { title: 'Acme Cloud', support: 'help@acme.example' },
      account: { name: 'Grace Hopper', email: 'grace@example.org' },
      links: { reset: 'https://acme.example/reset/42' },
    };
    const { template, html, reply } = await writeAndSend({ prompt: 'Forgot password email', data_sample: sample });
    expect(template.sample_data).toEqual(sample);
    expect(reply).not.toContain('Your data has no');
    for (const text of ['Acme Cloud', 'Grace Hopper', 'https://acme.example/reset/42', 'help@acme.example'])
      expect(html).toContain(text);
  });

  it('refines an email it wrote in the template’s conversation', async () => {
    const { template } = await writeAndSend({ prompt: 'Invoice email with a pay button' });
    const turn = await call()('POST', `/v1/templates/${template.id}/messages`, {
      token,
      body: { content: 'make it orange and change the heading to "Your March invoice"' },
    });
    expect(turn.status, JSON.stringify(turn.body).slice(0, 300)).toBe(201);
    expect(turn.body.message.content).toBe('I made the accent orange and changed the heading to "Your March invoice".');
    expect(turn.body.template.html).toContain('Your March invoice');
    expect(turn.body.version).toBe(2);
  });
});
