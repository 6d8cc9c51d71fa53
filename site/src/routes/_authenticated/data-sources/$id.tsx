import { createFileRoute } from '@tanstack/react-router';
import { DataSourcePage } from '../../../features/data-sources/DataSourcePage';

export const Route = createFileRoute('/_authenticated/data-sources/$id')({
  component: DataSourceRoute,
});

function DataSourceRoute() {
  const { id } = Route.useParams();
  return <DataSourcePage id={id} />;
}
