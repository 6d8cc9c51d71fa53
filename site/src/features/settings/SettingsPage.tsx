import '../account/account.css';
import '../api-access/api-access.css';
import './settings.css';
import type { ThemePreference } from '@quire/react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { quire } from '../../api/client';
import { SETTINGS_SEED_MESSAGES as SEED, SETTINGS_TEXT as T } from '../../content/settings';
import { usePageTitle } from '../../layout/use-page-title';
import type { SessionUser } from '../../session/auth-api';
import { useSessionManager, useSignedInUser } from '../../session/use-session';
import { useSiteTheme } from '../../theme/use-theme';
import { ApiSnippet } from '../../workspace/ApiSnippet';
import { useBossMode, useMode } from '../../workspace/mode';
import { captchaChallengeOf } from '../account/captcha';
import { Field } from '../account/Field';
import { LazyAltchaWidget } from '../account/LazyAltchaWidget';
import { notify, serviceMessage } from '../account/notify';
import { PasswordStrengthMeter } from '../account/PasswordStrengthMeter';
import { PASSWORD_MIN_LENGTH } from '../account/validation';
import { notifyFailure } from '../api-access/ui';
import type { AltchaChallenge } from '../contact/AltchaWidget';
import { TwoFactor } from './TwoFactor';
import { reloadUser } from './user';

/**
 * /settings: the person's own account, whatever team they act for: their name, email, password, two-factor
 * method, Easy/Boss Mode and theme, and signing out everywhere.
 */
export function SettingsPage() {
  usePageTitle(T.title);
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <div className="st-page">
      <header className="app-page-header">
        <div>
          <h1>{T.title}</h1>
          <p className="aa-lead">{T.lead}</p>
        </div>
      </header>
      <Profile user={user} />
      <Password email={user.email} />
      <TwoFactor />
      <Preferences />
      <Sessions />
    </div>
  );
}

function Profile({ user }: { user: SessionUser }) {
  const session = useSessionManager();
  const boss = useBossMode();
  const [name, setName] = useState(user.user_metadata.full_name ?? '');
  const [busy, setBusy] = useState(false);
  const body = { full_name: name.trim() || null };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await quire.request({ method: 'PATCH', path: '/v1/profile', body });
      await reloadUser(session);
      notify.success(T.profile.saved);
    } catch (error) {
      notifyFailure(error, T.profile.failed, boss);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="app-card aa-section" aria-labelledby="st-profile">
      <h2 id="st-profile">{T.profile.heading}</h2>
      <form className="account-form st-form" onSubmit={submit} noValidate>
        <Field
          label={T.profile.nameLabel}
          autoComplete="name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
        />
        <Field label={T.profile.emailLabel} type="email" value={user.email} readOnly hint={T.profile.emailHint} />
        <button type="submit" className="site-button site-button-primary st-submit" disabled={busy}>
          {busy ? 'Saving…' : T.profile.save}
        </button>
      </form>
      <ApiSnippet
        title="Change your name with the API"
        action={{
          method: 'PATCH',
          path: '/v1/profile',
          body,
          client: `await quire.request({ method: 'PATCH', path: '/v1/profile', body: ${JSON.stringify(body)} });`,
          asPerson: {},
        }}
      />
    </section>
  );
}

interface PasswordErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

/**
 * A new password: the current one first (the service asks for it: it stands for a recent sign-in, so a stolen
 * session cannot lock the owner out), the new one with the seed's strength meter, and once more to confirm.
 */
