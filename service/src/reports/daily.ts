import { ReportStatus } from '@quire/core';
import { z } from 'zod';
import type { Collection } from '../store/port';
import type { ReportRecord } from './records';

/** How far back the daily counts go: a dashboard chart, not an export. */
export const MAX_DAILY_DAYS = 90;

export const DailyReportsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DAILY_DAYS)
    .default(14)
    .describe(`How many days, today (UTC) included (1-${MAX_DAILY_DAYS}, default 14)`),
});

const DayCounts = z.object({
  date: z.string().describe('The day (UTC), YYYY-MM-DD'),
  queued: z.number().int(),
  rendering: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export const DailyReports = z
  .object({
    object: z.literal('report_days'),
    days: z.array(DayCounts).describe('Oldest first, one entry per day, days without reports included'),
  })
  .describe("The team's reports per day by status.");
export type DailyReports = z.infer<typeof DailyReports>;

const DAY_MS = 86_400_000;

/**
 * The team's reports of the last `days` days (UTC) counted per day and status, for the dashboard's chart. One read
 * of the window, bucketed here, rather than a count per day and status (4 × days reads).
 */
export async function dailyReports(
  reports: Collection<ReportRecord>,
  teamId: string,
  days: number,
  now: Date,
): Promise<DailyReports> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = today - (days - 1) * DAY_MS;
  const buckets = Array.from({ length: days }, (_, i) => ({
    date: new Date(start + i * DAY_MS).toISOString().slice(0, 10),
    ...(Object.fromEntries(ReportStatus.options.map((s) => [s, 0])) as Record<ReportStatus, number>),
  }));
  const found = await reports.find({ teamId, createdAt: { $gte: new Date(start).toISOString() } });
  for (const report of found) {
    const index = Math.floor((Date.parse(report.createdAt) - start) / DAY_MS);
    const bucket = buckets[index];
    if (bucket) bucket[report.status] += 1;
  }
  return { object: 'report_days', days: buckets };
}
