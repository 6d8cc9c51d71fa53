import type { ApiKey, AssignableRole } from '@quire/client';
import { Dialog } from '@quire/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { API_ACCESS_TEXT } from '../../content/api-access';
import { ApiSnippet } from '../../workspace/ApiSnippet';
import { useBossMode } from '../../workspace/mode';
import { useTeamKey, useWorkspace } from '../../workspace/team';
import { Field } from '../account/Field';
import { notify } from '../account/notify';
import { useReauth } from '../settings/reauth';
import { ConfirmDialog, notifyFailure, SecretOnce, When } from './ui';

const T = API_ACCESS_TEXT.keys;
const ROLES: AssignableRole[] = ['admin', 'editor', 'member', 'viewer'];
const ROLE_HINTS: Record<AssignableRole, string> = {
  admin: 'Full access to all features and settings',
  editor: 'Create and edit templates and reports',
  member: 'Create reports using existing templates',
  viewer: 'View reports only',
};

/** What a person can try with a new key: list the team's templates (any role but viewer may). */
export const TRY_IT_ACTION = {
  method: 'GET',
  path: '/v1/templates',
  client: 'const templates = await quire.templates.list();',
  mcp: { tool: 'list_templates', arguments: {} },
} as const;

/** The origins a person typed, one a line (or separated by commas or spaces). */
export function parseOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** The team's API keys: the list, making one (its secret shown once), revoking one. */
export function ApiKeys() {
  const { client, team, can } = useWorkspace();
  const manage = can('api_keys:manage');
  const boss = useBossMode();
  const key = useTeamKey('api-keys');
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: key,
    queryFn: async () => (await client.apiKeys.list()).data,
    enabled: manage,
  });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<(ApiKey & { secret: string }) | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => client.apiKeys.revoke(id),
    onSuccess: () => {
      notify.success(T.revoked);
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notifyFailure(error, 'Failed to revoke the API key', boss),
  });
  const asPerson = { team: team.id };

  return (
    <section className="app-card aa-section" aria-labelledby="aa-keys-heading">
      <div className="aa-section-head">
        <div>
          <h2 id="aa-keys-heading">{T.heading}</h2>
          <p className="aa-lead">{T.lead}</p>
        </div>
        {manage ? (
          <button type="button" className="site-button site-button-primary" onClick={() => setCreating(true)}>
            {T.create}
          </button>
        ) : null}
      </div>
      {!manage ? (
        <p className="aa-note">{T.noPermission}</p>
      ) : keys.isPending ? (
        <p role="status">Loading…</p>
      ) : keys.isError ? (
        <p role="alert">Failed to load the API keys.</p>
      ) : keys.data.length === 0 ? (
        <p className="aa-empty">{T.empty}</p>
      ) : (
        <div className="aa-table-wrap">
          <table className="aa-table">
            <caption className="site-visually-hidden">{T.heading}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.name}</th>
                <th scope="col">{T.columns.prefix}</th>
                <th scope="col">{T.columns.role}</th>
                <th scope="col">{T.columns.origins}</th>
                <th scope="col">{T.columns.lastUsed}</th>
                <th scope="col">{T.columns.created}</th>
                <th scope="col">
                  <span className="site-visually-hidden">{T.columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((apiKey) => (
                <tr key={apiKey.id} data-key-id={apiKey.id}>
                  <th scope="row" data-label={T.columns.name}>
                    {apiKey.name}
                  </th>
                  <td data-label={T.columns.prefix}>
                    <code>qk_live_{apiKey.prefix}…</code>
                  </td>
                  <td data-label={T.columns.role}>{API_ACCESS_TEXT.roles[apiKey.role]}</td>
                  <td data-label={T.columns.origins}>
                    {apiKey.allowed_origins.length === 0 ? T.noOrigins : apiKey.allowed_origins.join(', ')}
                  </td>
                  <td data-label={T.columns.lastUsed}>
                    <When at={apiKey.last_used_at} fallback={T.never} />
                  </td>
                  <td data-label={T.columns.created}>
                    <When at={apiKey.created_at} />
                  </td>
                  <td className="aa-actions">
                    <button
                      type="button"
                      className="site-button site-button-secondary aa-danger"
                      onClick={() => setRevoking(apiKey)}
                      aria-label={`${T.revoke} ${apiKey.name}`}
                    >
                      {T.revoke}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage ? (
        <>
          <ApiSnippet
            title="List API keys with the API"
            action={{ method: 'GET', path: '/v1/api-keys', client: 'await quire.apiKeys.list();', asPerson }}
          />
          <CreateKeyDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(apiKey) => {
              setCreating(false);
              setCreated(apiKey);
              void queryClient.invalidateQueries({ queryKey: key });
            }}
          />
          <Dialog
            open={created !== null}
            onOpenChange={(open) => {
              if (!open) setCreated(null);
            }}
            title={T.secretTitle}
            size="lg"
            footer={
              <button type="button" className="site-button site-button-primary" onClick={() => setCreated(null)}>
                {T.done}
              </button>
            }
          >
            {created ? (
              <div className="aa-created">
                <SecretOnce
                  label={T.secretLabel}
                  secret={created.secret}
                  warning={T.secretWarning}
                  copyLabel={T.copyKey}
                />
                {boss ? (
                  <>
                    <p className="aa-lead">{T.tryItLead}</p>
                    <ApiSnippet title={T.tryIt} action={TRY_IT_ACTION} />
                  </>
                ) : null}
              </div>
            ) : null}
          </Dialog>
          <ConfirmDialog
            open={revoking !== null}
            title={T.revokeTitle}
            body={T.revokeBody}
            confirm={T.revokeConfirm}
            busy={revoke.isPending}
            onConfirm={() => revoking && revoke.mutate(revoking.id)}
            onCancel={() => setRevoking(null)}
          >
            {revoking ? (
              <>
                <p>
                  <strong>{revoking.name}</strong> (<code>qk_live_{revoking.prefix}…</code>)
                </p>
                <ApiSnippet
                  title="Revoke it with the API"
                  action={{
                    method: 'DELETE',
                    path: `/v1/api-keys/${revoking.id}`,
                    client: `await quire.apiKeys.revoke('${revoking.id}');`,
                    asPerson,
                  }}
                />
              </>
            ) : null}
          </ConfirmDialog>
        </>
      ) : null}
    </section>
  );
}

function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(key: ApiKey & { secret: string }): void;
}) {
  const { client, team } = useWorkspace();
  const boss = useBossMode();
  const reauth = useReauth();
  const [name, setName] = useState('');
  const [role, setRole] = useState<AssignableRole>('editor');
  const [origins, setOrigins] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const roleId = useId();
  const originsId = useId();
  const body = {
    name: name.trim() || 'Billing service',
    role,
    ...(parseOrigins(origins).length > 0 ? { allowed_origins: parseOrigins(origins) } : {}),
  };

  function reset() {
    setName('');
    setRole('editor');
    setOrigins('');
    setNameError(undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(T.nameRequired);
      return;
    }
    setNameError(undefined);
    setBusy(true);
    try {
      const created = await reauth.run(() => client.apiKeys.create(body));
      notify.success(T.created);
      reset();
      onCreated(created);
    } catch (error) {
      notifyFailure(error, 'Failed to create the API key', boss);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) {
            reset();
            onClose();
          }
        }}
        title={T.createTitle}
        size="lg"
      >
        <form className="account-form" onSubmit={submit} noValidate>
          <Field
            label={T.nameLabel}
            hint={T.nameHint}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError}
            maxLength={100}
            autoFocus
          />
          <div className="account-field">
            <label htmlFor={roleId}>{T.roleLabel}</label>
            <select
              id={roleId}
              className="aa-select"
              value={role}
              onChange={(event) => setRole(event.target.value as AssignableRole)}
              aria-describedby={`${roleId}-hint`}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {API_ACCESS_TEXT.roles[r]}
                </option>
              ))}
            </select>
            <p id={`${roleId}-hint`} className="account-hint">
              {ROLE_HINTS[role]}
            </p>
          </div>
          <div className="account-field">
            <label htmlFor={originsId}>{T.originsLabel}</label>
            <textarea
              id={originsId}
              rows={3}
              value={origins}
              onChange={(event) => setOrigins(event.target.value)}
              aria-describedby={`${originsId}-hint`}
              spellCheck={false}
            />
            <p id={`${originsId}-hint`} className="account-hint">
              {T.originsHint}
            </p>
          </div>
          <button type="submit" className="site-button site-button-primary" disabled={busy}>
            {busy ? 'Creating…' : T.createSubmit}
          </button>
        </form>
        <ApiSnippet
          title="Create it with the API"
          action={{
            method: 'POST',
            path: '/v1/api-keys',
            body,
            client: `const key = await quire.apiKeys.create(${JSON.stringify(body)});`,
            asPerson: { team: team.id },
          }}
        />
      </Dialog>
      {reauth.dialog}
    </>
  );
}
