import { APIError, type DataSource, type Job, type ReportFile } from '@quire/client';
import {
  configurePdfViewer,
  DataEditor,
  QuireProvider,
  ReportViewer,
  SampleDataForm,
  type SampleDataFormProps,
} from '@quire/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { PDF_WORKER_PATH } from '../../../build/pdf-paths';
import { GENERATE } from '../../content/reports';
import { usePageTitle } from '../../layout/use-page-title';
import { useSiteTheme } from '../../theme/use-theme';
import { type ApiAction, ApiSnippet, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import { serviceMessage } from '../account/notify';
import { parametersOf } from './data-source-params';
import { useDataSources, useTemplates } from './queries';
import { fill } from './report-format';
import type { GenerateSearch } from './search';
import './reports.css';

configurePdfViewer({ workerSrc: PDF_WORKER_PATH });

type DataMode = 'form' | 'json' | 'source';
type Format = 'pdf' | 'html' | 'email';
type Delivery = 'now' | 'job';

/** How often a job's progress is looked at. */
const JOB_POLL_MS = 700;

interface Failure {
  message: string;
  requestId: string | null;
}

type Outcome =
  | {
      kind: 'file';
      file: { bytes: Uint8Array; contentType: string; filename?: string };
      reportId: string | null;
      requestId: string | null;
    }
  | { kind: 'job'; job: Job; requestId: string | null };

function failureOf(error: unknown): Failure {
  return {
    message: serviceMessage(error, GENERATE.failed),
    requestId: APIError.isInstance(error) ? (error.requestId ?? null) : null,
  };
}

/** /reports/generate: a template, its data (a form, JSON or a data source), a format, now or as a job. */
export function GenerateReport({ search }: { search: GenerateSearch }) {
  usePageTitle(GENERATE.title);
  const { client, can } = useWorkspace();
  const boss = useBossMode();
  const { preference } = useSiteTheme();
  const id = useId();
  const templates = useTemplates();
  const dataSources = useDataSources(can('data_sources:read'));

  const [templateId, setTemplateId] = useState(search.template ?? '');
  const [version, setVersion] = useState<number | null>(search.version ?? null);
  const [dataMode, setDataMode] = useState<DataMode>(search.data_source ? 'source' : 'form');
  const [data, setData] = useState<Record<string, unknown>>({});
  const [sourceId, setSourceId] = useState(search.data_source ?? '');
  const [params, setParams] = useState<Record<string, string>>({});
  const [format, setFormat] = useState<Format>(search.format ?? 'pdf');
  const [delivery, setDelivery] = useState<Delivery>('now');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The first template, when none was asked for.
  useEffect(() => {
    if (!templateId && templates.data?.[0]) setTemplateId(templates.data[0].id);
  }, [templateId, templates.data]);
  const summary = templates.data?.find((t) => t.id === templateId);
  const chosenVersion = version ?? summary?.published_version ?? null;

  const versions = useQuery({
    queryKey: useTeamKey('templates', templateId, 'versions'),
    queryFn: async () => (await client.templates.versions.list(templateId, { limit: 100 })).data,
    enabled: Boolean(templateId),
  });
  const content = useQuery({
    queryKey: useTeamKey('templates', templateId, 'version', chosenVersion),
    queryFn: async () => (await client.templates.versions.get(templateId, chosenVersion as number)).content,
    enabled: Boolean(templateId && chosenVersion),
  });
  const kind = content.data?.kind ?? 'document';

  // "Generate again": the report's data (secrets redacted) or its data source's parameters fill the form.
  const from = useQuery({
    queryKey: useTeamKey('reports', search.from),
    queryFn: () => client.reports.get(search.from as string),
    enabled: Boolean(search.from),
  });
  const prefill = from.data && from.data.template_id === templateId ? from.data : null;
  useEffect(() => {
    if (prefill?.data_source_params) {
      setParams(Object.fromEntries(Object.entries(prefill.data_source_params).map(([k, v]) => [k, String(v)])));
    }
  }, [prefill]);
  // A new template (or version) starts from its sample data, or the report's; the format follows the template.
  useEffect(() => {
    if (content.data) setData(prefill?.data ?? content.data.sample_data ?? {});
  }, [content.data, prefill]);
  const secretsToEnter = prefill?.data ? JSON.stringify(prefill.data).includes('"********"') : false;
  useEffect(() => {
    if (kind === 'email') setFormat('email');
    else setFormat((current) => (current === 'email' ? 'pdf' : current));
  }, [kind]);
  // Easy Mode has no JSON: its data is the form's.
  const mode: DataMode = !boss && dataMode === 'json' ? 'form' : dataMode;

  const source = dataSources.data?.find((s) => s.id === sourceId);
  const parameterNames = useMemo(() => (source ? parametersOf(source) : []), [source]);

  const body = useMemo(() => {
    const base: Record<string, unknown> = { template_id: templateId };
    if (version !== null) base.version = version;
    base.format = format;
    if (mode === 'source') {
      base.data_source = {
        id: sourceId,
        params: Object.fromEntries(parameterNames.map((name) => [name, params[name] ?? ''])),
      };
    } else base.data = data;
    return base;
  }, [templateId, version, format, mode, sourceId, parameterNames, params, data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!templateId || (mode === 'source' && !sourceId)) return;
    setBusy(true);
    setFailure(null);
    setOutcome(null);
    try {
      if (delivery === 'now') {
        // biome-ignore lint/suspicious/noExplicitAny: the body is built above from the same fields the API takes.
        const file: ReportFile = await client.reports.createFile(body as any);
        const bytes = await file.bytes();
        setOutcome({
          kind: 'file',
          file: { bytes, contentType: file.contentType, ...(file.filename ? { filename: file.filename } : {}) },
          reportId: file.reportId ?? null,
          requestId: file.requestId ?? null,
        });
      } else {
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        const job = await client.reports.create({ ...(body as any), async: true });
        setOutcome({ kind: 'job', job, requestId: null });
      }
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const noTemplates = templates.isSuccess && templates.data.length === 0;
  return (
    <div className="reports-page">
      <header className="app-page-header reports-header">
        <div>
          <Link to="/reports" className="reports-back">
            ← {GENERATE.back}
          </Link>
          <h1>{GENERATE.title}</h1>
          <p className="reports-lead">{GENERATE.lead}</p>
        </div>
      </header>

      {noTemplates ? (
        <section className="app-card reports-empty">
          <p>{GENERATE.noTemplates}</p>
          {/* The templates screen (a route of its own feature). */}
          <a href="/templates" className="site-button site-button-primary">
            {GENERATE.makeTemplate}
          </a>
        </section>
      ) : (
        <div className="reports-generate">
          {/* Not one <form>: the data form (react-jsonschema-form) is a form of its own, and forms do not nest. */}
          <section className="app-card reports-generate-form" aria-label={GENERATE.title}>
            <div className="reports-field">
              <label htmlFor={`${id}-template`}>{GENERATE.template}</label>
              <select
                id={`${id}-template`}
                value={templateId}
                required
                onChange={(e) => {
                  setTemplateId(e.target.value);
                  setVersion(null);
                  setOutcome(null);
                }}
              >
                {templateId ? null : <option value="">{GENERATE.chooseTemplate}</option>}
                {(templates.data ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
            {summary ? (
              <div className="reports-field">
                <label htmlFor={`${id}-version`}>{GENERATE.version}</label>
                <select
                  id={`${id}-version`}
                  value={version ?? ''}
                  onChange={(e) => setVersion(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">{fill(GENERATE.publishedVersion, { version: summary.published_version })}</option>
                  {(versions.data ?? []).map((v) => (
                    <option key={v.version} value={v.version}>
                      {`v${v.version}${v.message ? ` · ${v.message}` : ''}`}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}

            {prefill ? (
              <p className="reports-hint" role="status">
                {fill(GENERATE.fromReport, { name: prefill.filename })}
                {secretsToEnter ? ` ${GENERATE.secretsAgain}` : ''}
              </p>
            ) : null}
            <fieldset className="reports-fieldset">
              <legend className="reports-legend">{GENERATE.dataFrom}</legend>
              <div className="reports-choices">
                <Choice name={`${id}-data`} value="form" checked={mode === 'form'} onPick={() => setDataMode('form')}>
                  {GENERATE.dataForm}
                </Choice>
                {boss ? (
                  <Choice name={`${id}-data`} value="json" checked={mode === 'json'} onPick={() => setDataMode('json')}>
                    {GENERATE.dataJson}
                  </Choice>
                ) : null}
                {can('data_sources:read') ? (
                  <Choice
                    name={`${id}-data`}
                    value="source"
                    checked={mode === 'source'}
                    onPick={() => setDataMode('source')}
                  >
                    {GENERATE.dataSource}
                  </Choice>
                ) : null}
              </div>
            </fieldset>

            {mode === 'source' ? (
              <DataSourceFields
                id={id}
                sources={dataSources.data ?? []}
                sourceId={sourceId}
                onSource={(next) => {
                  setSourceId(next);
                  setParams({});
                }}
                names={parameterNames}
                params={params}
                onParams={setParams}
              />
            ) : content.data ? (
              <section className="reports-data" aria-label={GENERATE.data}>
                {mode === 'json' ? (
                  <DataEditor
                    value={data}
                    onChange={setData}
                    {...(content.data.data_schema ? { schema: content.data.data_schema } : {})}
                  />
                ) : (
                  <SampleDataForm
                    value={data}
                    onChange={setData}
                    template={content.data as SampleDataFormProps['template']}
                    {...(content.data.data_schema ? { schema: content.data.data_schema } : {})}
                    theme={preference}
                  />
                )}
              </section>
            ) : templateId ? (
              <p role="status">{GENERATE.loading}</p>
            ) : null}

            <fieldset className="reports-fieldset">
              <legend className="reports-legend">{GENERATE.format}</legend>
              <div className="reports-choices">
                {kind === 'email' ? (
                  <Choice name={`${id}-format`} value="email" checked onPick={() => setFormat('email')}>
                    {GENERATE.formats.email}
                  </Choice>
                ) : (
                  <>
                    <Choice
                      name={`${id}-format`}
                      value="pdf"
                      checked={format === 'pdf'}
                      onPick={() => setFormat('pdf')}
                    >
                      {GENERATE.formats.pdf}
                    </Choice>
                    <Choice
                      name={`${id}-format`}
                      value="html"
                      checked={format === 'html'}
                      onPick={() => setFormat('html')}
                    >
                      {GENERATE.formats.html}
                    </Choice>
                  </>
                )}
              </div>
              {kind === 'email' ? <p className="reports-hint">{GENERATE.emailOnly}</p> : null}
            </fieldset>

            <fieldset className="reports-fieldset">
              <legend className="reports-legend">{GENERATE.delivery}</legend>
              <div className="reports-choices">
                <Choice
                  name={`${id}-delivery`}
                  value="now"
                  checked={delivery === 'now'}
                  onPick={() => setDelivery('now')}
                >
                  {GENERATE.now}
                </Choice>
                <Choice
                  name={`${id}-delivery`}
                  value="job"
                  checked={delivery === 'job'}
                  onPick={() => setDelivery('job')}
                >
                  {GENERATE.job}
                </Choice>
              </div>
            </fieldset>

            <form onSubmit={submit} className="reports-submit">
              <button
                type="submit"
                className="site-button site-button-primary"
                disabled={busy || !templateId || (mode === 'source' && !sourceId)}
              >
                {busy ? GENERATE.generating : GENERATE.submit}
              </button>
            </form>
            {failure ? (
              <div className="site-error" role="alert">
                <p>{failure.message}</p>
                {boss && failure.requestId ? (
                  <p className="reports-request-id">
                    {GENERATE.requestId}: {failure.requestId}
                  </p>
                ) : null}
              </div>
            ) : null}
            {templateId ? <Snippet body={body} delivery={delivery} format={format} /> : null}
          </section>

          <section className="reports-result" aria-label={GENERATE.result}>
            {outcome?.kind === 'file' ? (
              <FileResult outcome={outcome} theme={preference} boss={boss} />
            ) : outcome?.kind === 'job' ? (
              <JobResult initial={outcome.job} theme={preference} boss={boss} />
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}

function Choice({
  name,
  value,
  checked,
  onPick,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onPick(): void;
  children: string;
}) {
  return (
    <label className="reports-choice">
      <input type="radio" name={name} value={value} checked={checked} onChange={onPick} />
      {children}
    </label>
  );
}

function DataSourceFields({
  id,
  sources,
  sourceId,
  onSource,
  names,
  params,
  onParams,
}: {
  id: string;
  sources: DataSource[];
  sourceId: string;
  onSource(id: string): void;
  names: string[];
  params: Record<string, string>;
  onParams(params: Record<string, string>): void;
}) {
  if (sources.length === 0) {
    return (
      <div className="reports-field">
        <p className="reports-hint">{GENERATE.noDataSources}</p>
        <a href="/data-sources" className="reports-back">
          {GENERATE.addDataSource}
        </a>
      </div>
    );
  }
  return (
    <>
      <div className="reports-field">
        <label htmlFor={`${id}-source`}>{GENERATE.dataSourcePick}</label>
        <select id={`${id}-source`} value={sourceId} required onChange={(e) => onSource(e.target.value)}>
          <option value="">{GENERATE.chooseDataSource}</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.name} (${s.type === 'static' ? s.format.toUpperCase() : s.type})`}
            </option>
          ))}
        </select>
      </div>
      {sourceId ? (
        <fieldset className="reports-fieldset">
          <legend className="reports-legend">{GENERATE.parameters}</legend>
          {names.length === 0 ? <p className="reports-hint">{GENERATE.noParameters}</p> : null}
          {names.map((name) => (
            <div className="reports-field" key={name}>
              <label htmlFor={`${id}-param-${name}`}>{name}</label>
              <input
                id={`${id}-param-${name}`}
                type="text"
                required
                value={params[name] ?? ''}
                onChange={(e) => onParams({ ...params, [name]: e.target.value })}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

/** Boss Mode: the exact call this form makes, as curl (writing the file), @quire/client and MCP. */
function Snippet({ body, delivery, format }: { body: Record<string, unknown>; delivery: Delivery; format: Format }) {
  const extension = format === 'pdf' ? 'pdf' : 'html';
  const source = body.data_source as { id: string; params: Record<string, unknown> } | undefined;
  const mcpArguments: Record<string, unknown> = { template_id: body.template_id, format };
  if (source) {
    mcpArguments.data_source_id = source.id;
    if (Object.keys(source.params).length > 0) mcpArguments.data_source_params = source.params;
  } else mcpArguments.data = body.data;
  const json = JSON.stringify(body, null, 2);
  const action: ApiAction =
    delivery === 'now'
      ? {
          method: 'POST',
          path: '/v1/reports',
          body,
          accept: format === 'pdf' ? 'application/pdf' : 'text/html',
          outputFile: `report.${extension}`,
          client: `import { writeFile } from 'node:fs/promises';\n\nconst file = await quire.reports.createFile(${json});\nawait writeFile('report.${extension}', await file.bytes());`,
          mcp: { tool: 'generate_report', arguments: mcpArguments },
        }
      : {
          method: 'POST',
          path: '/v1/reports',
          body: { ...body, async: true },
          client: `const job = await quire.reports.create(${JSON.stringify({ ...body, async: true }, null, 2)});\nconst done = await quire.jobs.get(job.id); // queued, running, then succeeded or failed`,
        };
  return <ApiSnippet action={action} title={GENERATE.snippetTitle} />;
}

function ViewerFrame({ children, theme }: { children: React.ReactNode; theme: 'light' | 'dark' | 'system' }) {
  const { client } = useWorkspace();
  return (
    <QuireProvider client={client} theme={theme}>
      <div className="reports-viewer">{children}</div>
    </QuireProvider>
  );
}

function FileResult({
  outcome,
  theme,
  boss,
}: {
  outcome: Extract<Outcome, { kind: 'file' }>;
  theme: 'light' | 'dark' | 'system';
  boss: boolean;
}) {
  return (
    <>
      <h2 className="reports-card-title">{GENERATE.result}</h2>
      {outcome.reportId ? (
        <Link to="/reports/$reportId" params={{ reportId: outcome.reportId }} className="reports-back">
          {GENERATE.openReport}
        </Link>
      ) : null}
      {boss && outcome.requestId ? (
        <p className="reports-request-id">
          {GENERATE.requestId}: {outcome.requestId}
        </p>
      ) : null}
      <ViewerFrame theme={theme}>
        <ReportViewer file={outcome.file} theme={theme} />
      </ViewerFrame>
    </>
  );
}

const STEPS = ['queued', 'running', 'succeeded'] as const;

/** A job's progress: queued, rendering, done (or failed), looked at until it settles; then the report. */
function JobResult({ initial, theme, boss }: { initial: Job; theme: 'light' | 'dark' | 'system'; boss: boolean }) {
  const { client } = useWorkspace();
  const job = useQuery({
    queryKey: useTeamKey('jobs', initial.id),
    queryFn: () => client.jobs.get(initial.id),
    initialData: initial,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : JOB_POLL_MS;
    },
  });
  const current = job.data;
  const step = current.status === 'failed' ? 2 : STEPS.indexOf(current.status);
  return (
    <>
      <h2 className="reports-card-title">{GENERATE.result}</h2>
      <div className="app-card reports-progress">
        <progress
          max={STEPS.length}
          value={current.status === 'succeeded' ? STEPS.length : step + 1}
          aria-label={GENERATE.progress}
        />
        <p role="status" data-job-status={current.status}>
          {GENERATE[`job_${current.status}`]}
          {current.attempts > 1
            ? ` · ${fill(GENERATE.attempt, { attempt: current.attempts, max: current.max_attempts })}`
            : ''}
        </p>
        <ol className="reports-steps" aria-label={GENERATE.progress}>
          {STEPS.map((name, index) => (
            <li
              key={name}
              data-state={index < step || current.status === 'succeeded' ? 'done' : index === step ? 'current' : 'todo'}
            >
              {GENERATE[`job_${name}`]}
            </li>
          ))}
        </ol>
        {current.error && current.status === 'failed' ? (
          <p className="site-error" role="alert">
            {current.error.message}
          </p>
        ) : null}
        {boss ? <p className="reports-request-id">job: {current.id}</p> : null}
        <Link to="/reports/$reportId" params={{ reportId: current.report_id }} className="reports-back">
          {GENERATE.openReport}
        </Link>
      </div>
      {current.status === 'succeeded' ? (
        <ViewerFrame theme={theme}>
          <ReportViewer reportId={current.report_id} theme={theme} />
        </ViewerFrame>
      ) : null}
    </>
  );
}
