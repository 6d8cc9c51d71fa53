import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { usePageTitle } from '../../layout/use-page-title';
import { AccountCard } from './AccountCard';
import type { AccountApi } from './account-api';
import { accountApi } from './default-api';
import { Field } from './Field';
import { ACCOUNT_MESSAGES as M } from './messages';
import { notify, serviceMessage } from './notify';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { type FieldErrors, PASSWORD_MIN_LENGTH, type ResetValues, validateReset } from './validation';

/** After a reset, the seed's wait before the sign-in page (section 9). */
export const RESET_REDIRECT_MS = 2_000;

/**
 * The message of a failed reset (seed section 8): one that mentions the token means the link expired; any other
 * message of the service as it is; else the fallback.
 */
export function resetFailureMessage(error: unknown): string {
  const message = serviceMessage(error, M.resetFailed);
  return /token/i.test(message) || message === M.resetLinkExpired ? M.resetLinkExpired : message;
}

/** /reset-password?token=…: the new password, its strength, and on success the way back to sign in. */
export function ResetPasswordPage({
  token,
  api = accountApi,
  onDone,
}: {
  token: string | undefined;
  api?: AccountApi;
  /** Called 2 s after a successful reset; by default it goes to /login. */
  onDone?: () => void;
}) {
  usePageTitle('Choose a new password');
  const navigate = useNavigate();
  const [values, setValues] = useState<ResetValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetValues>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => (onDone ? onDone() : void navigate({ to: '/login' })), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, onDone]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateReset(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !token) return;
    setBusy(true);
    try {
      await api.resetPassword(token, values.password);
      notify.success(M.resetSucceeded);
      setDone(true);
    } catch (error) {
      notify.error(resetFailureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const change = (field: keyof ResetValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  let body: ReactNode;
  if (!token) {
    body = (
      <div className="account-done account-done-failed" role="alert">
        <p>{M.resetLinkExpired}</p>
        <Link to="/forgot-password">Request a new link</Link>
      </div>
    );
  } else if (done) {
    body = (
      <div className="account-done" role="status">
        <p>{M.resetSucceeded}</p>
        <p>Taking you to sign in…</p>
      </div>
    );
  } else {
    body = (
      <form className="account-form" onSubmit={submit} noValidate>
        <Field
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; longer, with capitals, digits and symbols, is stronger.`}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        >
          <PasswordStrengthMeter password={values.password} />
        </Field>
        <Field
          label="Confirm new password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={values.confirm}
          onChange={change('confirm')}
          error={errors.confirm}
        />
        <button type="submit" className="site-button site-button-primary account-submit" disabled={busy}>
          {busy ? 'Saving…' : 'Reset password'}
        </button>
      </form>
    );
  }

  return (
    <AccountCard
      title="Choose a new password"
      footer={
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      {body}
    </AccountCard>
  );
}
