import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES } from './catalogue';
import { ErrorEnvelope } from './error.schema';
import { QuireError, TemplateError } from './quire-error';

describe('the error catalogue', () => {
  it('uses the seed messages word for word', () => {
    expect(ERROR_CATALOGUE.password_too_short.message).toBe('Password must be at least 8 characters long');
    expect(ERROR_CATALOGUE.missing_credentials.message).toBe(
      'You must provide either an email or phone number and a password',
    );
    expect(ERROR_CATALOGUE.reset_link_expired.message).toBe(
      'Password reset link has expired. Please request a new one.',
    );
    expect(ERROR_CATALOGUE.session_missing.message).toBe('Auth session missing!');
    expect(ERROR_CATALOGUE.invalid_verification_code.message).toBe('Failed to verify the code. Please try again.');
    expect(ERROR_CATALOGUE.captcha_required.message).toBe(
      'CAPTCHA Required: Please complete the CAPTCHA verification.',
    );
    expect(ERROR_CATALOGUE.cannot_remove_self.message).toBe('You cannot remove yourself');
    expect(ERROR_CATALOGUE.email_required.message).toBe('Email is required');
    expect(ERROR_CATALOGUE.invalid_email.message).toBe('Please enter a valid email address');
    expect(ERROR_CATALOGUE.verification_code_required.message).toBe('Please enter the verification code');
  });

  it('gives every code an HTTP error status and a message', () => {
    for (const code of ERROR_CODES) {
      const { status, message } = ERROR_CATALOGUE[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(message.length).toBeGreaterThan(0);
    }
    expect(ERROR_CATALOGUE.plan_limit_exceeded.status).toBe(402);
  });
});

describe('QuireError', () => {
  it('carries code, type, status, param and details', () => {
    const error = new QuireError('plan_limit_exceeded', { details: { limit: 2, used: 2, plan: 'free' } });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(402);
    expect(error.type).toBe('plan_limit_error');
    expect(error.toJSON()).toEqual({
      type: 'plan_limit_error',
      code: 'plan_limit_exceeded',
      message: ERROR_CATALOGUE.plan_limit_exceeded.message,
      limit: 2,
      used: 2,
      plan: 'free',
    });
    const envelope = {
      error: { ...new QuireError('validation_failed', { param: 'page.size' }).toJSON(), request_id: 'req_1' },
    };
    expect(ErrorEnvelope.parse(envelope).error.param).toBe('page.size');
  });

  it('is recognised across two installed copies of the package', () => {
    // What another copy's error looks like to this one: a different class carrying the same registry symbol.
    const foreign = Object.defineProperty(new Error('x'), Symbol.for('@quire/core/QuireError'), { value: true });
    expect(foreign instanceof QuireError).toBe(false);
    expect(QuireError.isInstance(foreign)).toBe(true);
    expect(QuireError.isInstance(new Error('plain'))).toBe(false);
    expect(QuireError.isInstance(null)).toBe(false);
    expect(QuireError.isInstance(new TemplateError('template_syntax_error', { line: 1, column: 2 }))).toBe(true);
  });
});
