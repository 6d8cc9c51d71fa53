import { JsonSchemaDocument, PageSetup, QuireError, TemplateContent, TemplateKind } from '@quire/core';
import { z } from 'zod';
import { ListQuery } from '../../http/pagination';

/** The longest prompt or thread message: a paragraph or two of instructions, not a document. */
export const MAX_PROMPT_CHARS = 4_000;
/** The largest data_sample, as JSON: a sample shows the data's shape; whole data sets belong in a data source. */
export const MAX_SAMPLE_BYTES = 1024 * 1024;
/** The JSON body limit /v1/ai needs (a 1 MB sample, escaped, and the rest): app.ts mounts a parser with it. */
export const AI_BODY_LIMIT = '2mb';

const Prompt = z.string().trim().min(1, 'Say what the template is for').max(MAX_PROMPT_CHARS);

/** POST /v1/ai/templates. */
export const GenerateBody = z
  .object({
    prompt: Prompt.describe(`What the template is for, in words (at most ${MAX_PROMPT_CHARS} characters)`),
    kind: TemplateKind.default('document').describe('`document` (PDF and HTML) or `email` (MJML). Default document'),
    page: PageSetup.optional().describe("The page setup; default the model's choice, else A4 portrait"),
    name: TemplateContent.shape.name.optional().describe("The template's name; default the model's"),
    data_sample: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .optional()
      .describe('Example data (at most 1 MB of JSON); a list is read as `{ rows: [...] }`'),
    data_source_id: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('A data source (ds_…) whose data the template is for'),
    params: z.record(z.string(), z.unknown()).optional().describe("The data source's parameters (with data_source_id)"),
    schema: JsonSchemaDocument.optional().describe('The JSON Schema (2020-12) of the data; saved as the data_schema'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const given = (['data_sample', 'data_source_id', 'schema'] as const).filter((key) => body[key] !== undefined);
    // None is fine: the model then proposes the data's shape and sample data itself (a newcomer's first sentence).
    if (given.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [given[1] as string],
        message: 'Give at most one of data_sample, data_source_id and schema',
      });
    }
    if (body.params !== undefined && body.data_source_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['params'], message: 'params go with data_source_id' });
    }
    if (body.schema !== undefined && body.schema.type !== undefined && body.schema.type !== 'object') {
      ctx.addIssue({ code: 'custom', path: ['schema', 'type'], message: 'The data of a template is an object' });
    }
  });
export type GenerateBody = z.infer<typeof GenerateBody>;

/** Parses the body; a data_sample over 1 MB is 413 payload_too_large (param data_sample). */
export function parseGenerateBody(raw: unknown): GenerateBody {
  const body = GenerateBody.parse(raw ?? {});
  if (body.data_sample !== undefined && Buffer.byteLength(JSON.stringify(body.data_sample)) > MAX_SAMPLE_BYTES) {
    throw new QuireError('payload_too_large', {
      param: 'data_sample',
      message: 'data_sample is larger than 1 MB: give a smaller sample, or a data source (data_source_id).',
    });
  }
  return body;
}

/** POST /v1/templates/{id}/messages. */
export const MessageBody = z
  .object({
    content: Prompt.describe(`What to change, in words (at most ${MAX_PROMPT_CHARS} characters)`),
  })
  .strict();

/** GET /v1/templates/{id}/messages. */
export const ThreadListQuery = ListQuery.extend({
  order: z
    .enum(['asc', 'desc'])
    .default('asc')
    .describe('`asc` (the default): oldest first, as a conversation reads; `desc`: newest first'),
  starting_after: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('The id of the last message of the previous page (its `next_cursor`)'),
});
