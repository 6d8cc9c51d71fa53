import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from './messages';
import { totpDigits, validateForgot, validateLogin, validateRegister, validateReset, validateTotp } from './validation';

describe('registration', () => {
  it('needs every field', () => {
    expect(validateRegister({ fullName: '', email: '', password: '' })).toEqual({
      fullName: M.fullNameRequired,
      email: M.emailRequired,
      password: M.passwordRequired,
    });
    expect(validateRegister({ fullName: '   ', email: '  ', password: 'long enough' })).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
    });
  });

  it('needs a password of at least 8 characters', () => {
    const values = { fullName: 'Ada', email: 'ada@example.com' };
    expect(validateRegister({ ...values, password: '1234567' })).toEqual({
      password: 'Password must be at least 8 characters long',
    });
    expect(validateRegister({ ...values, password: '12345678' })).toEqual({});
  });

  it('needs an address that looks like one', () => {
    for (const email of ['ada', 'ada@', 'ada@example', '@example.com', 'a da@example.com']) {
      expect(validateRegister({ fullName: 'Ada', email, password: '12345678' }), email).toEqual({
        email: 'Please enter a valid email address',
      });
    }
    expect(validateRegister({ fullName: 'Ada', email: ' ada@example.com ', password: '12345678' })).toEqual({});
  });
});

describe('sign-in', () => {
  it('needs an email and a password, of any length', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });
});

describe('forgot password', () => {
  it('needs an email', () => {
    expect(validateForgot({ email: '' })).toEqual({ email: M.emailRequired });
    expect(validateForgot({ email: 'nope' })).toEqual({ email: M.emailInvalid });
    expect(validateForgot({ email: 'ada@example.com' })).toEqual({});
  });
});

describe('reset password', () => {
  it('needs at least 8 characters, typed twice alike', () => {
    expect(validateReset({ password: '', confirm: '' })).toEqual({ password: M.passwordRequired });
    expect(validateReset({ password: 'short', confirm: 'short' })).toEqual({ password: M.passwordTooShort });
    expect(validateReset({ password: 'long enough', confirm: 'long enougH' })).toEqual({
      confirm: M.passwordsDiffer,
    });
    expect(validateReset({ password: 'long enough', confirm: 'long enough' })).toEqual({});
  });
});

describe('the two-factor code', () => {
  it('says "Please enter the verification code" when empty, and wants 6 digits', () => {
    expect(validateTotp({ code: '' })).toEqual({ code: 'Please enter the verification code' });
    expect(validateTotp({ code: '   ' })).toEqual({ code: 'Please enter the verification code' });
    expect(validateTotp({ code: '12345' })).toEqual({ code: M.codeSixDigits });
    expect(validateTotp({ code: '1234567' })).toEqual({ code: M.codeSixDigits });
    expect(validateTotp({ code: '12a456' })).toEqual({ code: M.codeSixDigits });
    expect(validateTotp({ code: '123456' })).toEqual({});
  });

  it('keeps only digits of what is typed or pasted, six at most', () => {
    expect(totpDigits('123 456')).toBe('123456');
    expect(totpDigits('12a4-5b6')).toBe('12456');
    expect(totpDigits('12345678')).toBe('123456');
    expect(totpDigits('abc')).toBe('');
  });
});
