import { z } from 'zod';
import { fileLinkOf } from './files';
import { fileLinkShape, reportShape, toReport } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const getReport = defineTool({
  name: 'get_report',
  title: 'Get a report',
  description: [
    'Answers one report: its status (queued, rendering, succeeded, failed), pages, size, while the file is kept',
    'a fresh file_url (a link that opens the file without a key for 15 minutes: the one to give the user), and',
    'the error of a failed render.',
    'Use it to follow up on a report from generate_report or list_reports, or to get a new link once one expired.',
    'Example: get_report { "report_id": "rep_9fJ2kQ7wXbLm4TzA1cVd" } → { status: "succeeded", pages: 2,',
    'file_url: "https://…/v1/reports/rep_…/file?expires=…&signature=…", … }.',
    'Related: list_reports (ids), generate_report.',
  ].join(' '),
  input: {
    report_id: z.string().min(1).describe('The report\'s id, "rep_…" (generate_report and list_reports answer it).'),
  },
  output: { ...reportShape, ...fileLinkShape },
  annotations: READ_ONLY,
  permissions: ['reports:read'],
  async run(args, { client, signal }) {
    const report = toReport(await client.reports.get(args.report_id, { signal }));
    return { structured: { ...report, ...(await fileLinkOf(client, report, signal)) } };
  },
});
