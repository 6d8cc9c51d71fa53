import { z } from 'zod';
import { cursor, limit, page, templateSummary, toTemplateSummary } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const listTemplates = defineTool({
  name: 'list_templates',
  title: 'List templates',
  description: [
    "Lists the team's report templates, newest first: id, name, description, kind (document or email), tags and",
    'versions, without their HTML.',
    'Use it to find the template_id the other tools need, or to see whether a fitting template exists before making',
    'a new one. Filter with query (words of the name or description) or tag.',
    'Example: list_templates { "query": "invoice" } → { templates: [{ id: "tpl_…", name: "Invoice", … }], has_more: false }.',
    'Related: get_template (one template with its HTML and sample data), list_starters, generate_report.',
  ].join(' '),
  input: {
    query: z.string().optional().describe('Words to look for in the name or description.'),
    tag: z.string().optional().describe('Only templates with this tag.'),
    limit,
    cursor,
  },
  output: {
    templates: z.array(templateSummary),
    ...page,
  },
  annotations: READ_ONLY,
  permissions: ['templates:read'],
  async run(args, { client, signal }) {
    const result = await client.templates.list(
      {
        ...(args.query ? { q: args.query } : {}),
        ...(args.tag ? { tag: args.tag } : {}),
        ...(args.limit ? { limit: args.limit } : {}),
        ...(args.cursor ? { starting_after: args.cursor } : {}),
      },
      { signal },
    );
    return {
      structured: {
        templates: result.data.map(toTemplateSummary),
        has_more: result.has_more,
        next_cursor: result.next_cursor,
      },
    };
  },
});
