import { z } from 'zod';
import { embeddedFile, MAX_EMBED_BYTES } from './files';
import { data, finding, format, templateId, toFinding } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const previewTemplate = defineTool({
  name: 'preview_template',
  title: 'Preview a template',
  description: [
    'Renders a template (default: its latest version, with its sample data) and answers the file itself, a PDF',
    'or HTML, as an embedded resource, without making a report or counting against the monthly reports.',
    'Use it to show the user what a template looks like after create_template, generate_template or',
    'refine_template, or to try other data.',
    'Example: preview_template { "template_id": "tpl_…" } → { pages: 2, content_type: "application/pdf", … } and',
    'the PDF.',
    'Related: check_template (problems as a list), generate_report (a kept report with a download link).',
  ].join(' '),
  input: {
    template_id: templateId,
    data,
    version: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('A version number of the template; leave it out for the latest version (a draft too).'),
    format,
  },
  output: {
    template_id: z.string(),
    version: z.number(),
    format: z.enum(['pdf', 'html', 'email']),
    content_type: z.string(),
    pages: z.number().nullable(),
    bytes: z.number(),
    embedded: z.boolean().describe(`Whether the file is attached (files up to ${MAX_EMBED_BYTES / 1024 / 1024} MB).`),
    warnings: z.array(finding),
  },
  annotations: READ_ONLY,
  permissions: ['templates:read'],
  async run(args, { client, signal }) {
    const preview = await client.templates.preview(
      args.template_id,
      {
        ...(args.data ? { data: args.data } : {}),
        ...(args.version ? { version: args.version } : {}),
        ...(args.format ? { format: args.format } : {}),
      },
      { signal },
    );
    const bytes = Buffer.byteLength(preview.content_base64, 'base64');
    const embedded = bytes <= MAX_EMBED_BYTES;
    const extension = preview.format === 'pdf' ? 'pdf' : 'html';
    return {
      structured: {
        template_id: preview.template_id,
        version: preview.version,
        format: preview.format,
        content_type: preview.content_type,
        pages: preview.pages,
        bytes,
        embedded,
        warnings: preview.warnings.map(toFinding),
      },
      content: embedded
        ? [
            embeddedFile(
              `quire://templates/${preview.template_id}/preview/v${preview.version}.${extension}`,
              preview.content_type,
              preview.content_base64,
            ),
          ]
        : [],
    };
  },
});
