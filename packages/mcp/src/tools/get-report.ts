import { z } from 'zod';
import { reportShape, toReport } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const getReport = defineTool({
  name: 'get_report',
  title: 'Get a report',
  description: [
    'Answers one report: its status (queued, rendering, succeeded, failed), pages, size, the download URL while',
    'the file is kept, and the error of a failed render.',
    'Use it to follow up on a report from generate_report or list_reports, or to get a fresh download URL.',
    'Example: get_report { "report_id": "rep_9fJ2kQ7wXbLm4TzA1cVd" } → { status: "succeeded", pages: 2,',
    'download_url: "https://…/v1/reports/rep_…/file", … }.',
    'Related: list_reports (ids), generate_report.',
  ].join(' '),
  input: {
    report_id: z.string().min(1).describe('The report\'s id, "rep_…" (generate_report and list_reports answer it).'),
  },
  output: reportShape,
  annotations: READ_ONLY,
  permissions: ['reports:read'],
  async run(args, { client, signal }) {
    return { structured: toReport(await client.reports.get(args.report_id, { signal })) };
  },
});
