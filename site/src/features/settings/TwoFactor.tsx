import { Quire } from '@quire/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { quire, serviceOrigin } from '../../api/client';
import { SETTINGS_SEED_MESSAGES as SEED, SETTINGS_TEXT } from '../../content/settings';
import { useSessionManager } from '../../session/use-session';
import { ApiSnippet } from '../../workspace/ApiSnippet';
import { useBossMode } from '../../workspace/mode';
import { notify } from '../account/notify';
import { TOTP_CODE_LENGTH, totpDigits, validateTotp } from '../account/validation';
import { ConfirmDialog, notifyFailure, SecretOnce, When } from '../api-access/ui';
import { useReauth } from './reauth';
import { reloadUser } from './user';

const T = SETTINGS_TEXT.twoFactor;

interface Factor {
  id: string;
  factor_type: 'totp';
  friendly_name: string | null;
  status: 'verified' | 'unverified';
  created_at: string;
}

interface Enrolment {
  id: string;
  totp: { secret: string; uri: string };
}

interface VerifiedSession {
  access_token: string;
}

const factorsKey = ['settings', 'factors'] as const;

/**
 * Two-factor (TOTP): set it up (a QR code of the otpauth URI for the authenticator app, the key for typing in by
 * hand, then a code of the app to confirm), or remove it.
 */
export function TwoFactor() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const boss = useBossMode();
  const reauth = useReauth();
  const factors = useQuery({
    queryKey: factorsKey,
    queryFn: async () => (await quire.request<{ data: Factor[] }>({ method: 'GET', path: '/v1/auth/factors' })).data,
  });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const verified = factors.data?.filter((f) => f.status === 'verified') ?? [];
  // A set-up left half done (the page closed before the code) can be removed like any other.
  const unfinished = factors.data?.filter((f) => f.status === 'unverified' && f.id !== enrolment?.id) ?? [];

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: factorsKey });
    await reloadUser(session);
  }

  async function start() {
    setStarting(true);
    try {
      setEnrolment(
        await quire.request<Enrolment>({
          method: 'POST',
          path: '/v1/auth/factors',
          body: { friendly_name: T.factor },
        }),
      );
    } catch (error) {
      notifyFailure(error, T.failed, boss);
    } finally {
      setStarting(false);
    }
  }

  async function remove(factor: Factor) {
    setRemoveBusy(true);
    try {
      await reauth.run(() =>
        quire.request({ method: 'DELETE', path: `/v1/auth/factors/${encodeURIComponent(factor.id)}` }),
      );
      if (factor.status === 'verified') notify.success(T.removed);
      setRemoving(null);
      await refresh();
    } catch (error) {
      notifyFailure(error, 'Failed to remove two-factor authentication', boss);
    } finally {
      setRemoveBusy(false);
    }
  }

  return (
    <section className="app-card aa-section" aria-labelledby="st-2fa">
      <h2 id="st-2fa">{T.heading}</h2>
      <p className="aa-lead">{T.lead}</p>
      {factors.isPending ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <p className="st-status" data-two-factor={verified.length > 0 ? 'on' : 'off'}>
            {verified.length > 0 ? T.on : T.off}
          </p>
          {verified.length + unfinished.length > 0 ? (
            <ul className="st-factors">
              {[...verified, ...unfinished].map((factor) => (
                <li key={factor.id} className="st-factor" data-factor-id={factor.id}>
                  <span>
                    <strong>{factor.friendly_name ?? T.factor}</strong>{' '}
                    <span className="st-factor-status" data-status={factor.status}>
                      {factor.status === 'verified' ? T.verified : T.unverified}
                    </span>
                    <span className="st-choice-hint">
                      {T.added} <When at={factor.created_at} />
                    </span>
                  </span>
                  <button
                    type="button"
                    className="site-button site-button-secondary aa-danger"
                    onClick={() => setRemoving(factor)}
                  >
                    {T.remove}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {verified.length === 0 && !enrolment ? (
            <button
              type="button"
              className="site-button site-button-primary st-submit"
              onClick={start}
              disabled={starting}
            >
              {starting ? 'Starting…' : T.enrol}
            </button>
          ) : null}
          {enrolment ? (
            <EnrolStep
              enrolment={enrolment}
              onDone={async () => {
                setEnrolment(null);
                await refresh();
              }}
              onCancel={async () => {
                const abandoned = enrolment;
                setEnrolment(null);
                // The unconfirmed factor is of no use: remove it (it needs a recent sign-in, as any removal).
                await remove({
                  ...abandoned,
                  factor_type: 'totp',
                  friendly_name: null,
                  status: 'unverified',
                  created_at: '',
                });
              }}
            />
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={T.removeTitle}
        body={T.removeBody}
        confirm={T.removeConfirm}
        busy={removeBusy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
      {reauth.dialog}
      <ApiSnippet
        title="List your two-factor methods with the API"
        action={{
          method: 'GET',
          path: '/v1/auth/factors',
          client: `const factors = await quire.request({ method: 'GET', path: '/v1/auth/factors' });`,
          asPerson: {},
        }}
      />
    </section>
  );
}

/** The QR code and key of a new factor, and the code that confirms the app holds it. */
function EnrolStep({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: Enrolment;
  onDone(): Promise<void>;
  onCancel(): Promise<void>;
}) {
  const boss = useBossMode();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(enrolment.totp.uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [enrolment.totp.uri]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateTotp({ code }).code;
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const factorPath = `/v1/auth/factors/${encodeURIComponent(enrolment.id)}`;
      const challenge = await quire.request<{ id: string }>({ method: 'POST', path: `${factorPath}/challenge` });
      // Answered outside cookie mode, so this browser keeps its session; the session the answer opens is ended
      // at once, so that no session is left that nobody holds.
      const opened = await quire.request<VerifiedSession>({
        method: 'POST',
        path: `${factorPath}/verify`,
        body: { challenge_id: challenge.id, code },
      });
      // A client of its own: the site's would send this browser's token, and end this browser's session instead.
      await new Quire({ apiKey: opened.access_token, baseUrl: serviceOrigin(), maxRetries: 0 })
        .request({ method: 'POST', path: '/v1/auth/logout', query: { scope: 'local' } })
        .catch(() => undefined);
      notify.success(SEED.totpSucceeded);
      await onDone();
    } catch (failure) {
      setError(SEED.totpFailed);
      notifyFailure(failure, SEED.totpFailed, boss);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="st-enrol">
      <p>{T.scan}</p>
      <div className="st-qr">
        {qr ? <img src={qr} alt={T.qrAlt} width={200} height={200} /> : <p role="status">Loading…</p>}
      </div>
      <SecretOnce label={T.manual} secret={enrolment.totp.secret} copyLabel={T.copySecret} />
      <form className="account-form st-form" onSubmit={submit} noValidate>
        <div className="account-field">
          <label htmlFor={inputId}>{T.codeLabel}</label>
          <input
            id={inputId}
            className="account-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={TOTP_CODE_LENGTH}
            value={code}
            onChange={(event) => setCode(totpDigits(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          />
          <p id={hintId} className="account-hint">
            {T.codeHint}
          </p>
          {error ? (
            <p id={errorId} className="account-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="aa-buttons">
          <button type="submit" className="site-button site-button-primary" disabled={busy}>
            {busy ? 'Verifying…' : T.verify}
          </button>
          <button type="button" className="site-button site-button-secondary" onClick={() => void onCancel()}>
            {T.cancel}
          </button>
        </div>
      </form>
    </div>
  );
}
