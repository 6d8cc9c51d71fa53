import { Dialog } from '@quire/react';
import { type FormEvent, useId, useState } from 'react';
import type { SessionManager } from '../../session/session-manager';
import type { AltchaChallenge } from '../contact/AltchaWidget';
import { captchaChallengeOf } from './captcha';
import { LazyAltchaWidget } from './LazyAltchaWidget';
import { ACCOUNT_MESSAGES as M } from './messages';
import { notify, serviceMessage } from './notify';
import { TOTP_CODE_LENGTH, totpDigits, validateTotp } from './validation';

export interface TotpDialogProps {
  session: SessionManager;
  /** The challenge of the sign-in; the dialog is open while there is one. */
  challenge: { factorId: string; challengeId: string } | null;
  onClose(): void;
  onVerified(): void;
}

/** The two-factor step of a sign-in: the 6-digit code of the authenticator app (seed sections 4, 5 and 8). */
export function TotpDialog({ session, challenge, onClose, onVerified }: TotpDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<AltchaChallenge | null>(null);
  const [altcha, setAltcha] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!challenge) return;
    const found = validateTotp({ code }).code;
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await session.verifyTotp(challenge.factorId, challenge.challengeId, code, altcha ?? undefined);
      notify.success(M.totpSucceeded);
      setCode('');
      onVerified();
    } catch (failure) {
      const next = captchaChallengeOf(failure);
      if (next) {
        setCaptcha(next);
        setAltcha(null);
      }
      notify.error(serviceMessage(failure, M.totpFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={challenge !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCode('');
          setError(undefined);
          onClose();
        }
      }}
      title="Two-factor authentication"
      description="Enter the 6-digit code from your authenticator app."
    >
      <form className="account-form" onSubmit={submit} noValidate>
        <div className="account-field">
          <label htmlFor={inputId}>Verification code</label>
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
            aria-describedby={error ? errorId : undefined}
            // The dialog opens for this one field: focus goes to it rather than to the dialog's close button.
            autoFocus
          />
          {error ? (
            <p id={errorId} className="account-error">
              {error}
            </p>
          ) : null}
        </div>
        {captcha ? <LazyAltchaWidget challenge={captcha} onChange={setAltcha} /> : null}
        <button
          type="submit"
          className="site-button site-button-primary account-submit"
          disabled={busy || (captcha !== null && altcha === null)}
        >
          {busy ? 'Verifying…' : 'Verify'}
        </button>
      </form>
    </Dialog>
  );
}
