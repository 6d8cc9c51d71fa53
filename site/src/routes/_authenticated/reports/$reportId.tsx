import { createFileRoute } from '@tanstack/react-router';
import { ReportPage } from '../../../features/reports/ReportPage';

// /reports/{id}: one report of the acting team.
export const Route = createFileRoute('/_authenticated/reports/$reportId')({
  component: function Report() {
    const { reportId } = Route.useParams();
    return <ReportPage key={reportId} reportId={reportId} />;
  },
});
