import type { Report } from '@quire/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { REPORT_STATUS, REPORTS_LIST } from '../../content/reports';
import { usePageTitle } from '../../layout/use-page-title';
import { ApiSnippet, useTeamKey, useWorkspace } from '../../workspace';
import { serviceMessage } from '../account/notify';
import { downloadReport, useTemplates } from './queries';
import { dateTimeOf, durationOf, formatLabel, isUnsettled, sourceOf } from './report-format';
import { StatusBadge } from './StatusBadge';
import { listParams, type ReportsSearch } from './search';
import './reports.css';

const PAGE_SIZE = 25;
/** How often the list looks again while one of its reports is queued or rendering. */
const LIVE_POLL_MS = 1500;

/** /reports: the team's reports, newest first, filtered by the URL's search, page after page. */
export function ReportsList({ search }: { search: ReportsSearch }) {
  usePageTitle(REPORTS_LIST.title);
  const { client, can } = useWorkspace();
  const navigate = useNavigate();
  const templates = useTemplates();
  const names = useMemo(
    () => new Map((templates.data ?? []).map((template) => [template.id, template.name])),
    [templates.data],
  );
  const params = listParams(search);
  const reports = useInfiniteQuery({
    queryKey: useTeamKey('reports', 'list', params),
    queryFn: async ({ pageParam }) => {
      const page = await client.reports.list({
        ...params,
        limit: PAGE_SIZE,
        ...(pageParam ? { starting_after: pageParam } : {}),
      });
      return { data: page.data, next: page.hasNextPage() ? page.next_cursor : null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // Live status: reports still rendering are looked at again until they settle.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some(isUnsettled)) ? LIVE_POLL_MS : false,
  });
  const rows = reports.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Object.keys(search).length > 0;
  const setFilter = (next: Partial<ReportsSearch>) =>
    navigate({
      to: '/reports',
      search: (previous: ReportsSearch) => {
        const merged: Record<string, unknown> = { ...previous, ...next };
        for (const key of Object.keys(merged)) if (!merged[key]) delete merged[key];
        return merged as ReportsSearch;
      },
      replace: true,
    });

  return (
    <div className="reports-page">
      <header className="app-page-header reports-header">
        <div>
          <h1>{REPORTS_LIST.title}</h1>
          <p className="reports-lead">{REPORTS_LIST.lead}</p>
        </div>
        {can('reports:create') ? (
          <Link to="/reports/generate" className="site-button site-button-primary">
            {REPORTS_LIST.generate}
          </Link>
        ) : null}
      </header>

      <Filters search={search} templates={templates.data ?? []} onChange={setFilter} />

      {reports.isPending ? (
        <p role="status">{REPORTS_LIST.loading}</p>
      ) : reports.isError ? (
        <p className="site-error" role="alert">
          {serviceMessage(reports.error, REPORTS_LIST.failedToLoad)}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState
          filtered={filtered}
          canCreate={can('reports:create')}
          onClear={() => navigate({ to: '/reports' })}
        />
      ) : (
        <>
          <ReportsTable rows={rows} names={names} />
          {reports.hasNextPage ? (
            <button
              type="button"
              className="site-button site-button-secondary reports-more"
              onClick={() => reports.fetchNextPage()}
              disabled={reports.isFetchingNextPage}
            >
              {reports.isFetchingNextPage ? REPORTS_LIST.loading : REPORTS_LIST.loadMore}
            </button>
          ) : null}
        </>
      )}

      <ApiSnippet
        title={REPORTS_LIST.snippetTitle}
        action={{
          method: 'GET',
          path: `/v1/reports${queryString({ ...params, limit: PAGE_SIZE })}`,
          client: `const page = await quire.reports.list(${JSON.stringify({ ...params, limit: PAGE_SIZE })});`,
          mcp: {
            tool: 'list_reports',
            arguments: { ...(params.template_id ? { template_id: params.template_id } : {}) },
          },
        }}
      />
    </div>
  );
}

function queryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

function Filters({
  search,
  templates,
  onChange,
}: {
  search: ReportsSearch;
  templates: { id: string; name: string }[];
  onChange(next: Partial<ReportsSearch>): void;
}) {
  const id = useId();
  const filtered = Object.keys(search).length > 0;
  return (
    <form className="app-card reports-filters" aria-label={REPORTS_LIST.filters} onSubmit={(e) => e.preventDefault()}>
      <div className="reports-field">
        <label htmlFor={`${id}-template`}>{REPORTS_LIST.template}</label>
        <select
          id={`${id}-template`}
          value={search.template ?? ''}
          onChange={(e) => onChange({ template: e.target.value || undefined })}
        >
          <option value="">{REPORTS_LIST.anyTemplate}</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
          {search.template && !templates.some((t) => t.id === search.template) ? (
            <option value={search.template}>{search.template}</option>
          ) : null}
        </select>
      </div>
      <div className="reports-field">
        <label htmlFor={`${id}-status`}>{REPORTS_LIST.status}</label>
        <select
          id={`${id}-status`}
          value={search.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as ReportsSearch['status'] })}
        >
          <option value="">{REPORTS_LIST.anyStatus}</option>
          {(Object.keys(REPORT_STATUS) as Report['status'][]).map((status) => (
            <option key={status} value={status}>
              {REPORT_STATUS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="reports-field">
        <label htmlFor={`${id}-from`}>{REPORTS_LIST.from}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </div>
      <div className="reports-field">
        <label htmlFor={`${id}-to`}>{REPORTS_LIST.to}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </div>
      {filtered ? (
        <button
          type="button"
          className="site-button site-button-ghost reports-clear"
          onClick={() => onChange({ template: undefined, status: undefined, from: undefined, to: undefined })}
        >
          {REPORTS_LIST.clear}
        </button>
      ) : null}
    </form>
  );
}

function EmptyState({ filtered, canCreate, onClear }: { filtered: boolean; canCreate: boolean; onClear(): void }) {
  return (
    <section className="app-card reports-empty" aria-labelledby="reports-empty-title">
      <h2 id="reports-empty-title">{filtered ? REPORTS_LIST.emptyFilteredTitle : REPORTS_LIST.emptyTitle}</h2>
      <p>{filtered ? REPORTS_LIST.emptyFilteredText : REPORTS_LIST.emptyText}</p>
      {filtered ? (
        <button type="button" className="site-button site-button-secondary" onClick={onClear}>
          {REPORTS_LIST.clear}
        </button>
      ) : canCreate ? (
        <Link to="/reports/generate" className="site-button site-button-primary">
          {REPORTS_LIST.generate}
        </Link>
      ) : null}
    </section>
  );
}

function ReportsTable({ rows, names }: { rows: Report[]; names: Map<string, string> }) {
  const live = rows.some(isUnsettled);
  const C = REPORTS_LIST.columns;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable: the table scrolls sideways on narrow windows.
    <section className="reports-table-wrap" aria-label={REPORTS_LIST.table} tabIndex={0}>
      {live ? (
        <p className="reports-live" role="status">
          {REPORTS_LIST.live}
        </p>
      ) : null}
      <table className="reports-table">
        <thead>
          <tr>
            <th scope="col">{C.report}</th>
            <th scope="col">{C.template}</th>
            <th scope="col">{C.format}</th>
            <th scope="col">{C.status}</th>
            <th scope="col">{C.source}</th>
            <th scope="col">{C.duration}</th>
            <th scope="col">{C.created}</th>
            <th scope="col">
              <span className="reports-visually-hidden">{C.download}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((report) => (
            <ReportRow key={report.id} report={report} templateName={names.get(report.template_id)} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ReportRow({ report, templateName }: { report: Report; templateName: string | undefined }) {
  const { client } = useWorkspace();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const source = sourceOf(report);
  const C = REPORTS_LIST.columns;
  return (
    <tr data-report-id={report.id}>
      <td data-label={C.report}>
        <Link to="/reports/$reportId" params={{ reportId: report.id }} className="reports-name">
          {report.filename}
        </Link>
      </td>
      <td data-label={C.template}>
        {templateName ?? report.template_id} <span className="reports-muted">v{report.template_version}</span>
      </td>
      <td data-label={C.format}>{formatLabel(report.format)}</td>
      <td data-label={C.status}>
        <StatusBadge status={report.status} />
      </td>
      <td data-label={C.source}>
        {source.kind}
        {source.name ? <span className="reports-muted reports-source-name"> {source.name}</span> : null}
      </td>
      <td data-label={C.duration}>{durationOf(report) ?? '—'}</td>
      <td data-label={C.created}>
        <time dateTime={report.created_at}>{dateTimeOf(report.created_at)}</time>
      </td>
      <td>
        {report.download_url ? (
          <button
            type="button"
            className="site-button site-button-secondary reports-download"
            aria-label={`${REPORTS_LIST.download} ${report.filename}`}
            disabled={downloading}
            onClick={async () => {
              setDownloading(true);
              setFailure(null);
              try {
                await downloadReport(client, report);
              } catch (error) {
                setFailure(serviceMessage(error, REPORTS_LIST.downloadFailed));
              } finally {
                setDownloading(false);
              }
            }}
          >
            {downloading ? REPORTS_LIST.downloading : REPORTS_LIST.download}
          </button>
        ) : null}
        {failure ? (
          <span className="site-error" role="alert">
            {failure}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
