import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** The steps of the design prompt, each kept only when the server offers the tools it names. */
const STEPS: { tools: string[]; text: string }[] = [
  {
    tools: ['list_templates', 'list_starters'],
    text:
      'Look for a start: list_templates (with a word of the purpose as query) and list_starters. If a template ' +
      'fits, tell me and use it; if a starter fits, copy it with create_template { starter_id }.',
  },
  {
    tools: ['generate_template'],
    text:
      'Otherwise call generate_template with the purpose as prompt and the data as data_sample (or a data ' +
      'source from list_data_sources as data_source_id). Pass its reply on to me.',
  },
  {
    tools: ['create_template'],
    text:
      'If you would rather write the HTML yourself: create_template with HTML + Liquid ({{ customer.name }}, ' +
      '{% for item in items %}…{% endfor %}) and sample_data shaped like the data.',
  },
  {
    tools: ['check_template'],
    text: 'Call check_template and deal with every error it finds.',
  },
  {
    tools: ['preview_template'],
    text: 'Call preview_template and show me the result; ask me what to change.',
  },
  {
    tools: ['refine_template'],
    text: 'Apply each change I ask for with refine_template, one instruction at a time, and preview again.',
  },
  {
    tools: ['update_template'],
    text: 'When you edit the HTML or CSS yourself, save it with update_template and a message saying what changed.',
  },
  {
    tools: ['generate_report'],
    text: 'When I am happy with it, generate_report with the real data makes the final file.',
  },
];

/** design_report_template: a conversation that designs a template with the user, step by step. */
export function registerPrompts(server: McpServer, { tools }: { tools: readonly string[] }): void {
  server.registerPrompt(
    'design_report_template',
    {
      title: 'Design a report template',
      description:
        'Designs a Quire report template with you: finds a template or starter that fits, or has the AI write ' +
        'one from your description and data, checks and previews it, and refines it until you are happy.',
      argsSchema: {
        purpose: z.string().describe('What the report is for, e.g. "a monthly invoice for a design studio".'),
        data: z
          .string()
          .optional()
          .describe('An example of the data as JSON, or a description of it (fields, lists, how many rows).'),
        kind: z.string().optional().describe('"document" (PDF, the default) or "email".'),
      },
    },
    ({ purpose, data, kind }) => {
      const steps = STEPS.filter((step) => step.tools.some((tool) => tools.includes(tool)));
      const what = kind?.trim().toLowerCase() === 'email' ? 'an email template (kind "email")' : 'a report template';
      const text = [
        `Help me design ${what} in Quire for: ${purpose.trim()}`,
        data?.trim()
          ? `The data looks like this:\n${data.trim()}`
          : 'Ask me for an example of the data if you need one (or look for a data source of the team).',
        'Work step by step:',
        ...steps.map((step, i) => `${i + 1}. ${step.text}`),
        'Quire templates are HTML with Liquid; keep the layout simple (blocks and tables), since the PDF engine ' +
          'supports a subset of HTML and CSS: check_template names what it does not support.',
      ].join('\n');
      return {
        description: `Design ${what} for: ${purpose.trim()}`,
        messages: [{ role: 'user', content: { type: 'text', text } }],
      };
    },
  );
}
