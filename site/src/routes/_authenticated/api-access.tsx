import { createFileRoute } from '@tanstack/react-router';
import { ApiAccessPage } from '../../features/api-access/ApiAccessPage';

export const Route = createFileRoute('/_authenticated/api-access')({
  component: ApiAccessPage,
});
