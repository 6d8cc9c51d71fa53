import { createFileRoute } from '@tanstack/react-router';
import { ApiDocumentationPage } from '../../features/api-documentation/ApiDocumentationPage';

export const Route = createFileRoute('/_authenticated/api-documentation')({
  component: ApiDocumentationPage,
});
