import type { TemplateContent } from '@quire/core';
import type { RenderOptions, RenderResult } from '@quire/render';
import type { RenderService } from '../rendering/render-service';
import type { BlobStore } from '../store/port';
import { blobKeyOf, type ReportRecord } from './records';

/** What the templates module hands over for a render. */
export interface ResolvedTemplate {
  templateId: string;
  version: number;
  name: string;
  content: TemplateContent;
}

export interface RenderedFile {
  /** The file's bytes are `result.bytes`. */
  result: RenderResult;
  blobKey: string;
  /** Time spent waiting for a render worker (behind other renders of the team, or of other teams), in ms. */
  poolWaitMs: number;
}

/** Renders the report in the render pool (the team's queue, the plan's limits) and keeps its file in the blob store. */
export async function renderToBlob(
  deps: { renderer: Pick<RenderService, 'report'>; blobs: BlobStore },
  report: Pick<ReportRecord, 'id' | 'teamId' | 'format'>,
  template: ResolvedTemplate,
  data: Record<string, unknown>,
): Promise<RenderedFile> {
  const { content } = template;
  const options: RenderOptions = {
    template: {
      name: template.name,
      kind: content.kind,
      html: content.html,
      css: content.css,
      header_html: content.header_html,
      footer_html: content.footer_html,
      page: content.page,
    },
    data,
    format: report.format,
    metadata: { title: template.name, creator: 'Quire' },
  };
  const started = performance.now();
  const result = await deps.renderer.report(report.teamId, options);
  const poolWaitMs = Math.max(0, Math.round(performance.now() - started - result.timings.total_ms));
  const blobKey = blobKeyOf(report);
  await deps.blobs.put(blobKey, result.bytes, result.contentType);
  return { result, blobKey, poolWaitMs };
}
