import { z } from 'zod';
import { cursor, limit, page, report, toReport } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const listReports = defineTool({
  name: 'list_reports',
  title: 'List reports',
  description: [
    "Lists the team's reports, newest first: id, template, status, pages and size (get_report answers a link to",
    'a file that opens without a key).',
    'Use it to find a report made earlier (by you, the API or another person), or to see which renders failed.',
    'Filter by template_id or status.',
    'Example: list_reports { "template_id": "tpl_…", "status": "failed" } → { reports: [{ id: "rep_…", error:',
    '{ code: "template_render_error", … } }], has_more: false }.',
    'Related: get_report (one report), generate_report (a new one).',
  ].join(' '),
  input: {
    template_id: z.string().optional().describe('Only the reports of this template (tpl_…).'),
    status: z
      .enum(['queued', 'rendering', 'succeeded', 'failed'])
      .optional()
      .describe('Only the reports in this state.'),
    limit,
    cursor,
  },
  output: { reports: z.array(report), ...page },
  annotations: READ_ONLY,
  permissions: ['reports:read'],
  async run(args, { client, signal }) {
    const result = await client.reports.list(
      {
        ...(args.template_id ? { template_id: args.template_id } : {}),
        ...(args.status ? { status: args.status } : {}),
        ...(args.limit ? { limit: args.limit } : {}),
        ...(args.cursor ? { starting_after: args.cursor } : {}),
      },
      { signal },
    );
    return {
      structured: { reports: result.data.map(toReport), has_more: result.has_more, next_cursor: result.next_cursor },
    };
  },
});
