import type { Report, WebhookDelivery } from '@quire/client';
import { configurePdfViewer, QuireProvider, ReportViewer } from '@quire/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PDF_WORKER_PATH } from '../../../build/pdf-paths';
import { REPORT_PAGE, REPORTS_LIST } from '../../content/reports';
import { usePageTitle } from '../../layout/use-page-title';
import { useSiteTheme } from '../../theme/use-theme';
import { ApiSnippet, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import { serviceMessage } from '../account/notify';
import { downloadReport, useDataSources, useTemplates } from './queries';
import { dateTimeOf, durationOf, fill, formatLabel, isUnsettled, sizeOf, sourceOf } from './report-format';
import { StatusBadge } from './StatusBadge';
import type { GenerateSearch } from './search';
import './reports.css';

configurePdfViewer({ workerSrc: PDF_WORKER_PATH });

const LIVE_POLL_MS = 1000;

/** /reports/{id}: the file in the browser, what it is, how it went, where it was sent; download, generate again. */
export function ReportPage({ reportId }: { reportId: string }) {
  const { client, can } = useWorkspace();
  const boss = useBossMode();
  const { preference } = useSiteTheme();
  const report = useQuery({
    queryKey: useTeamKey('reports', reportId),
    queryFn: () => client.reports.get(reportId),
    refetchInterval: (query) => (query.state.data && isUnsettled(query.state.data) ? LIVE_POLL_MS : false),
  });
  usePageTitle(report.data?.filename ?? REPORTS_LIST.title);

  if (report.isPending) return <p role="status">{REPORT_PAGE.loading}</p>;
  if (report.isError) {
    return (
      <div className="reports-page">
        <Link to="/reports" className="reports-back">
          ← {REPORT_PAGE.back}
        </Link>
        <p className="site-error" role="alert">
          {serviceMessage(report.error, REPORT_PAGE.notFound)}
        </p>
      </div>
    );
  }
  const r = report.data;
  const again: GenerateSearch = {
    template: r.template_id,
    version: r.template_version,
    format: r.format,
    ...(r.data_source_id ? { data_source: r.data_source_id } : {}),
    from: r.id,
  };
  return (
    <div className="reports-page">
      <header className="app-page-header reports-header">
        <div>
          <Link to="/reports" className="reports-back">
            ← {REPORT_PAGE.back}
          </Link>
          <h1>{r.filename}</h1>
        </div>
        <div className="reports-actions">
          {r.download_url ? <DownloadButton report={r} /> : null}
          {can('reports:create') ? (
            <Link to="/reports/generate" search={again} className="site-button site-button-secondary">
              {REPORT_PAGE.generateAgain}
            </Link>
          ) : null}
        </div>
      </header>
      <div className="reports-detail">
        <section aria-label={REPORT_PAGE.report} className="reports-result">
          {/* Keyed by status: the viewer loads the file once the report has settled. */}
          <QuireProvider client={client} theme={preference}>
            <div className="reports-viewer">
              <ReportViewer key={isUnsettled(r) ? 'waiting' : 'settled'} reportId={r.id} theme={preference} />
            </div>
          </QuireProvider>
        </section>
        <div className="reports-aside">
          <Details report={r} />
          <Warnings report={r} />
          <DataUsed report={r} />
          <Deliveries reportId={r.id} />
          <ApiSnippet
            title={REPORT_PAGE.snippetTitle}
            action={{
              method: 'GET',
              path: `/v1/reports/${r.id}/file`,
              outputFile: r.filename,
              client: `import { writeFile } from 'node:fs/promises';\n\nconst file = await quire.reports.download('${r.id}');\nawait writeFile('${r.filename}', await file.bytes());`,
              mcp: { tool: 'get_report', arguments: { report_id: r.id } },
            }}
          />
          {boss ? (
            <section className="app-card">
              <h2 className="reports-card-title">{REPORT_PAGE.json}</h2>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable: a region that scrolls must be reachable by keyboard. */}
              <pre className="app-code reports-json" tabIndex={0}>
                <code>{JSON.stringify(r, null, 2)}</code>
              </pre>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function DownloadButton({ report }: { report: Report }) {
  const { client } = useWorkspace();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="site-button site-button-primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailure(null);
          try {
            await downloadReport(client, report);
          } catch (error) {
            setFailure(serviceMessage(error, REPORTS_LIST.downloadFailed));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? REPORTS_LIST.downloading : REPORT_PAGE.download}
      </button>
      {failure ? (
        <p className="site-error" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}

function Details({ report }: { report: Report }) {
  const templates = useTemplates();
  const { can } = useWorkspace();
  const sources = useDataSources(can('data_sources:read') && report.data_source_id !== null);
  const templateName = templates.data?.find((t) => t.id === report.template_id)?.name ?? report.template_id;
  const sourceName = sources.data?.find((s) => s.id === report.data_source_id)?.name ?? report.data_source_id;
  const source = sourceOf(report);
  const metadata = Object.entries(report.metadata);
  const rows: [string, React.ReactNode][] = [
    [
      REPORT_PAGE.template,
      <>
        {templateName}, {fill(REPORT_PAGE.version, { version: report.template_version })}
      </>,
    ],
    [REPORT_PAGE.format, formatLabel(report.format)],
    [REPORT_PAGE.status, <StatusBadge key="status" status={report.status} />],
    [REPORT_PAGE.duration, durationOf(report) ?? '—'],
    [REPORT_PAGE.pages, report.pages ?? '—'],
    [REPORT_PAGE.size, sizeOf(report.bytes) ?? '—'],
    [REPORT_PAGE.source, source.name ? `${source.kind}: ${source.name}` : source.kind],
    [REPORT_PAGE.created, dateTimeOf(report.created_at)],
    [REPORT_PAGE.completed, dateTimeOf(report.completed_at) ?? '—'],
    [REPORT_PAGE.keptUntil, dateTimeOf(report.file_expires_at) ?? '—'],
  ];
  if (report.data_source_id) rows.push([REPORT_PAGE.dataSource, sourceName]);
  for (const [key, value] of metadata) rows.push([`${REPORT_PAGE.metadata}: ${key}`, value]);
  return (
    <section className="app-card" aria-labelledby="report-details">
      <h2 id="report-details" className="reports-card-title">
        {REPORT_PAGE.details}
      </h2>
      <dl className="reports-meta">
        {rows.map(([term, value]) => (
          <div key={term} className="reports-meta-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {report.error ? (
        <p className="site-error" role="alert">
          {REPORT_PAGE.error}: {report.error.message}
        </p>
      ) : null}
    </section>
  );
}

function Warnings({ report }: { report: Report }) {
  return (
    <section className="app-card" aria-labelledby="report-warnings">
      <h2 id="report-warnings" className="reports-card-title">
        {REPORT_PAGE.warnings}
      </h2>
      {report.warnings.length === 0 ? (
        <p className="reports-hint">{REPORT_PAGE.noWarnings}</p>
      ) : (
        <ul className="reports-list">
          {report.warnings.map((warning, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no id and never reorder.
            <li key={index}>{warning.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The data the report was made from (secrets redacted by the service), or the data source and its parameters. */
function DataUsed({ report }: { report: Report }) {
  const { can } = useWorkspace();
  const boss = useBossMode();
  const sources = useDataSources(can('data_sources:read') && report.data_source_id !== null);
  const name = sources.data?.find((s) => s.id === report.data_source_id)?.name ?? report.data_source_id;
  const params = Object.entries(report.data_source_params ?? {});
  return (
    <section className="app-card" aria-labelledby="report-data">
      <h2 id="report-data" className="reports-card-title">
        {REPORT_PAGE.data}
      </h2>
      {report.data_source_id ? (
        <>
          <p className="reports-hint">{fill(REPORT_PAGE.dataFromSource, { name: name ?? '' })}</p>
          {params.length > 0 ? (
            <dl className="reports-meta" aria-label={REPORT_PAGE.parameters}>
              {params.map(([key, value]) => (
                <div key={key} className="reports-meta-row">
                  <dt>{key}</dt>
                  <dd>{String(value)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="reports-hint">{REPORT_PAGE.noParametersUsed}</p>
          )}
        </>
      ) : report.data ? (
        <>
          {JSON.stringify(report.data).includes('"********"') ? (
            <p className="reports-hint">{REPORT_PAGE.dataRedacted}</p>
          ) : null}
          {boss ? (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable: a region that scrolls must be reachable by keyboard.
            <pre className="app-code reports-json" tabIndex={0}>
              <code>{JSON.stringify(report.data, null, 2)}</code>
            </pre>
          ) : (
            // Focusable: the list scrolls in its box, and a keyboard must reach it (axe's scrollable-region-focusable).
            <dl className="reports-meta reports-data-list" aria-label={REPORT_PAGE.data} tabIndex={0}>
              {flatten(report.data).map(([path, value]) => (
                <div key={path} className="reports-meta-row">
                  <dt>{path}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      ) : (
        <p className="reports-hint">REPORT_PAGE.dataNotKept</p>
      )}
    </section>
  );
}

/** Data as lines a person reads: `customer.name` → `Ada`, `lines[0].qty` → `2` (at most 200 lines). */
function flatten(value: unknown, path = '', out: [string, string][] = []): [string, string][] {
  if (out.length >= 200) return out;
  if (Array.isArray(value)) {
    if (value.length === 0) out.push([path, '—']);
    for (const [index, item] of value.entries()) flatten(item, `${path}[${index}]`, out);
  } else if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0 && path) out.push([path, '—']);
    for (const [key, item] of entries) flatten(item, path ? `${path}.${key}` : key, out);
  } else out.push([path, value === null ? '—' : String(value)]);
  return out;
}

function Deliveries({ reportId }: { reportId: string }) {
  const { client } = useWorkspace();
  const deliveries = useQuery({
    queryKey: useTeamKey('webhook-deliveries', { report: reportId }),
    queryFn: async () => (await client.webhooks.deliveries.list({ report_id: reportId, limit: 20 })).data,
  });
  const C = REPORT_PAGE.deliveryColumns;
  const last = (delivery: WebhookDelivery) => {
    const attempt = delivery.attempts.at(-1);
    if (!attempt) return '—';
    return attempt.status !== null ? `${attempt.status} · ${attempt.duration_ms} ms` : (attempt.error?.message ?? '—');
  };
  return (
    <section className="app-card" aria-labelledby="report-deliveries">
      <h2 id="report-deliveries" className="reports-card-title">
        {REPORT_PAGE.deliveries}
      </h2>
      {deliveries.isError ? (
        <p className="site-error" role="alert">
          {serviceMessage(deliveries.error, REPORT_PAGE.noDeliveries)}
        </p>
      ) : !deliveries.data ? null : deliveries.data.length === 0 ? (
        <p className="reports-hint">{REPORT_PAGE.noDeliveries}</p>
      ) : (
        <ul className="reports-list">
          {deliveries.data.map((delivery) => (
            <li key={delivery.id}>
              <strong>{delivery.type}</strong> → <span className="reports-source-name">{delivery.url}</span>
              <span>
                {C.state}: {delivery.state} · {C.attempts}: {delivery.attempts.length} · {C.last}: {last(delivery)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
