import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanId } from '@quire/core';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStores, type Stores } from '../store/index';
import type { FindOptions } from '../store/port';
import { openReportCollections, type ReportCollections, type ReportRecord } from './records';
import { createRetention } from './retention';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-06-01T12:00:00.000Z');

let dir: string;
let stores: Stores;
let collections: ReportCollections;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-retention-'));
  stores = await openStores({ dataDir: dir });
  collections = await openReportCollections(stores.store);
});
afterEach(async () => {
  await stores.blobs.close();
  await stores.store.close();
  await rm(dir, { recursive: true, force: true });
});

function report(id: string, teamId: string, completedAt: string): ReportRecord {
  return {
    id,
    teamId,
    templateId: 'tpl_1',
    templateVersion: 1,
    format: 'pdf',
    status: 'succeeded',
    filename: `${id}.pdf`,
    contentType: 'application/pdf',
    bytes: 4,
    pages: 1,
    timings: null,
    warnings: [],
    error: null,
    metadataJson: '{}',
    dataSourceId: null,
    webhookUrl: null,
    jobId: null,
    batchId: null,
    blobKey: `reports/${teamId}/${id}`,
    createdAt: completedAt,
    startedAt: completedAt,
    completedAt,
    fileExpiredAt: null,
    dataJson: '{"number":"INV-1"}',
  };
}

describe('the retention sweep', () => {
  it('pages by a cursor: the reports kept on longer plans never pile up into a growing offset', async () => {
    // 450 reports kept (Professional: 90 days) and 30 due (Free: 7 days), all 40 days old, many at the same
    // instant, interleaved so that every page holds some of each.
    for (let i = 0; i < 480; i++) {
      const completedAt = new Date(NOW.getTime() - 40 * DAY_MS + Math.floor(i / 3) * 1000).toISOString();
      const team = i % 16 === 0 ? 'team_free' : 'team_pro';
      await collections.reports.insert(report(`rep_${String(i).padStart(3, '0')}`, team, completedAt));
    }
    await stores.blobs.put('reports/team_free/rep_000', new Uint8Array([1]), 'application/pdf');
    await stores.blobs.put('reports/team_pro/rep_001', new Uint8Array([1]), 'application/pdf');
    const skips: number[] = [];
    const reports = Object.create(collections.reports) as typeof collections.reports;
    reports.find = (filter, options?: FindOptions) => {
      skips.push(options?.skip ?? 0);
      return collections.reports.find(filter, options);
    };
    const plans: Record<string, PlanId> = { team_free: 'free', team_pro: 'professional' };
    const retention = createRetention({
      collections: { ...collections, reports },
      blobs: stores.blobs,
      planOf: async (teamId) => ({ id: plans[teamId] as PlanId }),
      now: () => NOW,
      logger: pino({ level: 'silent' }),
    });

    expect(await retention.sweepExpired()).toBe(30);
    expect(skips.length).toBeGreaterThanOrEqual(3);
    // At most the reports sharing the cursor's instant (three per second here) are skipped.
    expect(Math.max(...skips)).toBeLessThanOrEqual(3);
    const expired = await collections.reports.find({ fileExpiredAt: { $ne: null } });
    expect(expired).toHaveLength(30);
    expect(expired.every((r) => r.teamId === 'team_free' && r.blobKey === null)).toBe(true);
    // The data used goes with the file; the reports still kept keep theirs.
    expect(expired.every((r) => r.dataJson === null)).toBe(true);
    expect((await collections.reports.findOne({ id: 'rep_001' }))?.dataJson).toBe('{"number":"INV-1"}');
    expect(await collections.reports.count({ teamId: 'team_pro', fileExpiredAt: null })).toBe(450);
    expect(await stores.blobs.get('reports/team_free/rep_000')).toBeUndefined();
    expect(await stores.blobs.get('reports/team_pro/rep_001')).toBeDefined();
    // A second sweep finds nothing more to do.
    expect(await retention.sweepExpired()).toBe(0);
  });
});
