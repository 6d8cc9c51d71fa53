import { Link } from '@tanstack/react-router';
import { QUICK_ACTIONS as A, DASHBOARD_TEXT as T } from '../../content/dashboard';
import { useBossMode } from '../../workspace/mode';
import { useWorkspace } from '../../workspace/team';

/** What the person may start from here: only actions their role allows, in the words of their mode. */
export function QuickActions() {
  const { can } = useWorkspace();
  const boss = useBossMode();
  return (
    <section className="app-card dash-actions" aria-labelledby="dash-actions-title">
      <h2 id="dash-actions-title">{T.quickTitle}</h2>
      <ul className="dash-action-list">
        {can('templates:write') ? (
          <li>
            {boss ? (
              <Link to="/templates/new" className="site-button site-button-primary">
                {A.newTemplate}
              </Link>
            ) : (
              <Link to="/templates/easy/new" className="site-button site-button-primary">
                {A.describeTemplate}
              </Link>
            )}
          </li>
        ) : null}
        {can('reports:create') ? (
          <li>
            <Link to="/reports/generate" className="site-button site-button-secondary">
              {A.generateReport}
            </Link>
          </li>
        ) : null}
        {can('api_keys:manage') ? (
          <li>
            <Link to="/api-access" className="site-button site-button-secondary">
              {A.createApiKey}
            </Link>
          </li>
        ) : null}
        {can('members:manage') ? (
          <li>
            <Link to="/team" className="site-button site-button-secondary">
              {A.inviteMember}
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
