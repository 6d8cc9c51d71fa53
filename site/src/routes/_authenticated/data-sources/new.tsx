import { createFileRoute } from '@tanstack/react-router';
import { NewDataSourcePage } from '../../../features/data-sources/DataSourcePage';

export const Route = createFileRoute('/_authenticated/data-sources/new')({
  component: NewDataSourcePage,
});
