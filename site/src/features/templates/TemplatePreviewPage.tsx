import './templates.css';
import { APIError, type Template } from '@quire/client';
import { PdfViewer, ReportViewer } from '@quire/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { TEMPLATES_TEXT as T } from '../../content/templates';
import { usePageTitle } from '../../layout/use-page-title';
import { useSiteTheme } from '../../theme/use-theme';
import { ApiSnippet, CopyButton, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import { serviceMessage } from '../account/notify';
import { saveFile } from './download';
import { templateKey } from './paths';
import { configureTemplatePdf } from './pdf';

configureTemplatePdf();

/** "Monthly report" version 3 → monthly-report-v3.pdf (the service's Content-Disposition says the same). */
function fileNameOf(name: string, version: number): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80);
  return `${slug || 'preview'}-v${version}.pdf`;
}

/**
 * The template preview screen: the PDF the service makes from a version of the template (the latest, or the
 * published one) with its sample data, painted in the browser by pdf.js, and a download of the same file. Email
 * templates show their HTML. Boss Mode adds the sample data as JSON and the API call that renders it.
 */
export function TemplatePreviewPage({ id }: { id: string }) {
  const { client, can } = useWorkspace();
  const template = useQuery({
    queryKey: useTeamKey(...templateKey(id)),
    queryFn: () => client.templates.get(id),
    enabled: can('templates:read'),
  });
  usePageTitle(template.data ? T.previewTitle(template.data.name) : T.preview);
  if (!can('templates:read')) return <p className="app-card templates-note">{T.noAccess}</p>;
  if (template.isPending) return <p role="status">{T.loading}</p>;
  if (template.isError) {
    const missing = APIError.isInstance(template.error) && template.error.status === 404;
    return (
      <section className="templates-page">
        <h1>{T.preview}</h1>
        <p className="app-card templates-note" role="alert">
          {missing ? T.notFound : serviceMessage(template.error, T.loadFailed)}
        </p>
        <Link to="/templates" className="site-button site-button-secondary">
          {T.backToTemplates}
        </Link>
      </section>
    );
  }
  return <Preview template={template.data} />;
}

function Preview({ template }: { template: Template }) {
  const { client, can } = useWorkspace();
  const boss = useBossMode();
  const { preference } = useSiteTheme();
  const [version, setVersion] = useState(template.latest_version);
  const [pages, setPages] = useState<number | null>(null);
  const versionId = useId();
  const email = template.kind === 'email';
  const file = useQuery({
    queryKey: useTeamKey(...templateKey(template.id), 'preview', version),
    queryFn: async () => {
      const answer = await client.templates.previewFile(template.id, { version, format: email ? 'email' : 'pdf' });
      return {
        bytes: await answer.bytes(),
        contentType: answer.contentType,
        filename: answer.filename ?? fileNameOf(template.name, version),
      };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const versions =
    template.latest_version === template.published_version
      ? [{ value: template.latest_version, label: T.previewPublished(template.published_version) }]
      : [
          { value: template.latest_version, label: T.previewLatest(template.latest_version) },
          { value: template.published_version, label: T.previewPublished(template.published_version) },
        ];

  return (
    <section className="templates-page templates-preview" aria-labelledby="templates-preview-title">
      <header className="app-page-header">
        <div>
          <Link to="/templates" className="templates-back">
            ← {T.backToTemplates}
          </Link>
          <h1 id="templates-preview-title">{T.previewTitle(template.name)}</h1>
          <p className="templates-lead">{T.previewLead}</p>
          {boss ? (
            <p className="templates-card-id">
              <span>{T.templateId}</span> <code>{template.id}</code> <CopyButton text={template.id} label={T.copyId} />
            </p>
          ) : null}
        </div>
        <div className="templates-header-links">
          <Link to="/templates/$id" params={{ id: template.id }} className="site-button site-button-secondary">
            {can('templates:write') ? T.editLink : T.view}
          </Link>
          {email ? null : (
            <button
              type="button"
              className="site-button site-button-primary"
              disabled={!file.data}
              onClick={() => file.data && saveFile(file.data.bytes, file.data.filename, 'application/pdf')}
            >
              {T.download}
            </button>
          )}
        </div>
      </header>

      <div className="templates-preview-bar">
        {versions.length > 1 ? (
          <div className="templates-field templates-field-inline">
            <label htmlFor={versionId}>{T.previewVersion}</label>
            <select
              id={versionId}
              value={version}
              onChange={(event) => {
                setPages(null);
                setVersion(Number(event.target.value));
              }}
            >
              {versions.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="templates-hint">{versions[0]?.label}</p>
        )}
        <p className="templates-hint" role="status">
          {file.isPending ? T.previewRendering : pages !== null ? T.previewPages(pages) : ''}
        </p>
      </div>

      {file.isError ? (
        <p className="app-card templates-note" role="alert">
          {serviceMessage(file.error, T.previewFailed)}
        </p>
      ) : file.data ? (
        email ? (
          <ReportViewer file={file.data} theme={preference} />
        ) : (
          <div className="templates-pdf">
            <PdfViewer bytes={file.data.bytes} theme={preference} onPaint={(paint) => setPages(paint.pages)} />
          </div>
        )
      ) : null}

      {boss ? (
        <section className="app-snippet" aria-labelledby="templates-sample-title">
          <h2 className="app-snippet-title" id="templates-sample-title">
            {T.sampleData}
          </h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone, and a keyboard must reach what scrolls (axe: scrollable-region-focusable). */}
          <pre className="app-code" tabIndex={0}>
            <code>{JSON.stringify(template.sample_data, null, 2)}</code>
          </pre>
        </section>
      ) : null}
      <ApiSnippet
        title={T.snippetPreview}
        action={{
          method: 'POST',
          path: `/v1/templates/${template.id}/preview`,
          body: { version, format: email ? 'email' : 'pdf' },
          client: `const preview = await quire.templates.preview('${template.id}', { version: ${version}, format: '${email ? 'email' : 'pdf'}' }); // the file: preview.content_base64`,
          mcp: { tool: 'preview_template', arguments: { template_id: template.id, version } },
        }}
      />
    </section>
  );
}
