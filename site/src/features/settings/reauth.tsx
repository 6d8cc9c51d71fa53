import { APIError, type Quire } from '@quire/client';
import { Dialog } from '@quire/react';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { quire } from '../../api/client';
import { SETTINGS_TEXT } from '../../content/settings';
import { useSignedInUser } from '../../session/use-session';
import { captchaChallengeOf } from '../account/captcha';
import { Field } from '../account/Field';
import { LazyAltchaWidget } from '../account/LazyAltchaWidget';
import { serviceMessage } from '../account/notify';
import { totpDigits } from '../account/validation';
import type { AltchaChallenge } from '../contact/AltchaWidget';

const T = SETTINGS_TEXT.reauth;

/** The person closed the "Confirm it's you" dialog: the action is dropped, with nothing to report. */
export class ReauthCancelled extends Error {
  constructor() {
    super('Re-authentication cancelled');
    this.name = 'ReauthCancelled';
  }
}

export function isReauthRequired(error: unknown): boolean {
  return APIError.isInstance(error) && error.code === 'reauthentication_required';
}

interface Pending {
  message: string;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Runs an action that the service may refuse with 403 reauthentication_required (creating an API key, removing a
 * two-factor method: they need a sign-in of the last 10 minutes). Then it asks the person for their password or a
 * two-factor code (POST /v1/auth/reauthenticate) and runs the action once more. `dialog` goes in the screen.
 */
export function useReauth(client: Pick<Quire, 'request'> = quire): {
  run<T>(action: () => Promise<T>): Promise<T>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        const next = { message: (error as APIError).message, resolve, reject };
        pendingRef.current = next;
        setPending(next);
      });
      return action();
    }
  }, []);

  const close = (outcome: 'confirmed' | 'cancelled') => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    if (outcome === 'confirmed') current?.resolve();
    else current?.reject(new ReauthCancelled());
  };

  const dialog = (
    <ReauthDialog
      client={client}
      message={pending?.message ?? null}
      onConfirmed={() => close('confirmed')}
      onCancel={() => close('cancelled')}
    />
  );
  return { run, dialog };
}

function ReauthDialog({
  client,
  message,
  onConfirmed,
  onCancel,
}: {
  client: Pick<Quire, 'request'>;
  message: string | null;
  onConfirmed(): void;
  onCancel(): void;
}) {
  const user = useSignedInUser();
  const hasFactor = user?.factors.some((f) => f.status === 'verified') ?? false;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<AltchaChallenge | null>(null);
  const [altcha, setAltcha] = useState<string | null>(null);

  function reset() {
    setPassword('');
    setCode('');
    setError(undefined);
    setCaptcha(null);
    setAltcha(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '' && code === '') {
      setError(T.required);
      return;
    }
    setBusy(true);
    try {
      await client.request({
        method: 'POST',
        path: '/v1/auth/reauthenticate',
        body: { ...(code ? { code } : { password }), ...(altcha ? { altcha } : {}) },
      });
      reset();
      onConfirmed();
    } catch (failure) {
      const next = captchaChallengeOf(failure);
      if (next) {
        setCaptcha(next);
        setAltcha(null);
      }
      setError(serviceMessage(failure, T.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) {
          reset();
          onCancel();
        }
      }}
      title={T.title}
      description={message ?? undefined}
    >
      <form className="account-form" onSubmit={submit} noValidate>
        <Field
          label={T.passwordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={code === '' ? error : undefined}
          // The dialog opens for this field.
          autoFocus
        />
        {hasFactor ? (
          <Field
            label={T.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="account-code"
            value={code}
            onChange={(event) => setCode(totpDigits(event.target.value))}
            error={code !== '' ? error : undefined}
          />
        ) : null}
        {captcha ? <LazyAltchaWidget challenge={captcha} onChange={setAltcha} /> : null}
        <button
          type="submit"
          className="site-button site-button-primary"
          disabled={busy || (captcha !== null && altcha === null)}
        >
          {busy ? 'Confirming…' : T.confirm}
        </button>
      </form>
    </Dialog>
  );
}
