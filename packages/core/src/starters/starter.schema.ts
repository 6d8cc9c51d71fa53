import { z } from 'zod';
import { TemplateContent } from '../templates/template.schema';

/** A ready-made template that a team can start from. Its sample data renders it completely. */
export const Starter = TemplateContent.extend({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'Starter ids are lower-case slugs'),
}).strict();
export type Starter = z.infer<typeof Starter>;
export type StarterInput = z.input<typeof Starter>;
