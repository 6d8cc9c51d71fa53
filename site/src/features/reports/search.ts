import type { Report } from '@quire/client';

/** /reports?template=&status=&from=&to=: the filters live in the URL, so a filtered list can be shared and reloaded. */
export interface ReportsSearch {
  template?: string;
  status?: Report['status'];
  /** YYYY-MM-DD, local days, both inclusive. */
  from?: string;
  to?: string;
}

const STATUSES = ['queued', 'rendering', 'succeeded', 'failed'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function validateReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const out: ReportsSearch = {};
  const template = text(search.template);
  if (template) out.template = template;
  const status = text(search.status);
  if (status && (STATUSES as readonly string[]).includes(status)) out.status = status as Report['status'];
  const from = text(search.from);
  if (from && DAY.test(from)) out.from = from;
  const to = text(search.to);
  if (to && DAY.test(to)) out.to = to;
  return out;
}

/** The list query for the filters: `from` from the start of that day, `to` up to the end of that day (local time). */
export function listParams(search: ReportsSearch) {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const params: { template_id?: string; status?: Report['status']; created_after?: string; created_before?: string } =
    {};
  if (search.template) params.template_id = search.template;
  if (search.status) params.status = search.status;
  if (search.from) params.created_after = new Date(startOf(search.from).getTime() - 1).toISOString();
  if (search.to) {
    const next = startOf(search.to);
    next.setDate(next.getDate() + 1);
    params.created_before = next.toISOString();
  }
  return params;
}

/** /reports/generate?template=&version=&format=&data_source=: "Generate again" fills the form from a report. */
export interface GenerateSearch {
  template?: string;
  version?: number;
  format?: Report['format'];
  data_source?: string;
  /** A report to start from: its data (or data source parameters) fill the form. */
  from?: string;
}

export function validateGenerateSearch(search: Record<string, unknown>): GenerateSearch {
  const out: GenerateSearch = {};
  const template = text(search.template);
  if (template) out.template = template;
  const version = Number(search.version);
  if (Number.isInteger(version) && version > 0) out.version = version;
  const format = text(search.format);
  if (format === 'pdf' || format === 'html' || format === 'email') out.format = format;
  const dataSource = text(search.data_source);
  if (dataSource) out.data_source = dataSource;
  const from = text(search.from);
  if (from) out.from = from;
  return out;
}
