import { z } from 'zod';
import { followAiStream } from './ai-stream';
import { aiOutcome, templateId, toFinding } from './schemas';
import { defineTool } from './tool';

export const refineTemplate = defineTool({
  name: 'refine_template',
  title: 'Change a template with AI',
  description: [
    "Asks Quire's AI to change a template, in words, as a turn of the template's conversation: it rewrites the",
    'HTML and CSS, checks the result, repairs what it finds, and saves a new version (published when nothing',
    'serious is left; otherwise kept as a draft). When the change asked for is already there, or cannot be made,',
    'no version is saved: changed is false and the reply says why.',
    'Use it for any change the user asks for: layout, colours, a new column, another language. One instruction per',
    'call works best; say exactly what to change.',
    'Example: refine_template { "template_id": "tpl_…", "instruction": "Make the title dark blue and add the',
    'customer\'s VAT number under the address" } → { changed: true, version: 3, published: true, reply: "…",',
    'remaining: [] }.',
    'Related: get_template (see the HTML), check_template, preview_template, generate_template (start over).',
  ].join(' '),
  input: {
    template_id: templateId,
    instruction: z.string().min(1).max(4000).describe('What to change, in words.'),
  },
  output: {
    template_id: z.string(),
    changed: z.boolean().describe('False when nothing changed: no version was saved, and version is the latest.'),
    version: z.number().describe('The version this change saved (the latest one when nothing changed).'),
    published: z
      .boolean()
      .describe('False when serious problems remain: the version is a draft, and reports still use the old one.'),
    ...aiOutcome,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  permissions: ['templates:write', 'ai:use'],
  async run(args, context) {
    const result = await followAiStream(
      context.client.templates.messages.stream(
        args.template_id,
        { content: args.instruction },
        { signal: context.signal },
      ),
      context,
    );
    return {
      structured: {
        template_id: result.template.id,
        changed: result.changed,
        version: result.version,
        published: result.published,
        reply: result.message.content,
        remaining: result.report.remaining.map(toFinding),
      },
    };
  },
});
