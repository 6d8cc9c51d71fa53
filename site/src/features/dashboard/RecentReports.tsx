import type { Report } from '@quire/client';
import { Link } from '@tanstack/react-router';
import { DASHBOARD_TEXT as T } from '../../content/dashboard';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The team's five latest reports, each a link to its page. */
export function RecentReports({ reports, templateNames }: { reports: Report[]; templateNames: Map<string, string> }) {
  return (
    <section className="app-card dash-recent" aria-labelledby="dash-recent-title">
      <h2 id="dash-recent-title">{T.recentTitle}</h2>
      {reports.length === 0 ? (
        <p className="dash-muted">{T.recentEmpty}</p>
      ) : (
        <ul className="dash-recent-list">
          {reports.map((report) => (
            <li key={report.id}>
              <Link to="/reports/$reportId" params={{ reportId: report.id }} className="dash-recent-link">
                <span className="dash-recent-name">
                  {templateNames.get(report.template_id) ?? report.template_id} · v{report.template_version}
                </span>
                <span className="dash-muted">
                  {report.format.toUpperCase()} · {when(report.created_at)}
                </span>
              </Link>
              <span className="dash-status" data-status={report.status}>
                {report.status}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
