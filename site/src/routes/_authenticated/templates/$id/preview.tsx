import { createFileRoute } from '@tanstack/react-router';
import { TemplatePreviewPage } from '../../../../features/templates/TemplatePreviewPage';

export const Route = createFileRoute('/_authenticated/templates/$id/preview')({
  component: TemplatePreview,
});

function TemplatePreview() {
  const { id } = Route.useParams();
  return <TemplatePreviewPage id={id} />;
}
