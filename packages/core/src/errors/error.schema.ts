import { z } from 'zod';
import { ERROR_CODES, ERROR_TYPES, type ErrorCode } from './catalogue';

/** The JSON body of every failed API call: `{ "error": { type, code, message, param?, request_id } }`. */
export const ErrorEnvelope = z
  .object({
    error: z
      .object({
        type: z.enum(ERROR_TYPES),
        code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
        message: z.string(),
        param: z.string().optional(),
        request_id: z.string(),
      })
      .catchall(z.unknown()),
  })
  .strict();
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
