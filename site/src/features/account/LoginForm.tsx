import { type FormEvent, useState } from 'react';
import type { SessionManager } from '../../session/session-manager';
import type { AltchaChallenge } from '../contact/AltchaWidget';
import { captchaChallengeOf } from './captcha';
import { Field } from './Field';
import { LazyAltchaWidget } from './LazyAltchaWidget';
import { ACCOUNT_MESSAGES as M } from './messages';
import { notify, serviceMessage } from './notify';
import { type FieldErrors, type LoginValues, validateLogin } from './validation';

export interface LoginFormProps {
  session: SessionManager;
  /** Signed in (with the password alone). */
  onSignedIn(): void;
  /** The password was right and the account has two-factor: the code is asked next. */
  onMfaRequired(challenge: { factorId: string; challengeId: string }): void;
}

/** Email and password; the seed's messages on failure; a proof of work when the service asks for one. */
export function LoginForm({ session, onSignedIn, onMfaRequired }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<AltchaChallenge | null>(null);
  const [altcha, setAltcha] = useState<string | null>(null);

  const change = (field: keyof LoginValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await session.signIn(values.email.trim(), values.password, altcha ?? undefined);
      setCaptcha(null);
      if (result.status === 'mfa_required') {
        onMfaRequired({ factorId: result.factorId, challengeId: result.challengeId });
        return;
      }
      notify.success(M.loginSucceeded);
      onSignedIn();
    } catch (error) {
      const challenge = captchaChallengeOf(error);
      if (challenge) {
        setCaptcha(challenge);
        setAltcha(null);
      }
      notify.error(serviceMessage(error, M.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate>
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
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      {captcha ? (
        <div className="account-captcha">
          <p className="account-hint">Too many attempts: please prove you are not a robot, then sign in again.</p>
          <LazyAltchaWidget challenge={captcha} onChange={setAltcha} />
        </div>
      ) : null}
      <button
        type="submit"
        className="site-button site-button-primary account-submit"
        disabled={busy || (captcha !== null && altcha === null)}
      >
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
