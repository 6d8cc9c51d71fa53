import { createFileRoute } from '@tanstack/react-router';
import { NewTemplatePage } from '../../../../features/templates/NewTemplatePage';

// Easy Mode's way in: describe the template in plain words, or pick a starter.
export const Route = createFileRoute('/_authenticated/templates/easy/new')({
  component: EasyNewTemplate,
});

function EasyNewTemplate() {
  return <NewTemplatePage easy />;
}
