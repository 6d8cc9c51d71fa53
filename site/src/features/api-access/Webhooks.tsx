import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from '@quire/client';
import { Dialog } from '@quire/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { API_ACCESS_TEXT, DELIVERY_STATE_LABELS, WEBHOOK_EVENT_LABELS } from '../../content/api-access';
import { ApiSnippet } from '../../workspace/ApiSnippet';
import { useBossMode } from '../../workspace/mode';
import { useTeamKey, useWorkspace } from '../../workspace/team';
import { Field } from '../account/Field';
import { notify } from '../account/notify';
import { ConfirmDialog, notifyFailure, SecretOnce, When } from './ui';

const T = API_ACCESS_TEXT.webhooks;
const EVENTS: WebhookEventType[] = ['report.completed', 'report.failed'];
const DAY_SECONDS = 24 * 60 * 60;

/** The team's webhook endpoints: add, edit, delete, rotate the secret, send a test event, and each one's log. */
export function Webhooks() {
  const { client, can } = useWorkspace();
  const manage = can('webhooks:manage');
  const boss = useBossMode();
  const key = useTeamKey('webhook-endpoints');
  const queryClient = useQueryClient();
  const endpoints = useQuery({
    queryKey: key,
    queryFn: async () => (await client.webhooks.endpoints.list({ limit: 100 })).data,
    enabled: manage,
  });
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [overlap, setOverlap] = useState(true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const remove = useMutation({
    mutationFn: (id: string) => client.webhooks.endpoints.delete(id),
    onSuccess: () => {
      notify.success(T.deleted);
      setDeleting(null);
      void refresh();
    },
    onError: (error) => notifyFailure(error, 'Failed to delete the endpoint', boss),
  });
  const rotate = useMutation({
    mutationFn: ({ id, overlapSeconds }: { id: string; overlapSeconds: number }) =>
      client.webhooks.endpoints.rotateSecret(id, { overlap_seconds: overlapSeconds }),
    onSuccess: (rotated) => {
      notify.success(T.rotated);
      setRotating(null);
      setSecret(rotated);
      void refresh();
    },
    onError: (error) => notifyFailure(error, 'Failed to rotate the secret', boss),
  });

  return (
    <section className="app-card aa-section" aria-labelledby="aa-webhooks-heading">
      <div className="aa-section-head">
        <div>
          <h2 id="aa-webhooks-heading">{T.heading}</h2>
          <p className="aa-lead">{T.lead}</p>
        </div>
        {manage ? (
          <button type="button" className="site-button site-button-primary" onClick={() => setEditing('new')}>
            {T.create}
          </button>
        ) : null}
      </div>
      {!manage ? (
        <p className="aa-note">{T.noPermission}</p>
      ) : endpoints.isPending ? (
        <p role="status">Loading…</p>
      ) : endpoints.isError ? (
        <p role="alert">Failed to load the webhook endpoints.</p>
      ) : endpoints.data.length === 0 ? (
        <p className="aa-empty">{T.empty}</p>
      ) : (
        <ul className="aa-endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing(endpoint)}
              onDelete={() => setDeleting(endpoint)}
              onRotate={() => {
                setOverlap(true);
                setRotating(endpoint);
              }}
            />
          ))}
        </ul>
      )}
      {manage ? (
        <>
          <ApiSnippet
            title="List webhook endpoints with the API"
            action={{
              method: 'GET',
              path: '/v1/webhook-endpoints',
              client: 'const endpoints = await quire.webhooks.endpoints.list();',
            }}
          />
          <EndpointDialog
            endpoint={editing}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              if ('secret' in saved) setSecret(saved);
              void refresh();
            }}
          />
          <Dialog
            open={secret !== null}
            onOpenChange={(open) => {
              if (!open) setSecret(null);
            }}
            title={T.secretTitle}
            description={secret?.url}
            footer={
              <button type="button" className="site-button site-button-primary" onClick={() => setSecret(null)}>
                {API_ACCESS_TEXT.keys.done}
              </button>
            }
          >
            {secret ? (
              <SecretOnce
                label={T.secretLabel}
                secret={secret.secret}
                warning={T.secretWarning}
                copyLabel={T.copySecret}
              />
            ) : null}
          </Dialog>
          <ConfirmDialog
            open={deleting !== null}
            title={T.deleteTitle}
            body={T.deleteBody}
            confirm={T.deleteConfirm}
            busy={remove.isPending}
            onConfirm={() => deleting && remove.mutate(deleting.id)}
            onCancel={() => setDeleting(null)}
          >
            {deleting ? (
              <>
                <p className="aa-url">{deleting.url}</p>
                <ApiSnippet
                  title="Delete it with the API"
                  action={{
                    method: 'DELETE',
                    path: `/v1/webhook-endpoints/${deleting.id}`,
                    client: `await quire.webhooks.endpoints.delete('${deleting.id}');`,
                  }}
                />
              </>
            ) : null}
          </ConfirmDialog>
          <ConfirmDialog
            open={rotating !== null}
            title={T.rotateTitle}
            body={T.rotateBody}
            confirm={T.rotateConfirm}
            busy={rotate.isPending}
            onConfirm={() => rotating && rotate.mutate({ id: rotating.id, overlapSeconds: overlap ? DAY_SECONDS : 0 })}
            onCancel={() => setRotating(null)}
          >
            {rotating ? (
              <>
                <fieldset className="aa-choices">
                  <legend className="site-visually-hidden">{T.rotateTitle}</legend>
                  <label>
                    <input type="radio" name="overlap" checked={overlap} onChange={() => setOverlap(true)} />
                    {T.rotateOverlap}
                  </label>
                  <label>
                    <input type="radio" name="overlap" checked={!overlap} onChange={() => setOverlap(false)} />
                    {T.rotateNow}
                  </label>
                </fieldset>
                <ApiSnippet
                  title="Rotate it with the API"
                  action={{
                    method: 'POST',
                    path: `/v1/webhook-endpoints/${rotating.id}/rotate-secret`,
                    body: { overlap_seconds: overlap ? DAY_SECONDS : 0 },
                    client: `await quire.webhooks.endpoints.rotateSecret('${rotating.id}', { overlap_seconds: ${overlap ? DAY_SECONDS : 0} });`,
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

function EndpointCard({
  endpoint,
  onEdit,
  onDelete,
  onRotate,
}: {
  endpoint: WebhookEndpoint;
  onEdit(): void;
  onDelete(): void;
  onRotate(): void;
}) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const queryClient = useQueryClient();
  const logKey = useTeamKey('webhook-deliveries', endpoint.id);
  const test = useMutation({
    mutationFn: () => client.webhooks.endpoints.test(endpoint.id),
    onSuccess: () => {
      notify.success(T.testSent);
      void queryClient.invalidateQueries({ queryKey: logKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to send the test event', boss),
  });
  const headingId = useId();
  return (
    <li className="aa-endpoint" aria-labelledby={headingId} data-endpoint-id={endpoint.id}>
      <div className="aa-endpoint-head">
        <div className="aa-endpoint-title">
          <h3 id={headingId} className="aa-url">
            {endpoint.url}
          </h3>
          <p className="aa-events">
            {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(' · ')}
            {endpoint.enabled ? null : <span className="aa-badge">{T.disabled}</span>}
          </p>
          {endpoint.description ? <p className="aa-lead">{endpoint.description}</p> : null}
        </div>
        <div className="aa-buttons">
          <button
            type="button"
            className="site-button site-button-secondary"
            onClick={() => test.mutate()}
            disabled={test.isPending}
          >
            {test.isPending ? 'Sending…' : T.sendTest}
          </button>
          <button type="button" className="site-button site-button-secondary" onClick={onEdit}>
            {T.edit}
          </button>
          <button type="button" className="site-button site-button-secondary" onClick={onRotate}>
            {T.rotate}
          </button>
          <button type="button" className="site-button site-button-secondary aa-danger" onClick={onDelete}>
            {T.delete}
          </button>
        </div>
      </div>
      <ApiSnippet
        title="Send a test event with the API"
        action={{
          method: 'POST',
          path: `/v1/webhook-endpoints/${endpoint.id}/test`,
          client: `await quire.webhooks.endpoints.test('${endpoint.id}');`,
        }}
      />
      <DeliveryLog endpointId={endpoint.id} />
    </li>
  );
}

/** The last deliveries to an endpoint: what was sent, how it was answered, and Resend. */
function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { client, can } = useWorkspace();
  const boss = useBossMode();
  const queryClient = useQueryClient();
  const logKey = useTeamKey('webhook-deliveries', endpointId);
  const deliveries = useQuery({
    queryKey: logKey,
    queryFn: async () => (await client.webhooks.deliveries.list({ endpoint_id: endpointId, limit: 20 })).data,
    // A delivery being attempted settles within seconds: follow it until it does.
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'pending') ? 1000 : false),
  });
  const resend = useMutation({
    mutationFn: (id: string) => client.webhooks.deliveries.retry(id),
    onSuccess: () => {
      notify.success(T.resent);
      void queryClient.invalidateQueries({ queryKey: logKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to resend the delivery', boss),
  });
  const captionId = useId();
  const rows = deliveries.data ?? [];
  return (
    <div className="aa-log">
      <h4 id={captionId}>{T.log}</h4>
      {deliveries.isPending ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="aa-empty">{T.logEmpty}</p>
      ) : (
        <div className="aa-table-wrap">
          <table className="aa-table" aria-labelledby={captionId}>
            <thead>
              <tr>
                <th scope="col">{T.logColumns.event}</th>
                <th scope="col">{T.logColumns.state}</th>
                <th scope="col">{T.logColumns.http}</th>
                <th scope="col">{T.logColumns.duration}</th>
                <th scope="col">{T.logColumns.attempt}</th>
                <th scope="col">{T.logColumns.at}</th>
                <th scope="col">
                  <span className="site-visually-hidden">{T.logColumns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  boss={boss}
                  canResend={can('webhooks:manage')}
                  busy={resend.isPending && resend.variables === delivery.id}
                  onResend={() => resend.mutate(delivery.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function DeliveryRow({
  delivery,
  boss,
  canResend,
  busy,
  onResend,
}: {
  delivery: WebhookDelivery;
  boss: boolean;
  canResend: boolean;
  busy: boolean;
  onResend(): void;
}) {
  const last = delivery.attempts.at(-1);
  return (
    <tr data-delivery-id={delivery.id} data-state={delivery.state}>
      <th scope="row" data-label={T.logColumns.event}>
        {WEBHOOK_EVENT_LABELS[delivery.type]}
        {boss ? <code className="aa-id">{delivery.event_id}</code> : null}
      </th>
      <td data-label={T.logColumns.state}>
        <span className="aa-state" data-state={delivery.state}>
          {DELIVERY_STATE_LABELS[delivery.state]}
        </span>
        {last?.error && boss ? <span className="aa-error-code">{last.error.code}</span> : null}
      </td>
      <td data-label={T.logColumns.http}>{last ? (last.status ?? T.noAnswer) : '–'}</td>
      <td data-label={T.logColumns.duration}>{last ? `${last.duration_ms} ms` : '–'}</td>
      <td data-label={T.logColumns.attempt} data-attempts={delivery.attempts.length}>
        {delivery.attempts.length}
      </td>
      <td data-label={T.logColumns.at}>
        <When at={last?.at ?? delivery.created_at} />
      </td>
      <td className="aa-actions">
        {canResend && delivery.state !== 'pending' ? (
          <button type="button" className="site-button site-button-secondary" onClick={onResend} disabled={busy}>
            {busy ? 'Sending…' : T.resend}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** Add or edit an endpoint: its URL, events, description and whether it is on. */
function EndpointDialog({
  endpoint,
  onClose,
  onSaved,
}: {
  endpoint: WebhookEndpoint | 'new' | null;
  onClose(): void;
  onSaved(saved: WebhookEndpoint | WebhookEndpointWithSecret): void;
}) {
  const open = endpoint !== null;
  const editing = endpoint !== null && endpoint !== 'new' ? endpoint : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={editing ? T.editTitle : T.createTitle}
      size="lg"
    >
      {open ? <EndpointForm key={editing?.id ?? 'new'} endpoint={editing} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function EndpointForm({
  endpoint,
  onSaved,
}: {
  endpoint: WebhookEndpoint | null;
  onSaved(saved: WebhookEndpoint | WebhookEndpointWithSecret): void;
}) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? EVENTS);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [busy, setBusy] = useState(false);
  const eventsErrorId = useId();
  const body = {
    url: url.trim() || 'https://example.com/quire-webhooks',
    events,
    ...(description.trim() ? { description: description.trim() } : {}),
    enabled,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(url.trim() === '' ? { url: T.urlRequired } : {}),
      ...(events.length === 0 ? { events: T.eventsRequired } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = endpoint
        ? await client.webhooks.endpoints.update(endpoint.id, { ...body, description: description.trim() || null })
        : await client.webhooks.endpoints.create(body);
      notify.success(endpoint ? T.saved : T.added);
      onSaved(saved);
    } catch (error) {
      notifyFailure(error, 'Failed to save the endpoint', boss);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="account-form" onSubmit={submit} noValidate>
        <Field
          label={T.urlLabel}
          hint={T.urlHint}
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
          spellCheck={false}
          autoFocus
        />
        <fieldset
          className="aa-choices"
          aria-invalid={errors.events ? true : undefined}
          aria-describedby={errors.events ? eventsErrorId : undefined}
        >
          <legend>{T.eventsLabel}</legend>
          {EVENTS.map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(e) =>
                  setEvents((current) => (e.target.checked ? [...current, type] : current.filter((t) => t !== type)))
                }
              />
              {WEBHOOK_EVENT_LABELS[type]} <code className="aa-id">{type}</code>
            </label>
          ))}
          {errors.events ? (
            <p id={eventsErrorId} className="account-error">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={T.descriptionLabel}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={500}
        />
        <label className="aa-check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {T.enabledLabel}
        </label>
        <button type="submit" className="site-button site-button-primary" disabled={busy}>
          {busy ? 'Saving…' : endpoint ? T.save : T.add}
        </button>
      </form>
      <ApiSnippet
        title={endpoint ? 'Change it with the API' : 'Add it with the API'}
        action={
          endpoint
            ? {
                method: 'PATCH',
                path: `/v1/webhook-endpoints/${endpoint.id}`,
                body,
                client: `await quire.webhooks.endpoints.update('${endpoint.id}', ${JSON.stringify(body)});`,
              }
            : {
                method: 'POST',
                path: '/v1/webhook-endpoints',
                body,
                client: `const endpoint = await quire.webhooks.endpoints.create(${JSON.stringify(body)});`,
              }
        }
      />
    </>
  );
}
