import { QuireError } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { check } from '../check/check';
import { renderReport } from '../render';

const email = (html: string) => ({ template: { kind: 'email' as const, html }, data: { name: 'Ada' } });

async function failure(promise: Promise<unknown>): Promise<QuireError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!QuireError.isInstance(error)) throw new Error(`expected a QuireError, got ${String(error)}`);
  return error;
}

describe('email output', () => {
  it('compiles MJML after a comment and Liquid tags, and prints the data', async () => {
    const html =
      '<!-- spec -->{% assign who = name | upcase %}\n<mjml><mj-body><mj-section><mj-column>' +
      '<mj-text>Hello {{ who }}</mj-text><mj-button href="https://example.com/reset">Reset</mj-button>' +
      '</mj-column></mj-section></mj-body></mjml>';
    const result = await renderReport(email(html));
    const text = new TextDecoder().decode(result.bytes);
    expect(result.contentType).toContain('text/html');
    expect(text).toMatch(/^<!doctype html>/i);
    expect(text).toContain('Hello ADA');
    expect(text).not.toContain('<mj-');
  });

  it('refuses an HTML page as an email with template_render_error (422), naming what it starts with', async () => {
    const page = '<!DOCTYPE html><html><body><table><tr><td>Hi {{ name }}</td></tr></table></body></html>';
    const error = await failure(renderReport(email(page)));
    expect(error.code).toBe('template_render_error');
    expect(error.status).toBe(422);
    expect(error.message).toContain('starts with <html>');
    expect(error.details).toMatchObject({ found: 'html' });
    expect((await failure(renderReport(email('Just text, {{ name }}')))).message).toContain('has no element');
  });

  it('reports a body that is not MJML as an error finding of check(), not an exception', async () => {
    const result = await check(email('<div><p>Hi {{ name }}</p></div>'));
    expect(result.ok).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'template_render_error', severity: 'error' }),
    );
    expect(result.findings.find((f) => f.code === 'template_render_error')?.message).toContain('starts with <div>');
  });
});
