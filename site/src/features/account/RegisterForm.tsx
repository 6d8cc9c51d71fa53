import { type FormEvent, useState } from 'react';
import type { AccountApi } from './account-api';
import { Field } from './Field';
import { ACCOUNT_MESSAGES as M } from './messages';
import { notify, serviceMessage } from './notify';
import { type FieldErrors, PASSWORD_MIN_LENGTH, type RegisterValues, validateRegister } from './validation';

/** Full name, email and password, all required, the password at least 8 characters (seed section 5). */
export function RegisterForm({ api, onRegistered }: { api: AccountApi; onRegistered(email: string): void }) {
  const [values, setValues] = useState<RegisterValues>({ fullName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof RegisterValues>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: keyof RegisterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.signUp(values);
      notify.success(M.registerSucceeded);
      onRegistered(values.email.trim());
    } catch (error) {
      notify.error(serviceMessage(error, M.registerFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <Field
        label="Full name"
        name="fullName"
        autoComplete="name"
        value={values.fullName}
        onChange={change('fullName')}
        error={errors.fullName}
      />
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <button type="submit" className="site-button site-button-primary account-submit" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
