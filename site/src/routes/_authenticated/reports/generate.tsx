import { createFileRoute } from '@tanstack/react-router';
import { GenerateReport } from '../../../features/reports/GenerateReport';
import { validateGenerateSearch } from '../../../features/reports/search';

// /reports/generate?template=&version=&format=&data_source=: "Generate again" fills it from a report.
export const Route = createFileRoute('/_authenticated/reports/generate')({
  validateSearch: validateGenerateSearch,
  component: function Generate() {
    return <GenerateReport search={Route.useSearch()} />;
  },
});
