import type { Report } from '@quire/client';
import { REPORT_FORMAT, REPORT_SOURCE, REPORT_STATUS } from '../../content/reports';

/** A report still on its way: the screens look again until it settles. */
export const isUnsettled = (report: Pick<Report, 'status'>) =>
  report.status === 'queued' || report.status === 'rendering';

/** How long it took, from the request to the file (queue included); null until it settles. */
export function durationOf(report: Pick<Report, 'created_at' | 'completed_at' | 'timings'>): string | null {
  const ms =
    report.completed_at !== null
      ? Date.parse(report.completed_at) - Date.parse(report.created_at)
      : (report.timings?.total_ms ?? null);
  if (ms === null || Number.isNaN(ms)) return null;
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function sizeOf(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function dateTimeOf(iso: string | null): string | null {
  return iso ? dateTime.format(new Date(iso)) : null;
}

export const statusLabel = (status: Report['status']) => REPORT_STATUS[status];
export const formatLabel = (format: Report['format']) => REPORT_FORMAT[format];

/** Who asked for it, in words: "Person", "API key", "MCP"…, and the name (an email, a key's name) when known. */
export function sourceOf(report: Pick<Report, 'source'>): { kind: string; name: string | null } {
  const source = report.source;
  if (!source) return { kind: REPORT_SOURCE.unknown, name: null };
  return { kind: REPORT_SOURCE[source.type], name: source.name };
}

/** Fills `{name}` placeholders of a content string. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
