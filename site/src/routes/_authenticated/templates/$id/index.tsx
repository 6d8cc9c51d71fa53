import { createFileRoute } from '@tanstack/react-router';
import { TemplateEditorPage } from '../../../../features/templates/TemplateEditorPage';

export const Route = createFileRoute('/_authenticated/templates/$id/')({
  component: TemplateEditor,
});

function TemplateEditor() {
  const { id } = Route.useParams();
  return <TemplateEditorPage id={id} />;
}
