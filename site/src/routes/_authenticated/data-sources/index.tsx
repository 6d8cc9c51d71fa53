import { createFileRoute } from '@tanstack/react-router';
import { DataSourcesPage } from '../../../features/data-sources/DataSourcesPage';

export const Route = createFileRoute('/_authenticated/data-sources/')({
  component: DataSourcesPage,
});