function Password({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<AltchaChallenge | null>(null);
  const [altcha, setAltcha] = useState<string | null>(null);
  const boss = useBossMode();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: PasswordErrors = {};
    if (current === '') found.current = T.password.currentRequired;
    if (next.length < PASSWORD_MIN_LENGTH) found.next = SEED.passwordTooShort;
    else if (confirm !== next) found.confirm = T.password.mismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await quire.request({
        method: 'PUT',
        path: '/v1/auth/user',
        body: { password: next, current_password: current, ...(altcha ? { altcha } : {}) },
      });
      setCurrent('');
      setNext('');
      setConfirm('');
      setCaptcha(null);
      setAltcha(null);
      notify.success(T.password.saved);
    } catch (error) {
      const challenge = captchaChallengeOf(error);
      if (challenge) {
        setCaptcha(challenge);
        setAltcha(null);
      }
      const message = serviceMessage(error, T.password.failed);
      const param = (error as { param?: string }).param;
      if (param === 'current_password') setErrors({ current: message });
      else if (param === 'password') setErrors({ next: message });
      else notifyFailure(error, T.password.failed, boss);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="app-card aa-section" aria-labelledby="st-password">
      <h2 id="st-password">{T.password.heading}</h2>
      <form className="account-form st-form" onSubmit={submit} noValidate>
        {/* For password managers: whose password this is. */}
        <input type="email" value={email} autoComplete="username" readOnly hidden />
        <Field
          label={T.password.currentLabel}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current}
        />
        <Field
          label={T.password.newLabel}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={errors.next}
        >
          <PasswordStrengthMeter password={next} />
        </Field>
        <Field
          label={T.password.confirmLabel}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm}
        />
        {captcha ? (
          <div className="account-captcha">
            <p className="account-hint">{T.password.captcha}</p>
            <LazyAltchaWidget challenge={captcha} onChange={setAltcha} />
          </div>
        ) : null}
        <button
          type="submit"
          className="site-button site-button-primary st-submit"
          disabled={busy || (captcha !== null && altcha === null)}
        >
          {busy ? 'Changing…' : T.password.save}
        </button>
      </form>
    </section>
  );
}

/** Easy/Boss Mode (saved to the profile, as the sidebar's switch) and the theme (kept in this browser). */
function Preferences() {
  const { mode, saving, setMode } = useMode();
  const { preference, setPreference } = useSiteTheme();
  const themes: { value: ThemePreference; label: string; hint?: string }[] = [
    { value: 'light', label: T.preferences.light },
    { value: 'dark', label: T.preferences.dark },
    { value: 'system', label: T.preferences.system, hint: T.preferences.systemHint },
  ];
  return (
    <section className="app-card aa-section" aria-labelledby="st-preferences">
      <h2 id="st-preferences">{T.preferences.heading}</h2>
      <div className="st-preferences">
        <fieldset className="aa-choices" disabled={saving}>
          <legend>{T.preferences.modeLegend}</legend>
          {(['easy', 'boss'] as const).map((value) => (
            <label key={value} className="st-choice">
              <input type="radio" name="mode" checked={mode === value} onChange={() => setMode(value)} />
              <span>
                <strong>{value === 'easy' ? T.preferences.easy : T.preferences.boss}</strong>
                <span className="st-choice-hint">
                  {value === 'easy' ? T.preferences.easyHint : T.preferences.bossHint}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="aa-choices">
          <legend>{T.preferences.themeLegend}</legend>
          {themes.map((theme) => (
            <label key={theme.value} className="st-choice">
              <input
                type="radio"
                name="theme"
                checked={preference === theme.value}
                onChange={() => setPreference(theme.value)}
              />
              <span>
                <strong>{theme.label}</strong>
                {theme.hint ? <span className="st-choice-hint">{theme.hint}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      </div>
    </section>
  );
}

/** Ends every session of the person, this one too (POST /v1/auth/logout?scope=global), then to sign in. */
function Sessions() {
  const session = useSessionManager();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function signOutEverywhere() {
    setBusy(true);
    try {
      await session.signOut();
      notify.success(SEED.logoutSucceeded);
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      notify.error(serviceMessage(error, SEED.logoutFailed));
      setBusy(false);
    }
  }
  return (
    <section className="app-card aa-section" aria-labelledby="st-sessions">
      <h2 id="st-sessions">{T.sessions.heading}</h2>
      <p className="aa-lead">{T.sessions.lead}</p>
      <button
        type="button"
        className="site-button site-button-secondary st-submit aa-danger"
        onClick={signOutEverywhere}
        disabled={busy}
      >
        {busy ? 'Signing out…' : T.sessions.signOutEverywhere}
      </button>
      <ApiSnippet
        title="Sign out everywhere with the API"
        action={{
          method: 'POST',
          path: '/v1/auth/logout?scope=global',
          client: `await quire.request({ method: 'POST', path: '/v1/auth/logout', query: { scope: 'global' } });`,
          asPerson: {},
        }}
      />
    </section>
  );
}
