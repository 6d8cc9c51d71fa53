/**
 * How long report files are kept. A report's file is deleted this many days after it rendered, by the team's plan
 * at the time of the check (so an upgrade keeps files longer, a downgrade lets older ones go at the next sweep):
 *
 *   Free 7 days · Starter 30 · Professional 90 · Enterprise 365
 *
 * The record stays, with `file_expired_at` set, and GET /v1/reports/{id}/file answers 410 report_file_expired.
 * A sweep deletes expired files when the worker starts and every hour; a download that comes before the sweep
 * finds the file past its date and expires it on the spot, so no file is served after its retention ends.
 */
import type { PlanId } from '@quire/core';
import type { Logger } from 'pino';
import type { BlobStore, Filter } from '../store/port';
import type { ReportCollections, ReportRecord } from './records';

export const RETENTION_DAYS: Readonly<Record<PlanId, number>> = Object.freeze({
  free: 7,
  starter: 30,
  professional: 90,
  enterprise: 365,
});

const DAY_MS = 24 * 60 * 60 * 1000;
const SHORTEST_MS = Math.min(...Object.values(RETENTION_DAYS)) * DAY_MS;
const SWEEP_PAGE = 200;

/** When the report's file goes, on this plan; null while there is no file (or no longer one). */
export function fileExpiresAt(report: ReportRecord, plan: PlanId): string | null {
  if (report.status !== 'succeeded' || report.fileExpiredAt || !report.completedAt) return null;
  return new Date(Date.parse(report.completedAt) + RETENTION_DAYS[plan] * DAY_MS).toISOString();
}

export interface RetentionDeps {
  collections: ReportCollections;
  blobs: BlobStore;
  planOf(teamId: string): Promise<{ id: PlanId }>;
  now: () => Date;
  logger: Logger;
}

export interface Retention {
  /** True (after deleting the file) when the report's file is past its retention; for downloads before a sweep. */
  expireIfDue(report: ReportRecord, plan: PlanId): Promise<ReportRecord | undefined>;
  /** Deletes every file past its retention; returns how many. */
  sweepExpired(): Promise<number>;
}

export function createRetention(deps: RetentionDeps): Retention {
  const { collections, blobs, now, logger } = deps;
  const { reports } = collections;

  async function expire(report: ReportRecord): Promise<ReportRecord | undefined> {
    if (report.blobKey) await blobs.delete(report.blobKey);
    return reports.updateOne(
      { id: report.id, fileExpiredAt: null },
      // The data used goes with the file.
      { set: { fileExpiredAt: now().toISOString(), blobKey: null, dataJson: null } },
    );
  }

  return {
    async expireIfDue(report, plan) {
      const expiresAt = fileExpiresAt(report, plan);
      if (!expiresAt || expiresAt > now().toISOString()) return undefined;
      return (await expire(report)) ?? (await reports.get(report.id));
    },

    async sweepExpired() {
      const at = now();
      // Nothing rendered within the shortest retention can be due: those are not even looked at.
      const cutoff = new Date(at.getTime() - SHORTEST_MS).toISOString();
      const filter = { status: 'succeeded', fileExpiredAt: null, completedAt: { $lte: cutoff } };
      const plans = new Map<string, PlanId>();
      let expired = 0;
      // Paged by a cursor on (completedAt, id), the sort's own order, so every page costs the same: an offset
      // over the reports kept on longer plans would grow with each page, making the sweep quadratic.
      let cursor: { completedAt: string; id: string } | undefined;
      for (;;) {
        let window: Filter = filter;
        let skip = 0;
        if (cursor) {
          window = { ...filter, completedAt: { $gte: cursor.completedAt, $lte: cutoff } };
          // At the cursor's time, the reports up to its id were seen; those still matching (kept) are skipped.
          skip = await reports.count({ ...filter, completedAt: cursor.completedAt, id: { $lte: cursor.id } });
        }
        const page = await reports.find(window, {
          sort: { field: 'completedAt', direction: 1 },
          skip,
          limit: SWEEP_PAGE,
        });
        for (const report of page) {
          let plan = plans.get(report.teamId);
          if (!plan) {
            plan = (await deps.planOf(report.teamId)).id;
            plans.set(report.teamId, plan);
          }
          const expiresAt = fileExpiresAt(report, plan);
          if (expiresAt && expiresAt <= at.toISOString()) {
            await expire(report);
            expired++;
          }
        }
        const last = page.at(-1);
        if (page.length < SWEEP_PAGE || !last?.completedAt) break;
        cursor = { completedAt: last.completedAt, id: last.id };
      }
      if (expired > 0) logger.info({ expired }, 'report files past their retention deleted');
      return expired;
    },
  };
}
