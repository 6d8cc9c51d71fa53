import './templates.css';
import { APIError } from '@quire/client';
import { QuireProvider, TemplateBuilder } from '@quire/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TEMPLATES_TEXT as T } from '../../content/templates';
import { usePageTitle } from '../../layout/use-page-title';
import { useSiteTheme } from '../../theme/use-theme';
import { ApiSnippet, CopyButton, useBossMode, useMode, useTeamKey, useWorkspace } from '../../workspace';
import { serviceMessage } from '../account/notify';
import { templateKey, templatesKey } from './paths';
import { configureTemplatePdf } from './pdf';

configureTemplatePdf();

/**
 * /templates/{id}: the builder on a template of the team, in the app's mode (Easy Mode's click-to-edit, or Boss
 * Mode's code editors, JSON data and versions; switching in the builder switches the app). Saving makes a draft
 * version, publishing makes it the one reports use. A role that cannot write templates sees it read only.
 */
export function TemplateEditorPage({ id }: { id: string }) {
  const { client, can } = useWorkspace();
  const { mode, setMode } = useMode();
  const boss = useBossMode();
  const { preference } = useSiteTheme();
  const queryClient = useQueryClient();
  const listKey = useTeamKey(...templatesKey);
  const template = useQuery({
    queryKey: useTeamKey(...templateKey(id)),
    queryFn: () => client.templates.get(id),
    enabled: can('templates:read'),
  });
  usePageTitle(template.data ? template.data.name : T.editorTitle);
  const canWrite = can('templates:write');
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: listKey });

  if (!can('templates:read')) return <p className="app-card templates-note">{T.noAccess}</p>;
  if (template.isPending) return <p role="status">{T.loading}</p>;
  if (template.isError) {
    const missing = APIError.isInstance(template.error) && template.error.status === 404;
    return (
      <section className="templates-page">
        <h1>{T.editorTitle}</h1>
        <p className="app-card templates-note" role="alert">
          {missing ? T.notFound : serviceMessage(template.error, T.loadFailed)}
        </p>
        <Link to="/templates" className="site-button site-button-secondary">
          {T.backToTemplates}
        </Link>
      </section>
    );
  }

  return (
    <section className="templates-editor" aria-labelledby="templates-editor-title">
      <header className="templates-editor-header">
        <div className="templates-editor-heading">
          <Link to="/templates" className="templates-back">
            ← {T.backToTemplates}
          </Link>
          <h1 id="templates-editor-title">{template.data.name}</h1>
          {boss ? (
            <p className="templates-card-id">
              <span>{T.templateId}</span> <code>{id}</code> <CopyButton text={id} label={T.copyId} />
            </p>
          ) : null}
        </div>
        <Link to="/templates/$id/preview" params={{ id }} className="site-button site-button-secondary">
          {T.previewLink}
        </Link>
      </header>
      {canWrite ? null : <p className="app-card templates-note">{T.readOnly}</p>}
      <QuireProvider client={client} theme={preference}>
        <TemplateBuilder
          key={id}
          templateId={id}
          className="templates-builder"
          mode={mode}
          onModeChange={setMode}
          theme={preference}
          permissions={{
            save: canWrite,
            publish: canWrite,
            ai: canWrite && can('ai:use'),
            editData: canWrite,
            editCode: true,
          }}
          features={{ ai: true, versions: true, starters: canWrite, pdfPreview: true }}
          onSave={refreshList}
          onPublish={refreshList}
        />
      </QuireProvider>
      <ApiSnippet
        title={T.snippetPreview}
        action={{
          method: 'POST',
          path: `/v1/templates/${id}/preview`,
          body: { format: 'pdf' },
          client: `const preview = await quire.templates.preview('${id}', { format: 'pdf' }); // the PDF: preview.content_base64`,
          mcp: { tool: 'preview_template', arguments: { template_id: id } },
        }}
      />
    </section>
  );
}
