import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { usePageTitle } from '../../layout/use-page-title';
import { AccountCard } from './AccountCard';
import type { AccountApi } from './account-api';
import { accountApi } from './default-api';
import { Field } from './Field';
import { ACCOUNT_MESSAGES as M } from './messages';
import { notify, serviceMessage } from './notify';
import { validateForgot } from './validation';

/** /forgot-password: the address to mail a reset link to. */
export function ForgotPasswordPage({ api = accountApi }: { api?: AccountApi }) {
  usePageTitle('Forgot your password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateForgot({ email }).email;
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await api.recover(email);
      notify.success(M.forgotSucceeded);
      setSent(true);
    } catch (failure) {
      notify.error(serviceMessage(failure, M.forgotFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {sent ? (
        <div className="account-done" role="status">
          <p>{M.forgotSucceeded}</p>
          <p>The link works for one hour. Check your spam folder if it does not arrive.</p>
        </div>
      ) : (
        <form className="account-form" onSubmit={submit} noValidate>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error}
          />
          <button type="submit" className="site-button site-button-primary account-submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
    </AccountCard>
  );
}
