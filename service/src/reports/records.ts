import type { RenderWarning, ReportFormat, ReportStatus, ReportTimings } from '@quire/core';
import type { Collection, Store } from '../store/port';

/**
 * A report as stored. The user's free-form maps (metadata) are kept as JSON text: their keys may contain "." or
 * start with "$", which neither store can hold as field names.
 */
export interface ReportRecord {
  /** `rep_…` */
  id: string;
  teamId: string;
  templateId: string;
  /** Pinned when the report is requested, so a job renders what was asked for even if the template moves on. */
  templateVersion: number;
  format: ReportFormat;
  status: ReportStatus;
  filename: string;
  /** Set when the file exists. */
  contentType: string | null;
  bytes: number | null;
  pages: number | null;
  timings: ReportTimings | null;
  warnings: RenderWarning[];
  error: { code: string; message: string } | null;
  /** JSON of the string → string metadata map. */
  metadataJson: string;
  /** The data source the data came from, when it did (the data itself is not kept). */
  dataSourceId: string | null;
  /**
   * The data it was asked for with, as JSON, with the values its template's schema marks `writeOnly` redacted;
   * null for a data source's data, for data over 64 KB, and once the file's retention ended (kept-data.ts).
   */
  dataJson?: string | null;
  /** A data source's parameters, as JSON. */
  dataSourceParamsJson?: string | null;
  /** Who asked for it: a person, an API key, or an agent through MCP. Absent on reports stored before it was kept. */
  source?: ReportSource | null;
  webhookUrl: string | null;
  /** Async reports: the job rendering it. Sync reports have none. */
  jobId: string | null;
  batchId: string | null;
  /** Where the file is in the blob store, once rendered. */
  blobKey: string | null;
  createdAt: string;
  /** The start of the attempt that is (or was last) rendering it. */
  startedAt: string | null;
  completedAt: string | null;
  /** When the retention sweep deleted the file; the record stays. */
  fileExpiredAt: string | null;
}

/**
 * Who asked for a report: a signed-in person (id: the user, name: their email), an API key (id and name of the key),
 * an agent through MCP (the API key it used: `Quire-Source: mcp` on a key's request), or an embed token.
 */
export interface ReportSource {
  type: 'user' | 'api_key' | 'mcp' | 'embed';
  id: string;
  name: string | null;
}

/** A batch only lists its reports: its status and counts are derived from them on every read. */
export interface BatchRecord {
  /** `bat_…` */
  id: string;
  teamId: string;
  reportIds: string[];
  webhookUrl: string | null;
  createdAt: string;
}

/** What a render job carries: the report, and the data (or where to load it from at run time). */
export interface RenderJobPayload {
  reportId: string;
  batchId?: string;
  input: ReportInput;
}

export type ReportInput =
  | { data: Record<string, unknown> }
  | { dataSource: { id: string; params: Record<string, unknown> } };

export interface ReportCollections {
  reports: Collection<ReportRecord>;
  batches: Collection<BatchRecord>;
}

export async function openReportCollections(store: Store): Promise<ReportCollections> {
  return {
    reports: await store.collection<ReportRecord>({
      name: 'reports',
      // Lists (a team's, newest first), the retention sweep (succeeded, by completedAt), a batch's reports.
      indexes: [['teamId', 'createdAt'], ['status', 'completedAt'], 'batchId', 'templateId'],
    }),
    batches: await store.collection<BatchRecord>({ name: 'report_batches', indexes: ['teamId'] }),
  };
}

/** Files are kept per team: `reports/<teamId>/<reportId>`. */
export const blobKeyOf = (report: Pick<ReportRecord, 'teamId' | 'id'>) => `reports/${report.teamId}/${report.id}`;

/** Reports that have not settled yet. */
export const UNSETTLED: ReportStatus[] = ['queued', 'rendering'];
