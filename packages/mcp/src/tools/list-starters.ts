import { z } from 'zod';
import { defineTool, READ_ONLY } from './tool';

export const listStarters = defineTool({
  name: 'list_starters',
  title: 'List starter templates',
  description: [
    "Lists Quire's ready-made starter templates (invoice, receipt, report, certificate, email…): id, name, what it",
    'is for, document or email, and page size.',
    'Use it when the user wants a common document and no template of the team fits yet: a starter is the fastest',
    'good-looking start. Then call create_template with starter_id to copy one into the team, and adjust it with',
    'refine_template.',
    'Example: list_starters {} → [{ id: "invoice", name: "Invoice", kind: "document", … }].',
    "Related: list_templates (the team's own templates), create_template, generate_template (a new design from words).",
  ].join(' '),
  input: {},
  output: {
    starters: z.array(
      z.object({
        id: z.string().describe('Pass it to create_template as starter_id.'),
        name: z.string(),
        description: z.string(),
        kind: z.enum(['document', 'email']),
        tags: z.array(z.string()),
        page_size: z.string(),
      }),
    ),
  },
  annotations: READ_ONLY,
  permissions: ['templates:write'],
  async run(_args, { client, signal }) {
    const { data } = await client.starters.list({ signal });
    return {
      structured: {
        starters: data.map((s) => ({
          id: s.id,
          name: s.name,
          description: s.description,
          kind: s.kind,
          tags: s.tags,
          page_size: `${s.page.size} ${s.page.orientation}`,
        })),
      },
    };
  },
});
