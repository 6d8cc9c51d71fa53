import { pipeline } from 'node:stream/promises';
import { QuireError } from '@quire/core';
import { type Response, Router } from 'express';
import { teamOf } from '../http/caller';
import { mapPage, paginate } from '../http/pagination';
import type { Filter } from '../store/port';
import { createBatch, getBatch } from './batch';
import type { ReportsContext } from './context';
import { DailyReportsQuery, dailyReports } from './daily';
import { enqueueReports, RENDER_QUEUE } from './enqueue';
import { carriesFileSignature, createFileLinks } from './file-links';
import { answerKind, assertAcceptsJson, contentDisposition } from './files';
import { prepareReport, webhookUrlOf } from './prepare';
import { blobKeyOf, type ReportRecord } from './records';
import { CreateBatchBody, CreateReportBody, ListReportsQuery } from './requests';
import { reportSourceOf } from './source';
import { renderNow } from './sync-render';
import { jobView, reportView } from './views';

/** The header naming the report when the answer is its file rather than its JSON. */
export const REPORT_ID_HEADER = 'Quire-Report-Id';

/** /v1/reports and /v1/jobs. Every route acts for the acting team: another team's things are not found (404). */
export function reportRoutes(ctx: ReportsContext): { router: Router; jobsRouter: Router } {
  const { authenticate, actingTeam, requirePermission, idempotency, collections, usage, config, settle } = ctx;
  const { reports } = collections;
  const read = requirePermission('reports:read');
  const create = requirePermission('reports:create');
  const remove = requirePermission('reports:delete');

  const viewFor = async (teamId: string) => {
    const plan = (await usage.planOf(teamId)).id;
    return (report: ReportRecord) => reportView(report, { publicUrl: config.publicUrl, plan });
  };
  const findReport = async (teamId: string, id: string) => {
    const report = await reports.findOne({ id, teamId });
    if (!report) throw new QuireError('report_not_found');
    return settle.reconcile(report);
  };

  /** Throws unless the report's file can be downloaded: rendered, and kept (its plan's retention). */
  const assertFile = async (report: ReportRecord): Promise<void> => {
    if (report.fileExpiredAt) throw new QuireError('report_file_expired');
    if (report.status !== 'succeeded' || !report.blobKey) {
      throw new QuireError('report_not_ready', {
        message:
          report.status === 'failed'
            ? 'The report failed, so it has no file: see its error.'
            : `The report is ${report.status}: its file is not ready yet.`,
        details: { status: report.status },
      });
    }
    const plan = (await usage.planOf(report.teamId)).id;
    if (await ctx.retention.expireIfDue(report, plan)) throw new QuireError('report_file_expired');
  };

  const sendFile = async (report: ReportRecord, res: Response): Promise<void> => {
    await assertFile(report);
    const blob = report.blobKey ? await ctx.blobs.stream(report.blobKey) : undefined;
    if (!blob) throw new QuireError('report_file_expired', { message: "The report's file is no longer stored." });
    res.status(200).set({
      'Content-Type': report.contentType ?? blob.contentType,
      'Content-Length': String(blob.size),
      'Content-Disposition': contentDisposition(report.filename),
      [REPORT_ID_HEADER]: report.id,
    });
    await pipeline(blob.stream, res).catch((error: NodeJS.ErrnoException) => {
      // The client went away mid-download: nothing to answer.
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    });
  };

  const links = createFileLinks({ secret: config.secret, publicUrl: config.publicUrl, now: ctx.now });

  // A signed link (?expires=&signature=) needs no key or session: it is checked before authentication, which
  // every other request of /v1/reports goes through.
  const signed = Router();
  signed.get('/:id/file', async (req, res, next) => {
    if (!carriesFileSignature(req.query)) {
      next();
      return;
    }
    const id = req.params.id as string;
    links.verify(id, req.query);
    const report = await reports.findOne({ id });
    if (!report) throw new QuireError('report_not_found');
    // A download through a link is no API call and needs no role: the link is the permission, for 15 minutes.
    res.set('Cache-Control', 'private, no-store');
    await sendFile(await settle.reconcile(report), res);
  });

  const router = Router();
  router.use(authenticate, actingTeam);

  router.post('/batch', create, idempotency, async (req, res) => {
    assertAcceptsJson(req);
    const body = CreateBatchBody.parse(req.body ?? {});
    const batch = await createBatch(ctx, teamOf(res).id, body, reportSourceOf(req, res));
    res.status(202).location(`/v1/reports/batches/${batch.id}`).json(batch);
  });

  router.get('/batches/:id', read, async (req, res) => {
    res.json(await getBatch(ctx, teamOf(res).id, req.params.id as string));
  });

  router.post('/', create, idempotency, async (req, res) => {
    const body = CreateReportBody.parse(req.body ?? {});
    const team = teamOf(res);
    const webhookUrl = webhookUrlOf(body.webhook_url);
    const prepared = { ...(await prepareReport(ctx.templates, team.id, body)), source: reportSourceOf(req, res) };
    if (body.async) {
      assertAcceptsJson(req);
      const [queued] = await enqueueReports(ctx, team.id, [prepared], { webhookUrl });
      if (!queued) throw new Error('enqueueReports queued nothing for one report');
      const { job } = queued;
      res.status(202).location(`/v1/jobs/${job.id}`).json(jobView(job));
      return;
    }
    // Checked before rendering: a 406 should not cost a report.
    const answer = answerKind(req, prepared.format);
    const { report, file } = await renderNow(ctx, team.id, prepared, webhookUrl);
    res.status(201).location(`/v1/reports/${report.id}`);
    if (answer === 'file') {
      res.set({
        'Content-Type': report.contentType ?? 'application/octet-stream',
        'Content-Disposition': contentDisposition(report.filename),
        [REPORT_ID_HEADER]: report.id,
      });
      // A Buffer through res.send, so that the idempotency middleware keeps the file for a replay.
      const { bytes } = file.result;
      res.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return;
    }
    res.json((await viewFor(team.id))(report));
  });

  router.get('/', read, async (req, res) => {
    const query = ListReportsQuery.parse(req.query);
    const teamId = teamOf(res).id;
    const filter: Filter = { teamId };
    if (query.template_id) filter.templateId = query.template_id;
    if (query.status) filter.status = query.status;
    if (query.batch_id) filter.batchId = query.batch_id;
    if (query.created_after || query.created_before) {
      filter.createdAt = {
        ...(query.created_after ? { $gt: query.created_after } : {}),
        ...(query.created_before ? { $lt: query.created_before } : {}),
      };
    }
    const page = await paginate(reports, filter, query);
    res.json(mapPage(page, await viewFor(teamId)));
  });

  router.get('/daily', read, async (req, res) => {
    const { days } = DailyReportsQuery.parse(req.query);
    res.json(await dailyReports(reports, teamOf(res).id, days, ctx.now()));
  });

  router.get('/:id', read, async (req, res) => {
    const teamId = teamOf(res).id;
    const report = await findReport(teamId, req.params.id as string);
    res.json((await viewFor(teamId))(report));
  });

  router.get('/:id/file', read, async (req, res) => {
    const teamId = teamOf(res).id;
    await sendFile(await findReport(teamId, req.params.id as string), res);
  });

  // A link to the file that works without a key for 15 minutes, for an agent to hand to a person.
  router.post('/:id/file-link', read, async (req, res) => {
    const teamId = teamOf(res).id;
    const report = await findReport(teamId, req.params.id as string);
    await assertFile(report);
    res.status(201).json(links.create(report.id));
  });

  router.delete('/:id', remove, async (req, res) => {
    const teamId = teamOf(res).id;
    const report = await reports.findOne({ id: req.params.id as string, teamId });
    if (!report) throw new QuireError('report_not_found');
    // The key is the report's whatever its status: a render finishing meanwhile finds no record and cleans up.
    await ctx.blobs.delete(blobKeyOf(report));
    await reports.deleteOne(report.id);
    res.json({ object: 'report', id: report.id, deleted: true });
  });

  const jobsRouter = Router();
  jobsRouter.use(authenticate, actingTeam);
  jobsRouter.get('/:id', read, async (req, res) => {
    const job = await ctx.jobs.get(req.params.id as string);
    if (!job || job.teamId !== teamOf(res).id || job.queue !== RENDER_QUEUE) throw new QuireError('job_not_found');
    res.json(jobView(job));
  });

  const outer = Router();
  outer.use(signed, router);
  return { router: outer, jobsRouter };
}
