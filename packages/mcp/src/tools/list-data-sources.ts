import { z } from 'zod';
import { cursor, limit, page } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const listDataSources = defineTool({
  name: 'list_data_sources',
  title: 'List data sources',
  description: [
    "Lists the team's data sources: HTTP APIs, PostgreSQL and MySQL queries, and uploaded JSON or CSV files that",
    'reports can read their data from (never their secrets).',
    'Use it when the user wants a report from their own data ("the sales database", "our orders API"): pass the',
    "source's id to generate_report as data_source_id, or to generate_template so the AI designs for that data.",
    'Example: list_data_sources {} → { data_sources: [{ id: "ds_…", name: "Orders API", type: "http" }],',
    'has_more: false }.',
    'Related: generate_report, generate_template.',
  ].join(' '),
  input: { limit, cursor },
  output: {
    data_sources: z.array(
      z.object({
        id: z.string().describe('The data source id (ds_…).'),
        name: z.string(),
        type: z.enum(['http', 'postgres', 'mysql', 'static']),
        description: z.string().nullable(),
        updated_at: z.string(),
      }),
    ),
    ...page,
  },
  annotations: READ_ONLY,
  permissions: ['data_sources:read'],
  async run(args, { client, signal }) {
    const result = await client.dataSources.list(
      { ...(args.limit ? { limit: args.limit } : {}), ...(args.cursor ? { starting_after: args.cursor } : {}) },
      { signal },
    );
    return {
      structured: {
        data_sources: result.data.map((s) => ({
          id: s.id,
          name: s.name,
          type: s.type,
          description: s.description,
          updated_at: s.updated_at,
        })),
        has_more: result.has_more,
        next_cursor: result.next_cursor,
      },
    };
  },
});
