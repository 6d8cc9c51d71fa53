import { ACCOUNT_MESSAGES as M } from './messages';

/** The seed's minimum password length (section 9) and two-factor code length. */
export const PASSWORD_MIN_LENGTH = 8;
export const TOTP_CODE_LENGTH = 6;

/** A field's message, for each field that has a mistake; an empty object when the form may be sent. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The seed's "simple email pattern" (section 5): something, an @, something, a dot, something; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function email(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return M.emailRequired;
  if (!EMAIL_PATTERN.test(trimmed)) return M.emailInvalid;
  return undefined;
}

function newPassword(value: string): string | undefined {
  if (value === '') return M.passwordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return M.passwordTooShort;
  return undefined;
}

/** Drops the fields without a mistake, so that `Object.keys(errors).length === 0` means valid. */
function only<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  const out: FieldErrors<Field> = {};
  for (const [field, message] of Object.entries(errors) as [Field, string | undefined][]) {
    if (message) out[field] = message;
  }
  return out;
}

export interface RegisterValues {
  fullName: string;
  email: string;
  password: string;
}
/** Registration: all fields required; the password at least 8 characters (seed section 5). */
export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  return only({
    fullName: values.fullName.trim() === '' ? M.fullNameRequired : undefined,
    email: email(values.email),
    password: newPassword(values.password),
  });
}

export interface LoginValues {
  email: string;
  password: string;
}
/**
 * Sign-in: an email and a password (the seed's auth client refuses either missing). No length rule: an account
 * made before a rule changed must still be able to sign in.
 */
export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return only({
    email: email(values.email),
    password: values.password === '' ? M.passwordRequired : undefined,
  });
}

export interface ForgotValues {
  email: string;
}
export function validateForgot(values: ForgotValues): FieldErrors<keyof ForgotValues> {
  return only({ email: email(values.email) });
}

export interface ResetValues {
  password: string;
  confirm: string;
}
/** Reset password: minimum 8 characters (seed section 5), typed twice alike. */
export function validateReset(values: ResetValues): FieldErrors<keyof ResetValues> {
  const password = newPassword(values.password);
  return only({
    password,
    confirm: !password && values.confirm !== values.password ? M.passwordsDiffer : undefined,
  });
}

export interface TotpValues {
  code: string;
}
/** The two-factor code: 6 digits, digits only; empty gives "Please enter the verification code" (seed section 5). */
export function validateTotp(values: TotpValues): FieldErrors<keyof TotpValues> {
  const code = values.code.trim();
  if (code === '') return { code: M.codeRequired };
  if (!new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(code)) return { code: M.codeSixDigits };
  return {};
}

/** What the code field keeps of what is typed or pasted: digits, at most six ("123 456" pastes as 123456). */
export function totpDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);
}
