import { APIError } from '@quire/client';
import { type AssignableRole, DEFAULT_INVITE_ROLE, ROLE_DESCRIPTIONS } from '@quire/core';
import { Dialog } from '@quire/react';
import { type FormEvent, useId, useState } from 'react';
import { TEAM_MESSAGES as M, INVITE_TEXT as T } from '../../content/team';
import { useBossMode, useWorkspace } from '../../workspace';
import { notify } from '../account/notify';
import { failureOf } from './errors';
import { useRefreshTeam } from './team-data';
import { inviteEmailError } from './validation';

export const INVITE_ROLES: readonly AssignableRole[] = ['admin', 'editor', 'member', 'viewer'];

/**
 * The invite dialog (seed sections 5 and 8): an email, checked with the seed's messages, and a role (Member unless
 * chosen otherwise) with the seed's descriptions; the service mails the invitation, which stays pending until it
 * is accepted. A refusal of the service (the plan's seats, an address already in the team) is shown in the dialog.
 */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const refresh = useRefreshTeam();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>(DEFAULT_INVITE_ROLE);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<{ message: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function reset() {
    setEmail('');
    setRole(DEFAULT_INVITE_ROLE);
    setFieldError(undefined);
    setRefusal(null);
  }

  function close() {
    reset();
    onOpenChange(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = inviteEmailError(email);
    setFieldError(found);
    setRefusal(null);
    if (found) return;
    setBusy(true);
    try {
      const sent = await client.team.invitations.create({ email: email.trim(), role });
      notify.success(M.invitationSent(sent.invitation.email));
      await refresh();
      close();
    } catch (error) {
      const failure = failureOf(error, M.failed, boss);
      if (APIError.isInstance(error) && error.param === 'email') setFieldError(failure.message);
      else setRefusal(failure);
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${id}-email-error`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={T.title}
      description={T.description}
    >
      <form className="team-form" onSubmit={submit} noValidate>
        <div className="team-field">
          <label htmlFor={`${id}-email`}>{T.email}</label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="off"
            placeholder={T.emailPlaceholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            // The dialog opens for this form: focus goes to its first field.
            autoFocus
          />
          {fieldError ? (
            <p id={errorId} className="team-error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <fieldset className="team-roles">
          <legend>{T.role}</legend>
          {INVITE_ROLES.map((value) => (
            <label key={value} className="team-role-option">
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} />
              <span>
                <strong>{ROLE_DESCRIPTIONS[value].label}</strong>
                <span className="team-muted">{ROLE_DESCRIPTIONS[value].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {refusal ? (
          <div role="alert" className="team-alert">
            <p>{refusal.message}</p>
            {refusal.detail ? <p className="team-muted">{refusal.detail}</p> : null}
          </div>
        ) : null}
        <div className="team-dialog-actions">
          <button type="button" className="site-button site-button-secondary" onClick={close}>
            {T.cancel}
          </button>
          <button type="submit" className="site-button site-button-primary" disabled={busy}>
            {busy ? T.sending : T.send}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
