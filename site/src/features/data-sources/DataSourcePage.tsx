import './data-sources.css';
import type { DataSource, DataSourcePreview, DataSourceTestResult } from '@quire/client';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { DATA_SOURCE_KINDS, DATA_SOURCES_TEXT as T } from '../../content/data-sources';
import { Loading } from '../../layout/Loading';
import { usePageTitle } from '../../layout/use-page-title';
import { ApiSnippet, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import { notify } from '../account/notify';
import { DataSourceForm } from './DataSourceForm';
import { formatDate, LastTest } from './DataSourcesPage';
import { kindOf, parameterNames, summaryOf } from './form-model';
import { PreviewView } from './PreviewView';
import { useDataSource } from './queries';
import { failureOf, traced } from './requests';

/** /data-sources/new: the form for a new source; saved, it opens the source (to test and preview it). */
export function NewDataSourcePage() {
  usePageTitle(T.newTitle);
  const navigate = useNavigate();
  const { can } = useWorkspace();
  return (
    <div className="ds-page">
      <p>
        <Link to="/data-sources">← {T.back}</Link>
      </p>
      <header className="app-page-header">
        <h1>{T.newTitle}</h1>
      </header>
      {can('data_sources:write') ? (
        <div className="app-card">
          <DataSourceForm
            mode="create"
            onSaved={(source) => navigate({ to: '/data-sources/$id', params: { id: source.id } })}
            onCancel={() => navigate({ to: '/data-sources' })}
          />
        </div>
      ) : (
        <p className="app-card">{T.readOnlyNote}</p>
      )}
    </div>
  );
}

/** /data-sources/{id}: test, preview, change (owners and admins) and delete one data source. */
export function DataSourcePage({ id }: { id: string }) {
  const { can } = useWorkspace();
  const boss = useBossMode();
  const readable = can('data_sources:read');
  const query = useDataSource(id, readable);
  usePageTitle(query.data ? `${query.data.name} · ${T.title}` : T.title);
  if (!readable) return <p className="app-card">{T.noAccess}</p>;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const failure = failureOf(query.error, T.loadFailed);
    return (
      <div className="ds-page">
        <p>
          <Link to="/data-sources">← {T.back}</Link>
        </p>
        <p role="alert" className="ds-error">
          {failure.code === 'data_source_not_found' ? T.notFound : failure.message}
        </p>
      </div>
    );
  }
  const source = query.data;
  return (
    <div className="ds-page">
      <p>
        <Link to="/data-sources">← {T.back}</Link>
      </p>
      <header className="app-page-header">
        <div>
          <h1>{source.name}</h1>
          <p className="ds-lead">
            {DATA_SOURCE_KINDS[kindOf(source)].label} · <span className="ds-summary">{summaryOf(source)}</span>
          </p>
          <p className="ds-muted">
            {T.columns.created} <time dateTime={source.created_at}>{formatDate(source.created_at)}</time>
          </p>
          <p className="ds-muted" data-testid="ds-last-test">
            {T.columns.lastTested}: <LastTest source={source} />
          </p>
        </div>
        {can('data_sources:write') ? <DeleteButton source={source} /> : null}
      </header>

      <TryPanel source={source} />

      <section className="app-card ds-section" aria-labelledby={`${id}-settings`}>
        <h2 id={`${id}-settings`}>{T.editTitle}</h2>
        {can('data_sources:write') ? (
          <DataSourceForm key={source.updated_at} mode="edit" source={source} onSaved={() => {}} />
        ) : (
          <>
            <p className="ds-muted">{T.readOnlyNote}</p>
            <SettingsList source={source} />
          </>
        )}
      </section>

      {boss ? (
        <section className="app-card ds-section" aria-label="The data source as the API shows it">
          <h2>JSON</h2>
          <pre className="app-code">
            <code>{JSON.stringify(source, null, 2)}</code>
          </pre>
          <ApiSnippet
            title="Get this data source with the API"
            action={{
              method: 'GET',
              path: `/v1/data-sources/${source.id}`,
              client: `await quire.dataSources.get('${source.id}');`,
            }}
          />
        </section>
      ) : null}
    </div>
  );
}

