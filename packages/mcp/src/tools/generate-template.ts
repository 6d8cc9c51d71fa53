import type { AiGenerateParams } from '@quire/client';
import { z } from 'zod';
import { ToolInputError } from '../errors';
import { followAiStream } from './ai-stream';
import { aiOutcome, pageInput, templateSummaryShape, toFinding, toTemplateSummary } from './schemas';
import { defineTool } from './tool';

export const generateTemplate = defineTool({
  name: 'generate_template',
  title: 'Generate a template with AI',
  description: [
    "Has Quire's AI design a new report template from a sentence, then checks it (renders it with the data and",
    'with edge cases: empty and long lists, long words, non-Latin text) and repairs what it finds. Saves it in the',
    'team, published.',
    'Use it when the user describes a document in words and no template fits. Give exactly one hint of the data:',
    'data_sample (an example, best: the template then uses its real field names), data_source_id, or schema.',
    'It can take a minute.',
    'Example: generate_template { "prompt": "A monthly sales report with a table per region and a total",',
    '"data_sample": { "month": "May", "regions": [{ "name": "North", "sales": 1200 }] } } → { id: "tpl_…",',
    'reply: "I made…", remaining: [] }.',
    'Then preview_template to see it, and refine_template to change it in words.',
    'Related: create_template (from your own HTML), list_starters, refine_template.',
  ].join(' '),
  input: {
    prompt: z.string().min(1).max(4000).describe('What the template is for and how it should look, in words.'),
    data_sample: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .optional()
      .describe('An example of the data (at most 1 MB of JSON); a list is read as { rows: [...] }.'),
    data_source_id: z
      .string()
      .optional()
      .describe('Instead of data_sample: a data source of the team (list_data_sources) whose data it is for.'),
    params: z.record(z.string(), z.unknown()).optional().describe("The data source's parameters, with data_source_id."),
    schema: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Instead of data_sample: the JSON Schema of the data (root type object).'),
    name: z.string().min(1).max(200).optional().describe("The template's name; default: the AI chooses one."),
    kind: z.enum(['document', 'email']).optional().describe('document (PDF and HTML, the default) or email.'),
    page: pageInput,
  },
  output: {
    ...templateSummaryShape,
    ...aiOutcome,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  permissions: ['templates:write', 'ai:use'],
  async run(args, context) {
    const hints = (['data_sample', 'data_source_id', 'schema'] as const).filter((key) => args[key] !== undefined);
    if (hints.length !== 1) {
      throw new ToolInputError(
        'Give exactly one of data_sample (an example of the data, the best hint), data_source_id or schema, so ' +
          "that the template uses the data's real field names.",
      );
    }
    const result = await followAiStream(
      context.client.ai.generateStream(args as AiGenerateParams, { signal: context.signal }),
      context,
    );
    return {
      structured: {
        ...toTemplateSummary(result.template),
        reply: result.reply,
        remaining: result.report.remaining.map(toFinding),
      },
    };
  },
});
