import { z } from 'zod';
import { ToolInputError } from '../errors';
import { HEADER_NOTE, PAGE_NUMBERS_NOTE, pageInput, templateSummaryShape, toTemplateSummary } from './schemas';
import { defineTool } from './tool';

export const createTemplate = defineTool({
  name: 'create_template',
  title: 'Create a template from HTML',
  description: [
    'Saves a new report template in the team from HTML you wrote (HTML + Liquid: {{ customer.name }},',
    '{% for item in items %}…{% endfor %}, filters such as {{ total | money: "EUR" }}), or copies a starter',
    '(starter_id).',
    "Use it when you have the HTML, or want a starter as it is. To have Quire's AI design one from a sentence, use",
    'generate_template instead. Always pass sample_data shaped like the real data: previews and checks render it.',
    'Example: create_template { "name": "Receipt", "html": "<h1>Receipt {{ number }}</h1><p>{{ total }}</p>",',
    '"sample_data": { "number": "R-1", "total": "9.90" } } → { id: "tpl_…", latest_version: 1, … }.',
    'Then call check_template to find problems, and preview_template to see it.',
    'Related: list_starters, generate_template, refine_template, check_template.',
  ].join(' '),
  input: {
    name: z.string().min(1).max(200).optional().describe("The template's name; required unless starter_id is given."),
    html: z.string().optional().describe('The body: HTML with Liquid tags. Required unless starter_id is given.'),
    css: z.string().optional().describe('Styles for the body, header and footer.'),
    header_html: z.string().optional().describe(HEADER_NOTE),
    footer_html: z.string().optional().describe(PAGE_NUMBERS_NOTE),
    kind: z.enum(['document', 'email']).optional().describe('document (PDF and HTML, the default) or email.'),
    page: pageInput,
    sample_data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Example data the template renders with in previews and checks, shaped like the real data.'),
    description: z.string().max(2000).optional().describe('What the template is for.'),
    tags: z.array(z.string()).optional().describe('Labels to find it by (list_templates can filter by tag).'),
    starter_id: z
      .string()
      .optional()
      .describe("Copy this starter (list_starters shows the ids); the fields given beside it replace the starter's."),
  },
  output: { ...templateSummaryShape },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  permissions: ['templates:write'],
  async run(args, { client, signal }) {
    if (args.starter_id === undefined && (args.name === undefined || args.html === undefined)) {
      throw new ToolInputError(
        'Pass name and html (your HTML + Liquid), or starter_id to copy a starter (list_starters shows them).',
      );
    }
    const template = await client.templates.create(
      {
        ...args,
        message: args.starter_id ? `Created from the ${args.starter_id} starter` : 'Created through MCP',
      },
      { signal },
    );
    return { structured: toTemplateSummary(template) };
  },
});
