import { z } from 'zod';
import { ToolInputError } from '../errors';
import {
  HEADER_NOTE,
  PAGE_NUMBERS_NOTE,
  pageInput,
  templateId,
  templateSummaryShape,
  toTemplateSummary,
} from './schemas';
import { defineTool } from './tool';

/** The parts of a template update_template can change; at least one of them is needed. */
const PARTS = ['name', 'html', 'css', 'header_html', 'footer_html', 'page', 'sample_data'] as const;

export const updateTemplate = defineTool({
  name: 'update_template',
  title: 'Update a template',
  description: [
    'Saves a new version of a template with the parts you give replaced (name, html, css, header_html,',
    'footer_html, page, sample_data); the parts you leave out stay as they are. The version is published at once',
    'unless publish is false (a draft that previews and checks can use, and reports do not).',
    'Use it when you have edited the HTML or CSS yourself (get_template shows the current sources), or to change',
    'the page setup or sample data. To change a template in words, use refine_template instead.',
    'Example: update_template { "template_id": "tpl_…", "footer_html": "<p>Page {{ page_number }} of',
    '{{ page_count }}</p>", "message": "Number the pages" } → { id: "tpl_…", latest_version: 3,',
    'published_version: 3, … }.',
    'Then check_template and preview_template the new version.',
    'Related: get_template, refine_template, check_template, preview_template.',
  ].join(' '),
  input: {
    template_id: templateId,
    name: z.string().min(1).max(200).optional().describe("The template's new name."),
    html: z.string().optional().describe('The new body: HTML with Liquid tags, replacing the whole body.'),
    css: z.string().optional().describe('The new styles, replacing the old ones.'),
    header_html: z.string().optional().describe(HEADER_NOTE),
    footer_html: z.string().optional().describe(PAGE_NUMBERS_NOTE),
    page: pageInput,
    sample_data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('New example data (previews and checks render with it), shaped like the real data.'),
    message: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe(
        'What this version changes, in a few words (shown in the version history); default "Updated through MCP".',
      ),
    publish: z
      .boolean()
      .optional()
      .describe('Publish the new version at once (default true); false keeps it a draft reports do not use.'),
  },
  output: {
    ...templateSummaryShape,
    version: z.number().describe('The version this update saved.'),
    published: z.boolean().describe('Whether reports now use this version.'),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  permissions: ['templates:write'],
  async run(args, { client, signal }) {
    const { template_id: id, message, publish, ...parts } = args;
    if (!PARTS.some((part) => parts[part] !== undefined)) {
      throw new ToolInputError(
        `Give at least one part to change: ${PARTS.join(', ')} (get_template shows the current ones). To change ` +
          'the template in words, call refine_template.',
      );
    }
    const template = await client.templates.update(
      id,
      { ...parts, message: message ?? 'Updated through MCP', ...(publish === undefined ? {} : { publish }) },
      { signal },
    );
    return {
      structured: {
        ...toTemplateSummary(template),
        version: template.latest_version,
        published: template.published_version === template.latest_version,
      },
    };
  },
});
