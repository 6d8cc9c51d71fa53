import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { ReportFile } from '../files';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type {
  Batch,
  BatchCreateParams,
  Job,
  Report,
  ReportCreateParams,
  ReportDays,
  ReportFileLink,
  ReportItemParams,
  ReportListParams,
} from '../types';
import { FILE_TYPES } from './shared';

/**
 * Reports: a template rendered with data into PDF, HTML or email. `data` is typed by the template when its types
 * were pulled (see TemplateDataMap).
 */
export class Reports extends APIResource {
  readonly batches: Batches = new Batches(this._client);

  /** Queues the render (`async: true`) and answers its job at once. */
  create<Id extends string>(body: ReportCreateParams<Id> & { async: true }, options?: RequestOptions): Promise<Job>;
  /** Renders the report and answers it, with its `download_url`. */
  create<Id extends string>(
    body: ReportCreateParams<Id> & { async?: false },
    options?: RequestOptions,
  ): Promise<Report>;
  create<Id extends string>(body: ReportCreateParams<Id>, options?: RequestOptions): Promise<Report | Job>;
  create(body: ReportCreateParams, options?: RequestOptions): Promise<Report | Job> {
    return this._post('/v1/reports', body, options);
  }

  /** Renders the report and answers its file at once (the report is kept too: `file.reportId`). */
  async createFile<Id extends string>(body: ReportItemParams<Id>, options?: RequestOptions): Promise<ReportFile> {
    const response = await this._client.request(
      {
        method: 'POST',
        path: '/v1/reports',
        body,
        // Without a format, the template's kind decides (pdf for documents, HTML for emails).
        accept: body.format ? FILE_TYPES[body.format] : 'application/pdf, text/html',
        idempotent: true,
        raw: true,
      },
      options,
    );
    return new ReportFile(response);
  }

  get(id: string, options?: RequestOptions): Promise<Report> {
    return this._get(path`/v1/reports/${id}`, undefined, options);
  }

  /** The team's reports, newest first; filter by template, status, batch or time. */
  list(query?: ReportListParams, options?: RequestOptions): PagePromise<Report> {
    return this._list('/v1/reports', query, options);
  }

  /** The team's reports of the last `days` days (UTC, default 14, at most 90) counted per day and status. */
  daily(query?: { days?: number }, options?: RequestOptions): Promise<ReportDays> {
    return this._get('/v1/reports/daily', query, options);
  }

  delete(id: string, options?: RequestOptions): Promise<{ object: 'report'; id: string; deleted: true }> {
    return this._delete(path`/v1/reports/${id}`, options);
  }

  /** The report's file: read it as bytes, text or a stream (409 report_not_ready until it rendered). */
  async download(id: string, options?: RequestOptions): Promise<ReportFile> {
    const response = await this._client.request(
      { method: 'GET', path: path`/v1/reports/${id}/file`, accept: '*/*', raw: true },
      options,
    );
    return new ReportFile(response, id);
  }

  /**
   * A link to the report's file that works without a key or session for 15 minutes (signed by the service), to
   * hand to a person: `(await quire.reports.createFileLink(id)).url`.
   */
  createFileLink(id: string, options?: RequestOptions): Promise<ReportFileLink> {
    return this._post(path`/v1/reports/${id}/file-link`, undefined, options, false);
  }
}

export class Batches extends APIResource {
  /** Queues up to the service's maximum of reports at once, each item typed by its own template. */
  create<const Ids extends readonly string[]>(body: BatchCreateParams<Ids>, options?: RequestOptions): Promise<Batch> {
    return this._post('/v1/reports/batch', body, options);
  }

  get(id: string, options?: RequestOptions): Promise<Batch> {
    return this._get(path`/v1/reports/batches/${id}`, undefined, options);
  }
}

/** The render jobs of async and batch reports. */
export class Jobs extends APIResource {
  get(id: string, options?: RequestOptions): Promise<Job> {
    return this._get(path`/v1/jobs/${id}`, undefined, options);
  }
}
