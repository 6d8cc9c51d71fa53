import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './errors';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Flags every command takes. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  debug: { type: 'boolean' },
} as const satisfies OptionSpec;

/** Flags that say where a template's parts come from, beyond the template argument itself. */
export const TEMPLATE_OPTIONS = {
  css: { type: 'string' },
  header: { type: 'string' },
  footer: { type: 'string' },
  page: { type: 'string' },
  orientation: { type: 'string' },
} as const satisfies OptionSpec;

/** Flags that shape one render. */
export const RENDER_OPTIONS = {
  data: { type: 'string' },
  format: { type: 'string' },
  engine: { type: 'string' },
  locale: { type: 'string' },
  'time-zone': { type: 'string' },
  currency: { type: 'string' },
} as const satisfies OptionSpec;

/**
 * parseArgs in strict mode, with its errors turned into usage errors: an unknown flag or a flag without its value
 * is a mistake on the command line, not a failure of the command.
 */
export function parseCommand<T extends OptionSpec>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      // Node's messages go on with advice about `--`; the first sentence is the part that helps here.
      const message = (error as Error).message.split(/\.\s/)[0] ?? (error as Error).message;
      throw new UsageError(message, command);
    }
    throw error;
  }
}

/** One of a fixed set of values, or a usage error naming them. */
export function oneOf<T extends string>(
  command: string,
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got '${value}')`, command);
}

/** A positive whole number, or a usage error. */
export function positiveInt(command: string, flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new UsageError(`--${flag} must be a positive whole number (got '${value}')`, command);
  }
  return Number(value);
}
