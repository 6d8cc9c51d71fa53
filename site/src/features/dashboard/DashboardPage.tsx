import './dashboard.css';
import { DASHBOARD_TEXT as T } from '../../content/dashboard';
import { usePageTitle } from '../../layout/use-page-title';
import { useSignedInUser } from '../../session/use-session';
import { ApiSnippet } from '../../workspace/ApiSnippet';
import { useWorkspace } from '../../workspace/team';
import { type ChecklistState, FirstRunChecklist } from './FirstRunChecklist';
import { QuickActions } from './QuickActions';
import { RecentReports } from './RecentReports';
import { ReportsChart } from './ReportsChart';
import { UsageMeters } from './UsageMeters';
import { useDashboardData } from './use-dashboard-data';

/**
 * /dashboard: usage against the plan's limits, reports per day by status, the latest reports, what to do next and
 * the first-run checklist, all from the acting team's real state. Each part shows only what the role may read.
 */
export function DashboardPage() {
  usePageTitle(T.title);
  const user = useSignedInUser();
  const { team } = useWorkspace();
  const { usage, daily, recent, templates, apiKeys } = useDashboardData();
  const templateNames = new Map((templates.data ?? []).map((t) => [t.id, t.name]));
  const checklist = checklistOf({
    templates: templates.data?.length ?? null,
    templatesUsed: usage.data?.usage.templates.used ?? null,
    reports: recent.data?.length ?? null,
    keys: apiKeys.data ?? null,
    apiCallsUsed: usage.data?.usage.api_calls_per_month.used ?? null,
  });
  const firstName = user?.user_metadata.full_name?.split(' ')[0];

  return (
    <div className="dash">
      <header className="app-page-header">
        <div>
          <h1>{T.title}</h1>
          <p className="dash-muted">
            {firstName ? `Welcome back, ${firstName}. ` : ''}
            {team.name} · {capitalised(team.plan)} plan · {capitalised(team.role)}
          </p>
        </div>
      </header>
      <div className="dash-grid">
        <QuickActions />
        <FirstRunChecklist state={checklist} />
        {usage.data ? <UsageMeters usage={usage.data} /> : null}
        {daily.data ? <ReportsChart days={daily.data.days} /> : null}
        {recent.data ? <RecentReports reports={recent.data} templateNames={templateNames} /> : null}
      </div>
      <ApiSnippet
        title="Read this month's usage with the API"
        action={{ method: 'GET', path: '/v1/usage', client: 'console.log(await quire.usage.get());' }}
      />
      <ApiSnippet
        title="List the latest reports with the API"
        action={{
          method: 'GET',
          path: '/v1/reports?limit=5',
          client: 'for await (const report of quire.reports.list({ limit: 5 })) console.log(report.id, report.status);',
          mcp: { tool: 'list_reports', arguments: {} },
        }}
      />
    </div>
  );
}

function checklistOf(facts: {
  templates: number | null;
  templatesUsed: number | null;
  reports: number | null;
  keys: { last_used_at: string | null }[] | null;
  apiCallsUsed: number | null;
}): ChecklistState {
  const known = (n: number | null) => (n === null ? null : n > 0);
  // A key's last use is known for ever; this month's API calls only say yes.
  const keyUsed = facts.keys?.some((k) => k.last_used_at !== null) ?? false;
  const calledThisMonth = (facts.apiCallsUsed ?? 0) > 0;
  const apiCallKnown = facts.keys !== null || facts.apiCallsUsed !== null;
  return {
    template: known(facts.templates ?? facts.templatesUsed),
    report: known(facts.reports),
    apiKey: facts.keys ? facts.keys.length > 0 : null,
    apiCall: keyUsed || calledThisMonth ? true : apiCallKnown ? false : null,
  };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
