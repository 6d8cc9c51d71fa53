import { createFileRoute } from '@tanstack/react-router';
import { ReportsList } from '../../../features/reports/ReportsList';
import { validateReportsSearch } from '../../../features/reports/search';

// /reports?template=&status=&from=&to=: the team's reports, filtered by the URL.
export const Route = createFileRoute('/_authenticated/reports/')({
  validateSearch: validateReportsSearch,
  component: function Reports() {
    return <ReportsList search={Route.useSearch()} />;
  },
});
