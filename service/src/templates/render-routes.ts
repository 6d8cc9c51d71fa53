import { QuireError, type ReportFormat, type TemplateKind } from '@quire/core';
import { Router } from 'express';
import { teamOf } from '../http/caller';
import { CheckBody, PreviewBody } from './bodies';
import { idOf, type RouteContext } from './context';
import { defaultData } from './data-schema';
import type { TemplateCheck, TemplatePreview } from './responses';

/** What a preview can answer: the JSON description (the default), or the file itself when Accept asks for it. */
export const PREVIEW_CONTENT_TYPES = ['application/json', 'application/pdf', 'text/html'] as const;
type PreviewContentType = (typeof PREVIEW_CONTENT_TYPES)[number];

const FILE_TYPE: Record<ReportFormat, PreviewContentType> = {
  pdf: 'application/pdf',
  html: 'text/html',
  email: 'text/html',
};
const EXTENSION: Record<ReportFormat, string> = { pdf: 'pdf', html: 'html', email: 'html' };
// An email template is MJML: only the email output makes sense of it. Documents are PDF or standalone HTML.
const FORMATS: Record<TemplateKind, ReportFormat[]> = { document: ['pdf', 'html'], email: ['email'] };

function formatOf(asked: ReportFormat | undefined, wanted: PreviewContentType, kind: TemplateKind): ReportFormat {
  const format = asked ?? (kind === 'email' ? 'email' : wanted === 'text/html' ? 'html' : 'pdf');
  if (!FORMATS[kind].includes(format)) {
    throw new QuireError('validation_failed', {
      param: 'format',
      message: `A template of kind ${kind} previews as ${FORMATS[kind].join(' or ')}, not ${format}.`,
    });
  }
  if (wanted !== 'application/json' && FILE_TYPE[format] !== wanted) {
    throw new QuireError('not_acceptable', {
      message: `A ${format} preview is ${FILE_TYPE[format]}: send Accept: ${FILE_TYPE[format]} or application/json.`,
    });
  }
  return format;
}

/** An ASCII file name for Content-Disposition. */
function fileName(name: string, version: number, format: ReportFormat): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80);
  return `${slug || 'preview'}-v${version}.${EXTENSION[format]}`;
}

/**
 * Previews and checks: a version rendered with the request's data (or its sample data). Neither makes a report,
 * so neither counts against the plan's monthly reports.
 */
export function renderRoutes({ templates, engine, renderer, read }: RouteContext): Router {
  const router = Router();

  router.post('/:id/preview', read, async (req, res) => {
    const body = PreviewBody.parse(req.body ?? {});
    const wanted = req.accepts([...PREVIEW_CONTENT_TYPES]) as PreviewContentType | false;
    if (!wanted) throw new QuireError('not_acceptable', { message: `Ask for ${PREVIEW_CONTENT_TYPES.join(', ')}.` });
    const teamId = teamOf(res).id;
    const template = await templates.find(teamId, idOf(req.params));
    const version = body.version ?? template.latestVersion;
    const content = await templates.content(template, version);
    const format = formatOf(body.format, wanted, content.kind);
    const result = await renderer.render(
      { template: content, data: body.data ?? defaultData(engine, content), format, metadata: { title: content.name } },
      teamId,
    );
    if (wanted !== 'application/json') {
      res
        .type(result.contentType)
        .set('Content-Disposition', `inline; filename="${fileName(content.name, version, format)}"`)
        .send(Buffer.from(result.bytes));
      return;
    }
    const answer: TemplatePreview = {
      object: 'template_preview',
      template_id: template.id,
      version,
      format: result.format,
      content_type: result.contentType,
      pages: result.pages,
      warnings: result.warnings,
      timings: result.timings,
      content_base64: Buffer.from(result.bytes).toString('base64'),
    };
    res.json(answer);
  });

  router.post('/:id/check', read, async (req, res) => {
    const body = CheckBody.parse(req.body ?? {});
    const teamId = teamOf(res).id;
    const template = await templates.find(teamId, idOf(req.params));
    const version = body.version ?? template.latestVersion;
    const content = await templates.content(template, version);
    const result = await renderer.check({ template: content, data: body.data ?? defaultData(engine, content) }, teamId);
    const answer: TemplateCheck = { object: 'template_check', template_id: template.id, version, ...result };
    res.json(answer);
  });

  return router;
}
