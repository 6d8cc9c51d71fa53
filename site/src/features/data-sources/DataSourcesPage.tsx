import './data-sources.css';
import type { DataSource } from '@quire/client';
import { Link } from '@tanstack/react-router';
import { DATA_SOURCE_KINDS, DATA_SOURCES_TEXT as T } from '../../content/data-sources';
import { Loading } from '../../layout/Loading';
import { usePageTitle } from '../../layout/use-page-title';
import { ApiSnippet, useWorkspace } from '../../workspace';
import { kindOf, summaryOf } from './form-model';
import { useDataSources } from './queries';
import { failureOf } from './requests';

/** When a source was last tested and how it went (the service keeps the last outcome). */
export function LastTest({ source }: { source: DataSource }) {
  const last = source.last_test;
  if (!last) return <span className="ds-muted">{T.neverTested}</span>;
  return (
    <span className={last.ok ? 'ds-last-ok' : 'ds-last-failed'}>
      <strong>{last.ok ? T.lastTestOk : T.lastTestFailed}</strong>
      {last.error_code ? <code className="ds-code"> {last.error_code}</code> : null}
      <span className="ds-block ds-muted">
        <time dateTime={last.tested_at}>{formatDate(last.tested_at)}</time>
      </span>
    </span>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** /data-sources: the team's data sources, and the way to add one (owners and admins). */
export function DataSourcesPage() {
  usePageTitle(T.title);
  const { can } = useWorkspace();
  const readable = can('data_sources:read');
  const sources = useDataSources(readable);
  return (
    <div className="ds-page">
      <header className="app-page-header">
        <div>
          <h1>{T.title}</h1>
          <p className="ds-lead">{T.lead}</p>
        </div>
        {can('data_sources:write') ? (
          <Link to="/data-sources/new" className="site-button site-button-primary">
            {T.add}
          </Link>
        ) : null}
      </header>
      {!readable ? (
        <p className="app-card">{T.noAccess}</p>
      ) : sources.isPending ? (
        <Loading />
      ) : sources.isError ? (
        <p role="alert" className="ds-error">
          {T.loadFailed}: {failureOf(sources.error, T.loadFailed).message}
        </p>
      ) : sources.data.length === 0 ? (
        <p className="app-card">{T.empty}</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table">
            <thead>
              <tr>
                <th scope="col">{T.columns.name}</th>
                <th scope="col">{T.columns.kind}</th>
                <th scope="col">{T.columns.details}</th>
                <th scope="col">{T.columns.lastTested}</th>
                <th scope="col">{T.columns.created}</th>
              </tr>
            </thead>
            <tbody>
              {sources.data.map((source) => (
                <tr key={source.id}>
                  <th scope="row">
                    <Link to="/data-sources/$id" params={{ id: source.id }}>
                      {source.name}
                    </Link>
                    {source.description ? <span className="ds-muted ds-block">{source.description}</span> : null}
                  </th>
                  <td>{DATA_SOURCE_KINDS[kindOf(source)].label}</td>
                  <td className="ds-summary">{summaryOf(source)}</td>
                  <td>
                    <LastTest source={source} />
                  </td>
                  <td>
                    <time dateTime={source.created_at}>{formatDate(source.created_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {readable ? (
        <ApiSnippet
          title="List data sources with the API"
          action={{ method: 'GET', path: '/v1/data-sources', client: 'await quire.dataSources.list();' }}
        />
      ) : null}
    </div>
  );
}
