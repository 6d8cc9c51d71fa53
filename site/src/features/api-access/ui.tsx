import { APIError } from '@quire/client';
import { Dialog } from '@quire/react';
import { type ReactNode, useId, useState } from 'react';
import { CopyButton } from '../../workspace/ApiSnippet';
import { notify, serviceMessage } from '../account/notify';
import { ReauthCancelled } from '../settings/reauth';

/**
 * A failed call as a toast: the service's message (else the fallback), and in Boss Mode the request id to quote
 * in a bug report or to find in the service's log. A re-authentication the person closed is no failure.
 */
export function notifyFailure(error: unknown, fallback: string, boss: boolean): void {
  if (error instanceof ReauthCancelled) return;
  const requestId = APIError.isInstance(error) ? error.requestId : undefined;
  notify.error(serviceMessage(error, fallback), boss && requestId ? `Request id: ${requestId}` : undefined);
}

/** "Are you sure?" for what cannot be undone: the confirm button says what happens. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirm,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  body: string;
  confirm: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={body}
      footer={
        <>
          <button type="button" className="site-button site-button-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="site-button site-button-primary" onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirm}
          </button>
        </>
      }
    >
      {children ?? null}
    </Dialog>
  );
}

/**
 * A secret the service shows this once (an API key, a signing secret): in full, selectable, with a copy button and
 * a warning that it will not be shown again.
 */
export function SecretOnce({
  label,
  secret,
  warning,
  copyLabel,
}: {
  label: string;
  secret: string;
  /** Said before the secret (announced): that it will not be shown again. */
  warning?: string;
  copyLabel: string;
}) {
  const id = useId();
  return (
    <div className="aa-secret">
      {warning ? (
        <p className="aa-secret-warning" role="alert">
          {warning}
        </p>
      ) : null}
      <label htmlFor={id} className="aa-secret-label">
        {label}
      </label>
      <div className="aa-secret-row">
        <input
          id={id}
          className="aa-secret-value"
          readOnly
          value={secret}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          data-secret
        />
        <CopyButton text={secret} label={copyLabel} />
      </div>
    </div>
  );
}

/** A date and time in the reader's words, machine-readable in `dateTime`. */
export function When({ at, fallback = '' }: { at: string | null; fallback?: string }) {
  if (!at) return <>{fallback}</>;
  return (
    <time dateTime={at} title={at}>
      {new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))}
    </time>
  );
}

/** State for a dialog that works on one item at a time. */
export function useTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  return { target, setTarget, busy, setBusy };
}
