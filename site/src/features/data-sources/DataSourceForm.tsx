import type { DataSource, DataSourceCreateParams, DataSourceUpdateParams } from '@quire/client';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import {
  CSV_DELIMITERS,
  DATA_SOURCE_KINDS,
  DATA_SOURCE_FIELDS as F,
  DATA_SOURCES_TEXT as T,
} from '../../content/data-sources';
import { ApiSnippet, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import { notify } from '../account/notify';
import {
  createBody,
  emptyForm,
  FORM_KINDS,
  FormProblem,
  type FormState,
  formOf,
  headerRow,
  restoreSecrets,
  updateBody,
  withoutSecrets,
} from './form-model';
import { failureOf, traced } from './requests';

type Props =
  | { mode: 'create'; onSaved(source: DataSource): void; onCancel(): void }
  | { mode: 'edit'; source: DataSource; onSaved(source: DataSource): void };

interface Outcome {
  message: string;
  code?: string;
  requestId?: string;
}

/**
 * Adding or changing a data source, in plain words for every kind. Secrets are write-only: a saved header or
 * connection string says it is set, and is replaced only when something new is typed. Boss Mode adds the request
 * body as JSON (secrets masked), the API snippet and the request id.
 */
export function DataSourceForm(props: Props) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const queryClient = useQueryClient();
  const listKey = useTeamKey('data-sources');
  const editing = props.mode === 'edit' ? props.source : null;
  const [form, setForm] = useState<FormState>(() => (editing ? formOf(editing) : emptyForm()));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Outcome | null>(null);
  const [lastRequest, setLastRequest] = useState<string | null>(null);
  const id = useId();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const preview = useMemo(() => {
    try {
      return { body: editing ? updateBody(form) : createBody(form) };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }, [form, editing]);

  /** Boss Mode's JSON editor: null while the form is used. */
  const [json, setJson] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    let body: DataSourceCreateParams | DataSourceUpdateParams;
    try {
      body = editing ? updateBody(form) : createBody(form);
    } catch (error) {
      if (error instanceof FormProblem) {
        setFailure({ message: error.message });
        return;
      }
      throw error;
    }
    await save(body);
  }

  async function saveJson() {
    setFailure(null);
    let body: DataSourceCreateParams | DataSourceUpdateParams;
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(json ?? '');
      } catch (error) {
        throw new FormProblem('name', `${T.jsonInvalid}: ${(error as Error).message}`);
      }
      body = restoreSecrets(parsed, 'body' in preview ? preview.body : undefined, !editing);
    } catch (error) {
      if (error instanceof FormProblem) {
        setFailure({ message: error.message });
        return;
      }
      throw error;
    }
    if (await save(body)) setJson(null);
  }

  async function save(body: DataSourceCreateParams | DataSourceUpdateParams): Promise<boolean> {
    setSaving(true);
    try {
      const { value, requestId } = await traced((options) =>
        editing
          ? client.dataSources.update(editing.id, body as DataSourceUpdateParams, options)
          : client.dataSources.create(body as DataSourceCreateParams, options),
      );
      setLastRequest(requestId);
      // The answer shows at once; the refetch after it has the last word, so that a test run meanwhile (whose
      // outcome the service keeps on the source) is not overwritten by this older answer.
      queryClient.setQueryData([...listKey, value.id], value);
      await queryClient.invalidateQueries({ queryKey: listKey });
      notify.success(editing ? T.saved : T.created);
      // Typed secrets are not kept on screen once saved.
      if (editing) setForm(formOf(value));
      props.onSaved(value);
      return true;
    } catch (error) {
      setFailure(failureOf(error, T.saveFailed));
      return false;
    } finally {
      setSaving(false);
    }
  }

  const kind = form.kind;
  const field = (name: string) => `${id}-${name}`;

  return (
    <form className="ds-form" onSubmit={submit} aria-label={editing ? T.editTitle : T.newTitle} noValidate>
      {editing ? null : (
        <fieldset className="ds-kinds">
          <legend>{T.kindLegend}</legend>
          {FORM_KINDS.map((k) => (
            <div key={k} className="ds-kind" data-checked={kind === k}>
              <input
                type="radio"
                id={field(`kind-${k}`)}
                name={field('kind')}
                value={k}
                checked={kind === k}
                aria-describedby={field(`kind-${k}-hint`)}
                onChange={() => setForm((f) => ({ ...emptyForm(k), name: f.name, description: f.description }))}
              />
              <span>
                <label htmlFor={field(`kind-${k}`)}>{DATA_SOURCE_KINDS[k].label}</label>
                <span className="ds-muted ds-block" id={field(`kind-${k}-hint`)}>
                  {DATA_SOURCE_KINDS[k].hint}
                </span>
              </span>
            </div>
          ))}
        </fieldset>
      )}

      <Field id={field('name')} label={F.name.label} hint={F.name.hint}>
        <input
          id={field('name')}
          value={form.name}
          required
          maxLength={100}
          onChange={(e) => set('name', e.target.value)}
        />
      </Field>
      <Field id={field('description')} label={F.description.label} hint={F.description.hint}>
        <input
          id={field('description')}
          value={form.description}
          maxLength={500}
          onChange={(e) => set('description', e.target.value)}
        />
      </Field>

      {kind === 'http' ? <HttpFields form={form} setForm={setForm} field={field} /> : null}
      {kind === 'postgres' || kind === 'mysql' ? (
        <SqlFields form={form} set={set} field={field} source={editing} />
      ) : null}
      {kind === 'csv' || kind === 'json' ? (
        <UploadFields form={form} set={set} field={field} editing={editing !== null} />
      ) : null}

      {failure ? (
        <p role="alert" className="ds-error">
          {failure.message}
          {failure.code ? <code className="ds-code"> {failure.code}</code> : null}
          {boss && failure.requestId ? (
            <span className="ds-block ds-muted">
              {T.requestId}: <code>{failure.requestId}</code>
            </span>
          ) : null}
        </p>
      ) : null}
      {boss && lastRequest ? (
        <p className="ds-muted ds-request-id">
          {T.requestId}: <code>{lastRequest}</code>
        </p>
      ) : null}

      <div className="ds-actions">
        <button type="submit" className="site-button site-button-primary" disabled={saving}>
          {saving ? T.saving : editing ? T.save : T.create}
        </button>
        {props.mode === 'create' ? (
          <button type="button" className="site-button site-button-secondary" onClick={props.onCancel}>
            {T.cancel}
          </button>
        ) : null}
      </div>

      {boss ? (
        <section className="ds-boss" aria-label={T.config}>
          <h3>{T.config}</h3>
          {json === null ? (
            <>
              <pre className="app-code" data-testid="ds-config">
                <code>
                  {'body' in preview && preview.body
                    ? JSON.stringify(withoutSecrets(preview.body), null, 2)
                    : preview.problem}
                </code>
              </pre>
              {'body' in preview && preview.body ? (
                <div className="ds-actions">
                  <button
                    type="button"
                    className="site-button site-button-secondary"
                    onClick={() => setJson(JSON.stringify(withoutSecrets(preview.body, { truncate: false }), null, 2))}
                  >
                    {T.editJson}
                  </button>
                </div>
              ) : null}
            </>
          ) : (
            <>
              <div className="ds-field">
                <label htmlFor={field('json')}>{T.jsonLabel}</label>
                <textarea
                  id={field('json')}
                  className="ds-mono"
                  rows={12}
                  spellCheck={false}
                  value={json}
                  aria-describedby={`${field('json')}-hint`}
                  onChange={(e) => setJson(e.target.value)}
                />
                <p className="ds-hint" id={`${field('json')}-hint`}>
                  {T.jsonHint}
                </p>
              </div>
              <div className="ds-actions">
                <button type="button" className="site-button site-button-primary" disabled={saving} onClick={saveJson}>
                  {saving ? T.saving : T.saveJson}
                </button>
                <button type="button" className="site-button site-button-secondary" onClick={() => setJson(null)}>
                  {T.backToForm}
                </button>
              </div>
            </>
          )}
          {'body' in preview && preview.body ? (
            <ApiSnippet
              title={editing ? 'Change this data source with the API' : 'Create this data source with the API'}
              action={
                editing
                  ? {
                      method: 'PATCH',
                      path: `/v1/data-sources/${editing.id}`,
                      body: withoutSecrets(preview.body),
                      client: `await quire.dataSources.update('${editing.id}', ${JSON.stringify(withoutSecrets(preview.body), null, 2)});`,
                    }
                  : {
                      method: 'POST',
                      path: '/v1/data-sources',
                      body: withoutSecrets(preview.body),
                      client: `await quire.dataSources.create(${JSON.stringify(withoutSecrets(preview.body), null, 2)});`,
                    }
              }
            />
          ) : null}
        </section>
      ) : null}
    </form>
  );
}

