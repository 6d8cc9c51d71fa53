import type { Permission } from '@quire/core';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { JobQueue } from '../jobs/queue';
import type { RenderService } from '../rendering/render-service';
import type { BlobStore, Store } from '../store/port';
import type { Usage } from '../usage/index';
import type { ResolvedTemplate } from './rendering';

/** What reports need of the templates module. */
export interface TemplatesPort {
  /** The version to render (default: the published one); throws template_not_found / version_not_found. */
  resolveForRender(teamId: string, templateId: string, version?: number): Promise<ResolvedTemplate>;
}

/** What reports need of the data sources module. */
export interface DataSourcesPort {
  /** Throws data_source_not_found, data_source_error, data_source_timeout, outbound_blocked... */
  load(teamId: string, dataSourceId: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export interface ReportEvent {
  teamId: string;
  type: 'report.completed' | 'report.failed';
  reportId: string;
  /** The report as GET /v1/reports/{id} shows it. */
  data: Record<string, unknown>;
  /** The request's webhook_url, besides the team's endpoints. */
  url?: string;
}

/** What reports need of the webhooks module: it delivers (and retries) on its own. */
export interface WebhooksPort {
  emit(event: ReportEvent): Promise<void>;
}

export interface ReportsDeps {
  store: Store;
  blobs: BlobStore;
  logger: Logger;
  now: () => Date;
  /** publicUrl (download links), jobConcurrency and jobLeaseMs (the render worker). */
  config: Pick<Config, 'publicUrl' | 'jobConcurrency' | 'jobLeaseMs' | 'secret'>;
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  /** Mounted on the POST routes, after authenticate and actingTeam. */
  idempotency: RequestHandler;
  usage: Pick<Usage, 'consume' | 'refund' | 'planOf'>;
  templates: TemplatesPort;
  dataSources: DataSourcesPort;
  webhooks: WebhooksPort;
  jobs: JobQueue;
  /** Renders on the reports lane of the render pool, queued by team and bounded by the team's plan. */
  renderer: Pick<RenderService, 'report'>;
  /** How often the render worker looks for jobs when none was announced (default 500 ms). */
  pollMs?: number;
}
