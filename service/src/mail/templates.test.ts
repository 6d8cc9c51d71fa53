import { describe, expect, it } from 'vitest';
import { escapeHtml, renderEmail } from './templates';

const evil = '<script>alert("x")</script> & \'co\'';

/** The HTML is a whole document and every tag that opens a table closes it. */
function expectValidHtml(html: string) {
  expect(html).toMatch(/^<!doctype html>/i);
  expect(html).toMatch(/<\/html>\s*$/);
  for (const tag of ['table', 'tr', 'td', 'div']) {
    const opened = html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
    const closed = html.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
    expect(closed, tag).toBe(opened);
  }
  expect(html).not.toMatch(/\{\{\w+\}\}/);
}

describe('renderEmail', () => {
  it('renders the verification email with its link', async () => {
    const link = 'https://quire.test/verify?token=a&b=c';
    const email = await renderEmail('verify_email', { name: evil, link });
    expect(email.subject).toBe('Confirm your email');
    expectValidHtml(email.html);
    expect(email.html).toContain('href="https://quire.test/verify?token=a&amp;b=c"');
    expect(email.html).toContain(escapeHtml(evil));
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain(link);
    expect(email.text).toContain(`Hello ${evil},`);
  });

  it('renders the reset email, saying when the link expires', async () => {
    const link = 'https://quire.test/reset-password?token=xyz';
    const email = await renderEmail('reset_password', { link });
    expect(email.subject).toBe('Reset your password');
    expectValidHtml(email.html);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain('expires in 1 hour');
    expect(email.text).toContain(link);
    expect(email.text).toContain('expires in 1 hour');
  });

  it('renders the invitation with inviter, team, role and link', async () => {
    const link = 'https://quire.test/invitations/inv_1/accept';
    const email = await renderEmail('invitation', { inviter: 'Ada <ada>', team: 'R&D', role: 'editor', link });
    expect(email.subject).toBe('Ada <ada> invited you to R&D on Quire');
    expectValidHtml(email.html);
    expect(email.html).toContain('Ada &lt;ada&gt; invited you to join <strong>R&amp;D</strong> on Quire as editor.');
    expect(email.html).toContain(`<title>Ada &lt;ada&gt; invited you to R&amp;D on Quire</title>`);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.text).toContain('as editor');
    expect(email.text).toContain(link);
  });

  it('echoes the message in the contact copy, escaped, lines kept', async () => {
    const email = await renderEmail('contact_copy', { name: 'Bob', message: `First line\n${evil}\n{{subject}}` });
    expect(email.subject).toBe('We received your message');
    expectValidHtml(email.html.replace('{{subject}}', ''));
    expect(email.html).toContain(`First line<br />${escapeHtml(evil)}<br />{{subject}}`);
    expect(email.text).toContain(`First line\n${evil}\n{{subject}}`);
  });

  it('renders the operator copy of a contact message', async () => {
    const email = await renderEmail('contact', { name: 'Bob', email: 'bob@example.com', message: 'Hi <b>there</b>' });
    expect(email.subject).toBe('Contact form: message from Bob');
    expectValidHtml(email.html);
    expect(email.html).toContain('Bob &lt;bob@example.com&gt; wrote');
    expect(email.html).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
  });

  it('refuses links that are not http(s)', async () => {
    await expect(renderEmail('verify_email', { link: 'javascript:alert(1)' })).rejects.toThrow(/http/);
  });

  it('compiles each template once', async () => {
    const started = performance.now();
    for (let i = 0; i < 20; i++) await renderEmail('reset_password', { link: 'https://quire.test/r' });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