export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="ds-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="ds-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function HttpFields({
  form,
  setForm,
  field,
}: {
  form: FormState;
  setForm: React.Dispatch<React.SetStateAction<FormState>>;
  field: (name: string) => string;
}) {
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const updateHeader = (key: string, change: Partial<{ name: string; value: string }>) =>
    setForm((f) => ({ ...f, headers: f.headers.map((h) => (h.key === key ? { ...h, ...change } : h)) }));
  return (
    <>
      <Field id={field('url')} label={F.url.label} hint={F.url.hint}>
        <input
          id={field('url')}
          type="url"
          inputMode="url"
          value={form.url}
          required
          aria-describedby={`${field('url')}-hint`}
          onChange={(e) => set('url', e.target.value)}
        />
      </Field>
      <Field id={field('method')} label={F.method.label}>
        <select id={field('method')} value={form.method} onChange={(e) => set('method', e.target.value as 'GET')}>
          <option value="GET">GET</option>
          <option value="POST">POST</option>
        </select>
      </Field>
      <fieldset className="ds-headers">
        <legend>{F.headers.label}</legend>
        <p className="ds-hint">{F.headers.hint}</p>
        {form.headers.map((h, index) => (
          <div className="ds-header-row" key={h.key}>
            <div className="ds-field">
              <label htmlFor={field(`hn${h.key}`)}>
                {F.headerName.label} {index + 1}
              </label>
              <input
                id={field(`hn${h.key}`)}
                value={h.name}
                readOnly={h.saved}
                autoComplete="off"
                onChange={(e) => updateHeader(h.key, { name: e.target.value })}
              />
            </div>
            <div className="ds-field">
              <label htmlFor={field(`hv${h.key}`)}>
                {F.headerValue.label} {index + 1}
              </label>
              <input
                id={field(`hv${h.key}`)}
                type="password"
                autoComplete="new-password"
                value={h.value}
                placeholder={h.saved ? '••••••••' : ''}
                aria-describedby={h.saved ? `${field(`hv${h.key}`)}-set` : undefined}
                onChange={(e) => updateHeader(h.key, { value: e.target.value })}
              />
              {h.saved ? (
                <p className="ds-hint" id={`${field(`hv${h.key}`)}-set`}>
                  {T.secretSet}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className="site-button site-button-ghost"
              onClick={() =>
                setForm((f) => ({
                  ...f,
                  headers: f.headers.filter((x) => x.key !== h.key),
                  removedHeaders: h.saved ? [...f.removedHeaders, h.name] : f.removedHeaders,
                }))
              }
            >
              {F.removeHeader(h.name)}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="site-button site-button-secondary"
          onClick={() => setForm((f) => ({ ...f, headers: [...f.headers, headerRow()] }))}
        >
          {F.addHeader}
        </button>
      </fieldset>
      {form.method === 'POST' ? (
        <Field id={field('body')} label={F.body.label} hint={F.body.hint}>
          <textarea
            id={field('body')}
            className="ds-mono"
            rows={4}
            value={form.body}
            onChange={(e) => set('body', e.target.value)}
          />
        </Field>
      ) : null}
      <Field id={field('dataPath')} label={F.dataPath.label} hint={F.dataPath.hint}>
        <input
          id={field('dataPath')}
          value={form.dataPath}
          placeholder="$"
          aria-describedby={`${field('dataPath')}-hint`}
          onChange={(e) => set('dataPath', e.target.value)}
        />
      </Field>
      <Field id={field('timeout')} label={F.timeout.label}>
        <input
          id={field('timeout')}
          inputMode="numeric"
          value={form.timeoutMs}
          placeholder="10000"
          onChange={(e) => set('timeoutMs', e.target.value)}
        />
      </Field>
    </>
  );
}

function SqlFields({
  form,
  set,
  field,
  source,
}: {
  form: FormState;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  field: (name: string) => string;
  source: DataSource | null;
}) {
  const saved = source && (source.type === 'postgres' || source.type === 'mysql') ? source.connection : null;
  const hintId = `${field('connection')}-hint`;
  return (
    <>
      <div className="ds-field">
        <label htmlFor={field('connection')}>{F.connection.label}</label>
        <input
          id={field('connection')}
          type="password"
          autoComplete="new-password"
          value={form.connectionString}
          placeholder={
            saved ? '••••••••' : `${form.kind}://user:password@host:${form.kind === 'mysql' ? 3306 : 5432}/database`
          }
          aria-describedby={hintId}
          onChange={(e) => set('connectionString', e.target.value)}
        />
        <p className="ds-hint" id={hintId}>
          {saved
            ? `${F.connectionSet(`${saved.user}@${saved.host}:${saved.port}/${saved.database}`)} ${T.secretSet}`
            : F.connection.hint}
        </p>
      </div>
      <Field id={field('query')} label={F.query.label} hint={F.query.hint}>
        <textarea
          id={field('query')}
          className="ds-mono"
          rows={4}
          value={form.query}
          onChange={(e) => set('query', e.target.value)}
        />
      </Field>
      <Field id={field('params')} label={F.params.label} hint={F.params.hint}>
        <input id={field('params')} value={form.params} onChange={(e) => set('params', e.target.value)} />
      </Field>
      <div className="ds-two">
        <Field id={field('timeout')} label={F.timeout.label}>
          <input
            id={field('timeout')}
            inputMode="numeric"
            value={form.timeoutMs}
            placeholder="10000"
            onChange={(e) => set('timeoutMs', e.target.value)}
          />
        </Field>
        <Field id={field('rowLimit')} label={F.rowLimit.label}>
          <input
            id={field('rowLimit')}
            inputMode="numeric"
            value={form.rowLimit}
            placeholder="10000"
            onChange={(e) => set('rowLimit', e.target.value)}
          />
        </Field>
      </div>
    </>
  );
}

function UploadFields({
  form,
  set,
  field,
  editing,
}: {
  form: FormState;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  field: (name: string) => string;
  editing: boolean;
}) {
  const csv = form.kind === 'csv';
  return (
    <>
      <Field id={field('file')} label={F.file.label} hint={editing ? `${F.file.hint} ${T.secretKeep}` : F.file.hint}>
        <input
          id={field('file')}
          type="file"
          accept={csv ? '.csv,text/csv' : '.json,application/json'}
          aria-describedby={`${field('file')}-hint`}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            set('content', await file.text());
          }}
        />
      </Field>
      <Field id={field('content')} label={F.content.label}>
        <textarea
          id={field('content')}
          className="ds-mono"
          rows={6}
          value={form.content}
          onChange={(e) => set('content', e.target.value)}
        />
      </Field>
      {csv ? (
        <Field id={field('delimiter')} label={F.delimiter.label}>
          <select
            id={field('delimiter')}
            value={form.delimiter}
            onChange={(e) => set('delimiter', e.target.value as FormState['delimiter'])}
          >
            {CSV_DELIMITERS.map((d) => (
              <option key={d.label} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <Field id={field('jsonPath')} label={F.jsonPath.label} hint={F.jsonPath.hint}>
          <input
            id={field('jsonPath')}
            value={form.dataPath}
            placeholder="$"
            aria-describedby={`${field('jsonPath')}-hint`}
            onChange={(e) => set('dataPath', e.target.value)}
          />
        </Field>
      )}
    </>
  );
}
