/** The dashboard's texts (the seed shows none of its contents; these are the product's words). */
export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  usageTitle: 'Usage this month',
  chartTitle: 'Reports per day',
  chartDays: 14,
  recentTitle: 'Recent reports',
  recentEmpty: 'No reports yet. Generate one from a template.',
  quickTitle: 'Quick actions',
  checklistTitle: 'Get started',
  checklistDone: 'All set: your team has made a template, a report, an API key and an API call.',
  unlimited: 'Unlimited',
} as const;

/** The plan limits shown as meters, in order, with their labels. */
export const USAGE_METERS = [
  { limit: 'templates', label: 'Templates' },
  { limit: 'reports_per_month', label: 'Reports' },
  { limit: 'api_calls_per_month', label: 'API calls' },
  { limit: 'ai_requests_per_month', label: 'AI requests' },
  { limit: 'members', label: 'Members' },
] as const;

/** The chart's series: report statuses, with the words people read. */
export const REPORT_SERIES = [
  { key: 'succeeded', label: 'Succeeded', colour: 'var(--quire-success)' },
  { key: 'failed', label: 'Failed', colour: 'var(--quire-danger)' },
  { key: 'pending', label: 'Queued or rendering', colour: 'var(--quire-fg-muted)' },
] as const;

export const QUICK_ACTIONS = {
  describeTemplate: 'Describe a template',
  newTemplate: 'New template',
  generateReport: 'Generate a report',
  createApiKey: 'Create an API key',
  inviteMember: 'Invite a teammate',
} as const;

export const CHECKLIST = {
  template: 'Make your first template',
  report: 'Generate your first report',
  apiKey: 'Create your first API key',
  apiCall: 'Make your first API call',
} as const;
