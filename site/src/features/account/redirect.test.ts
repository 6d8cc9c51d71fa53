import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN, safeRedirect } from './redirect';

describe('the redirect after sign-in', () => {
  it.each([
    ['/templates', '/templates'],
    ['/reports/rep_1?tab=pdf#top', '/reports/rep_1?tab=pdf#top'],
    ['/dashboard', '/dashboard'],
  ])('keeps the path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'templates',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/login',
    '/register',
    '/reset-password',
  ])('sends %j to /dashboard instead', (raw) => {
    expect(safeRedirect(raw)).toBe(AFTER_SIGN_IN);
  });
});
