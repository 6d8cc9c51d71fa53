import { z } from 'zod';
import { cursor, limit, page } from './schemas';
import { defineTool, READ_ONLY } from './tool';

const FACES = ['normal', 'bold', 'italics', 'bolditalics'] as const;

export const listFonts = defineTool({
  name: 'list_fonts',
  title: 'List fonts',
  description: [
    "Lists the team's own font families (uploaded TrueType, OpenType or WOFF fonts) and which faces each has.",
    "Use it when the user wants a template in their brand's typeface: write the family's name in the template's",
    "CSS (font-family: 'Brand Sans', sans-serif) and every report, preview and check of the team draws with it.",
    'Fonts are uploaded through the API or the dashboard, not here.',
    'Example: list_fonts {} → { fonts: [{ name: "Brand Sans", faces: ["normal", "bold"], total_bytes: 812340 }],',
    'has_more: false }.',
    'Related: create_template, refine_template, preview_template.',
  ].join(' '),
  input: { limit, cursor },
  output: {
    fonts: z.array(
      z.object({
        name: z.string().describe('The family name to write in CSS font-family.'),
        faces: z.array(z.enum(FACES)).describe('The faces uploaded (normal, bold, italics, bolditalics).'),
        total_bytes: z.number().int(),
        updated_at: z.string(),
      }),
    ),
    ...page,
  },
  annotations: READ_ONLY,
  permissions: ['templates:read'],
  async run(args, { client, signal }) {
    const result = await client.fonts.list(
      { ...(args.limit ? { limit: args.limit } : {}), ...(args.cursor ? { starting_after: args.cursor } : {}) },
      { signal },
    );
    return {
      structured: {
        fonts: result.data.map((family) => ({
          name: family.name,
          faces: FACES.filter((face) => family.faces[face] !== null),
          total_bytes: family.total_bytes,
          updated_at: family.updated_at,
        })),
        has_more: result.has_more,
        next_cursor: result.next_cursor,
      },
    };
  },
});
