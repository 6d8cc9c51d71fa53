import { QuireError, type ReportFormat } from '@quire/core';
import { newId } from '../crypto/ids';
import { assertUrlShape } from '../outbound/guard';
import { assertDataValid } from '../templates/data-validation';
import type { TemplatesPort } from './deps';
import { filenameFor, formatFor } from './files';
import { keptInput } from './kept-data';
import type { ReportInput, ReportRecord, ReportSource } from './records';
import type { ResolvedTemplate } from './rendering';
import type { ReportRequest } from './requests';

/** A request checked against its template: everything known before any report is spent. */
export interface PreparedReport {
  template: ResolvedTemplate;
  format: ReportFormat;
  filename: string;
  metadata: Record<string, string>;
  input: ReportInput;
  /** Who asked for it (set by the route from the request's credential). */
  source?: ReportSource;
}

/**
 * Resolves the template (pinning its version), settles the format and file name, and validates the data against
 * the version's schema when it asks for that. Runs before the plan is charged: a request for a missing template,
 * an impossible format or data that does not match costs nothing. `param` prefixes the fields named in errors
 * (`items.3.` in a batch).
 */
export async function prepareReport(
  templates: TemplatesPort,
  teamId: string,
  request: ReportRequest,
  param = '',
): Promise<PreparedReport> {
  let template: ResolvedTemplate;
  try {
    template = await templates.resolveForRender(teamId, request.template_id, request.version);
  } catch (error) {
    if (QuireError.isInstance(error) && (error.code === 'template_not_found' || error.code === 'version_not_found')) {
      throw new QuireError(error.code, {
        message: error.message,
        param: `${param}${error.code === 'template_not_found' ? 'template_id' : 'version'}`,
        details: error.details,
      });
    }
    throw error;
  }
  const format = formatFor(template.content.kind, request.format, `${param}format`);
  // Data sent with the request is checked now, before anything is charged; a data source's when it is read.
  if (request.data !== undefined) assertDataValid(template.content, request.data, `${param}data`);
  return {
    template,
    format,
    filename: filenameFor(format, request.filename, template.name),
    metadata: request.metadata ?? {},
    input: request.data_source
      ? { dataSource: { id: request.data_source.id, params: request.data_source.params } }
      : { data: request.data ?? {} },
  };
}

/** The webhook_url's shape (http(s), no credentials); where it may connect is the webhooks module's check. */
export function webhookUrlOf(value: string | undefined, param = 'webhook_url'): string | null {
  return value === undefined ? null : assertUrlShape(value, param).href;
}

export function newReportRecord(
  teamId: string,
  prepared: PreparedReport,
  options: { at: Date; status: 'queued' | 'rendering'; webhookUrl: string | null; jobId?: string; batchId?: string },
): ReportRecord {
  const at = options.at.toISOString();
  return {
    id: newId('rep'),
    teamId,
    templateId: prepared.template.templateId,
    templateVersion: prepared.template.version,
    format: prepared.format,
    status: options.status,
    filename: prepared.filename,
    contentType: null,
    bytes: null,
    pages: null,
    timings: null,
    warnings: [],
    error: null,
    metadataJson: JSON.stringify(prepared.metadata),
    dataSourceId: 'dataSource' in prepared.input ? prepared.input.dataSource.id : null,
    source: prepared.source ?? null,
    ...keptInput(prepared.input, prepared.template.content.data_schema),
    webhookUrl: options.webhookUrl,
    jobId: options.jobId ?? null,
    batchId: options.batchId ?? null,
    blobKey: null,
    createdAt: at,
    startedAt: options.status === 'rendering' ? at : null,
    completedAt: null,
    fileExpiredAt: null,
  };
}
