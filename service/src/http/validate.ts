import type { z } from 'zod';

/**
 * Parses a request part with its schema; a ZodError reaches the error middleware, which answers 400
 * validation_failed naming the field. Handlers use the parsed value, never the raw one.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value);
}
