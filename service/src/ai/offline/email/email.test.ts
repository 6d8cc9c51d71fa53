import type { TemplateContent } from '@quire/core';
import { check, renderReport } from '@quire/render';
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../answer-format';
import { writeAnswer } from '../answer';
import { emailKindOf, generateEmail, refineEmail, repairEmail } from './index';
import { readEmailSpec } from './spec';

/** The template an answer holds, as the authoring loop would lay it over a blank email. */
function templateOf(answer: ReturnType<typeof generateEmail>): TemplateContent {
  const parsed = parseAnswer(writeAnswer(answer));
  expect(parsed.notes).toEqual([]);
  return {
    name: parsed.name ?? 'Email',
    description: '',
    kind: 'email',
    html: parsed.html ?? '',
    css: '',
    header_html: '',
    footer_html: '',
    page: { size: 'A4', orientation: 'portrait', margins: { top: 10, right: 10, bottom: 10, left: 10 } },
    sample_data: (parsed.sampleData ?? {}) as Record<string, unknown>,
    data_schema: null,
    validate_data: false,
    tags: [],
  };
}

async function emailHtml(template: TemplateContent, data = template.sample_data): Promise<string> {
  const result = await renderReport({ template, data });
  expect(result.format).toBe('email');
  expect(result.warnings).toEqual([]);
  return new TextDecoder().decode(result.bytes);
}

const PROMPTS: [string, string, string[]][] = [
  [
    'A password reset email',
    'password_reset',
    ['Reset your password', 'https://app.northwind.example/reset?token=7f3c9a'],
  ],
  ['Welcome email for people who just signed up', 'welcome', ['Welcome to Northwind Studio!', 'Get started']],
  [
    'An order confirmation email with the items and totals',
    'order_confirmation',
    ['Thanks for your order, Ada!', 'Brass fountain pen', '$124.74'],
  ],
  ['A receipt for a card payment', 'receipt', ['Thank you for your payment', 'RCPT-2026-0311', '$124.74']],
  ['Please confirm your email address', 'verify_email', ['Confirm your email address', 'ada.lovelace@example.com']],
  ['Your order has shipped', 'shipping', ['Your order is on its way', '1Z999AA10123456784']],
  ['Invoice email with a pay now button', 'invoice', ['Invoice INV-2026-0042', 'Pay invoice']],
  ['Appointment reminder for tomorrow', 'reminder', ['Design review', 'Manage your booking']],
];