/** What a member (who may not change it) sees of the settings. */
function SettingsList({ source }: { source: DataSource }) {
  const entries: [string, string][] = [];
  if (source.description) entries.push(['Description', source.description]);
  if (source.type === 'http') {
    entries.push(['URL', `${source.method} ${source.url}`]);
    const headers = Object.keys(source.headers);
    if (headers.length) entries.push(['Headers', headers.join(', ')]);
    entries.push(['Data path', source.data_path]);
  } else if (source.type === 'postgres' || source.type === 'mysql') {
    entries.push(['Database', summaryOf(source)]);
    entries.push(['Query', source.query]);
  } else {
    entries.push(['File', summaryOf(source)]);
  }
  return (
    <dl className="ds-settings">
      {entries.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={term === 'Query' ? 'ds-mono' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface Outcome<T> {
  value?: T;
  failure?: { message: string; code?: string; requestId?: string };
  requestId?: string;
}

/** Test connection and preview, with the parameters the source takes. */
function TryPanel({ source }: { source: DataSource }) {
  const { client, can } = useWorkspace();
  const boss = useBossMode();
  const queryClient = useQueryClient();
  const listKey = useTeamKey('data-sources');
  const id = useId();
  const names = parameterNames(source);
  const [params, setParams] = useState<Record<string, string>>({});
  const [test, setTest] = useState<Outcome<DataSourceTestResult> | null>(null);
  const [preview, setPreview] = useState<Outcome<DataSourcePreview> | null>(null);
  const [busy, setBusy] = useState<'test' | 'preview' | null>(null);
  const body = names.length ? { params } : {};
  const mayPreview = can('data_sources:read_rows');

  async function run<R>(kind: 'test' | 'preview', call: () => Promise<{ value: R; requestId: string }>) {
    const setOutcome = (kind === 'test' ? setTest : setPreview) as (o: Outcome<R> | null) => void;
    setBusy(kind);
    setOutcome(null);
    try {
      const { value, requestId } = await call();
      setOutcome({ value, requestId });
      // The service keeps the test's outcome on the source: the list and the header show it.
      if (kind === 'test') await queryClient.invalidateQueries({ queryKey: listKey });
    } catch (error) {
      const failure = failureOf(error, kind === 'test' ? T.testFailed : T.loadFailed);
      setOutcome({ failure, ...(failure.requestId ? { requestId: failure.requestId } : {}) });
    } finally {
      setBusy(null);
    }
  }

  const testFailure =
    test?.failure ?? (test?.value && !test.value.ok && test.value.error ? test.value.error : undefined);

  return (
    <section className="app-card ds-section" aria-labelledby={`${id}-try`}>
      <h2 id={`${id}-try`}>{mayPreview ? `${T.test} · ${T.preview}` : T.test}</h2>
      {names.length ? (
        <div className="ds-params">
          {names.map((name) => (
            <div className="ds-field" key={name}>
              <label htmlFor={`${id}-p-${name}`}>{name}</label>
              <input
                id={`${id}-p-${name}`}
                value={params[name] ?? ''}
                onChange={(e) => setParams((p) => ({ ...p, [name]: e.target.value }))}
              />
            </div>
          ))}
        </div>
      ) : null}
      <div className="ds-actions">
        <button
          type="button"
          className="site-button site-button-secondary"
          disabled={busy !== null}
          onClick={() => run('test', () => traced((o) => client.dataSources.test(source.id, body, o)))}
        >
          {busy === 'test' ? T.testing : T.test}
        </button>
        {mayPreview ? (
          <button
            type="button"
            className="site-button site-button-secondary"
            disabled={busy !== null}
            onClick={() => run('preview', () => traced((o) => client.dataSources.preview(source.id, body, o)))}
          >
            {busy === 'preview' ? T.previewing : T.preview}
          </button>
        ) : null}
      </div>
      {!mayPreview ? <p className="ds-muted">{T.noRowsAccess}</p> : null}

      <div aria-live="polite">
        {test ? (
          <div
            className={`ds-result ${testFailure ? 'ds-result-failed' : 'ds-result-ok'}`}
            data-testid="ds-test-result"
          >
            {testFailure ? (
              <p>
                <strong>{T.testFailed}:</strong> {testFailure.message}{' '}
                {testFailure.code ? <code className="ds-code">{testFailure.code}</code> : null}
              </p>
            ) : (
              <p>
                <strong>{T.testOk}</strong> ({test.value?.latency_ms} ms)
              </p>
            )}
            {boss && test.requestId ? (
              <p className="ds-muted">
                {T.requestId}: <code>{test.requestId}</code>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {preview ? (
        preview.failure ? (
          <p role="alert" className="ds-error">
            {preview.failure.message}{' '}
            {preview.failure.code ? <code className="ds-code">{preview.failure.code}</code> : null}
          </p>
        ) : preview.value ? (
          <PreviewView preview={preview.value} />
        ) : null
      ) : null}
      {boss && preview?.requestId ? (
        <p className="ds-muted">
          {T.requestId}: <code>{preview.requestId}</code>
        </p>
      ) : null}
      <ApiSnippet
        title="Test this connection with the API"
        action={{
          method: 'POST',
          path: `/v1/data-sources/${source.id}/test`,
          body,
          client: `await quire.dataSources.test('${source.id}', ${JSON.stringify(body)});`,
        }}
      />
      {mayPreview ? (
        <ApiSnippet
          title="Preview this data with the API"
          action={{
            method: 'POST',
            path: `/v1/data-sources/${source.id}/preview`,
            body,
            client: `await quire.dataSources.preview('${source.id}', ${JSON.stringify(body)});`,
          }}
        />
      ) : null}
    </section>
  );
}

function DeleteButton({ source }: { source: DataSource }) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listKey = useTeamKey('data-sources');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; code?: string; requestId?: string } | null>(null);
  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await traced((o) => client.dataSources.delete(source.id, o));
      queryClient.removeQueries({ queryKey: [...listKey, source.id] });
      await queryClient.invalidateQueries({ queryKey: listKey });
      notify.success(T.removed);
      setOpen(false);
      await navigate({ to: '/data-sources' });
    } catch (error) {
      setFailure(failureOf(error, T.removeFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="site-button site-button-secondary ds-danger">{T.remove}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="ds-overlay" />
        <Dialog.Content className="ds-dialog">
          <Dialog.Title>{T.removeTitle(source.name)}</Dialog.Title>
          <Dialog.Description>{T.removeBody}</Dialog.Description>
          {failure ? (
            <p role="alert" className="ds-error">
              {failure.message} {failure.code ? <code className="ds-code">{failure.code}</code> : null}
            </p>
          ) : null}
          <ApiSnippet
            title="Delete it with the API"
            action={{
              method: 'DELETE',
              path: `/v1/data-sources/${source.id}`,
              client: `await quire.dataSources.delete('${source.id}');`,
            }}
          />
          {boss && failure?.requestId ? (
            <p className="ds-muted">
              {T.requestId}: <code>{failure.requestId}</code>
            </p>
          ) : null}
          <div className="ds-actions">
            <button
              type="button"
              className="site-button site-button-primary ds-danger-solid"
              onClick={remove}
              disabled={busy}
            >
              {T.removeConfirm}
            </button>
            <Dialog.Close className="site-button site-button-secondary">{T.cancel}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