describe('the offline email writer', () => {
  for (const [prompt, kind, shown] of PROMPTS) {
    it(`writes "${prompt}" as a ${kind} email that renders its own sample and passes check`, async () => {
      expect(emailKindOf(prompt).kind).toBe(kind);
      const template = templateOf(generateEmail({ prompt }));
      expect(template.html).toMatch(/<mjml>[\s\S]*<mj-body[\s\S]*<\/mjml>/);
      const html = await emailHtml(template);
      for (const text of shown) expect(html).toContain(text);
      const checked = await check({ template, data: template.sample_data });
      expect(checked.findings.filter((f) => f.severity !== 'info')).toEqual([]);
      expect(checked.findings.filter((f) => f.code === 'unused_variable')).toEqual([]);
    });
  }

  it('says when it recognised no kind of email, and writes a general notification', () => {
    const answer = generateEmail({ prompt: 'Something for our customers' });
    expect(readEmailSpec(answer.content?.html ?? '')?.spec).toMatchObject({ kind: 'notification', found: false });
    expect(answer.reply).toContain('I did not recognise a kind of email');
  });

  it('takes the colour and font asked for, and says that the text is English when another language was', async () => {
    const answer = generateEmail({ prompt: 'Un e-mail pour réinitialiser le mot de passe, en vert, police serif' });
    const template = templateOf(answer);
    expect(readEmailSpec(template.html)?.spec).toMatchObject({ kind: 'password_reset', font: 'serif' });
    expect(template.html).toContain('Georgia');
    expect(answer.reply).toContain("The email's text is in English, not French");
    await emailHtml(template);
  });

  it("binds the email to the user's own data names, and leaves out what the data lacks", async () => {
    const sample = {
      app: { title: 'Acme Cloud' },
      account: { name: 'Grace Hopper', email_address: 'grace@example.org' },
      links: { reset: 'https://acme.example/r/42' },
      internal_id: 7,
    };
    const answer = generateEmail({ prompt: 'Password reset email', sample });
    const template = templateOf(answer);
    expect(template.sample_data).toEqual(sample);
    expect(template.html).toContain('{{ app.title }}');
    expect(template.html).toContain('href="{{ links.reset }}"');
    expect(template.html).toContain('{{ account.email_address }}');
    expect(answer.reply).toContain('Your data has no support email (`company.support_email`)');
    expect(answer.reply).toContain('Not shown from your data: `internal_id`');
    const html = await emailHtml(template);
    expect(html).toContain('Acme Cloud');
    expect(html).toContain('https://acme.example/r/42');
    // The sentence about the support address is left out rather than printed with a hole in it.
    expect(html).not.toContain('Write to .');
    const checked = await check({ template, data: sample });
    expect(checked.findings.filter((f) => f.code === 'missing_variable')).toEqual([]);
  });

  it("shows a user's list of items with the columns it has", async () => {
    const sample = {
      shop: { name: 'Fernwood' },
      customer: { first_name: 'Emily' },
      order: {
        number: 'FW-1',
        placed_at: '2026-03-11',
        total: 42,
        lines: [{ product: 'Mug', qty: 2, unit_price: 21 }],
      },
    };
    const template = templateOf(generateEmail({ prompt: 'Order confirmation', sample }));
    expect(readEmailSpec(template.html)?.spec.items).toEqual({
      path: 'order.lines',
      name: 'product',
      quantity: 'qty',
      price: 'unit_price',
    });
    const html = await emailHtml(template);
    expect(html).toContain('Mug');
    expect(html).toContain('$21.00');
    expect(html).toContain('$42.00');
  });

  it('renders with an empty list, 300 rows, and the optional fields missing', async () => {
    const template = templateOf(generateEmail({ prompt: 'Order confirmation email' }));
    const order = template.sample_data.order as Record<string, unknown>;
    const empty = await emailHtml(template, { ...template.sample_data, order: { ...order, items: [] } });
    expect(empty).toContain('No items');
    const many = Array.from({ length: 300 }, (_, i) => ({ name: `Item ${i}`, quantity: 1, price: 1 }));
    expect(await emailHtml(template, { ...template.sample_data, order: { ...order, items: many } })).toContain(
      'Item 299',
    );
    const { payment_method: _payment, shipping: _shipping, tax: _tax, ...lean } = order;
    await emailHtml(template, { ...template.sample_data, order: lean, company: { name: 'X' } });
  });

  it('refines the colour, the heading and the table of an email it wrote, and says what it cannot do', async () => {
    const template = templateOf(generateEmail({ prompt: 'Order confirmation email' }));
    const refined = refineEmail(
      'make it navy, change the heading to "Your Fernwood order" and remove the items table',
      template,
    );
    expect(refined.reply).toBe(
      'I made the accent navy, changed the heading to "Your Fernwood order" and removed the items table.',
    );
    const next = templateOf(refined);
    expect(readEmailSpec(next.html)).toMatchObject({ pristine: true, spec: { accent: '#1b2a4a' } });
    expect(readEmailSpec(next.html)?.spec.items).toBeUndefined();
    expect(await emailHtml(next)).toContain('Your Fernwood order');

    const refused = refineEmail('add a pie chart', template);
    expect(refused.reply).toMatch(/^I can't .* in an email offline/);
    expect(refused.content?.html).toBe(template.html);
  });

  it('leaves an email someone edited, or did not come from it, as it is', () => {
    const template = templateOf(generateEmail({ prompt: 'Welcome email' }));
    const edited = { ...template, html: template.html.replace('Get started', 'Start now') };
    const answer = refineEmail('make it green', edited);
    expect(answer.reply).toContain('was edited since I wrote it');
    expect(answer.content?.html).toBe(edited.html);
    const foreign = { ...template, html: '<mjml><mj-body><mj-text>Hi</mj-text></mj-body></mjml>' };
    expect(refineEmail('make it green', foreign).reply).toContain('I did not write it');
    expect(repairEmail(foreign, ['x']).content?.html).toBe(foreign.html);
    expect(repairEmail(template, ['x']).content?.html.trim()).toBe(template.html.trim());
  });

  it('gives the same email for the same request', () => {
    expect(generateEmail({ prompt: 'Receipt email' })).toEqual(generateEmail({ prompt: 'Receipt email' }));
  });
});
