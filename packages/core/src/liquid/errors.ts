import { LiquidError } from 'liquidjs';
import { QuireError, TemplateError } from '../errors/quire-error';

interface Located {
  line?: number;
  column?: number;
  partial?: string;
}

function locate(error: unknown): Located {
  const token = (error as { token?: { getPosition?: () => [number, number]; file?: string } }).token;
  if (!token?.getPosition) return {};
  const [line, column] = token.getPosition();
  return { line, column, ...(token.file ? { partial: token.file } : {}) };
}

const at = (where: Located) =>
  where.line === undefined
    ? ''
    : ` (${where.partial ? `partial "${where.partial}", ` : ''}line ${where.line}, column ${where.column})`;

// LiquidJS appends ", line:3, col:7" to its messages; the location is carried in fields instead.
const stripLocation = (message: string) =>
  message.replace(/, (file:\S+, )?line:\d+, col:\d+$/, '').replace(/\n[\s\S]*$/, '');

function limitMessage(
  raw: string,
  limits: { renderMs: number; memory: number; parseChars: number },
): string | undefined {
  if (/template render limit exceeded/.test(raw))
    return `The template took longer than ${limits.renderMs} ms to render`;
  if (/memory alloc limit exceeded/.test(raw)) return `The template used more than ${limits.memory} units of memory`;
  if (/parse length limit exceeded/.test(raw)) return `The template is longer than ${limits.parseChars} characters`;
  return undefined;
}

/** Turns whatever LiquidJS (or a Quire filter inside it) threw into a TemplateError with a line and column. */
export function toTemplateError(
  error: unknown,
  phase: 'parse' | 'render',
  limits: { renderMs: number; memory: number; parseChars: number },
): TemplateError {
  if (error instanceof TemplateError) return error;
  const where = locate(error);
  const original = LiquidError.is(error) ? ((error as { originalError?: unknown }).originalError ?? error) : error;
  const details = where.partial ? { partial: where.partial } : undefined;
  if (QuireError.isInstance(original)) {
    return new TemplateError('invalid_filter_argument', {
      message: `${original.message}${at(where)}`,
      ...where,
      details: { ...original.details, ...details },
      cause: original,
    });
  }
  const raw = error instanceof Error ? error.message : String(error);
  const limit = limitMessage(raw, limits);
  if (limit)
    return new TemplateError('template_limit_exceeded', {
      message: `${limit}${at(where)}`,
      ...where,
      details,
      cause: error,
    });
  if (error instanceof RangeError || (original instanceof RangeError && /call stack/.test(original.message))) {
    return new TemplateError('template_limit_exceeded', {
      message: 'The template nests too deeply (does a partial render itself?)',
      cause: error,
    });
  }
  const message = stripLocation(raw);
  if (phase === 'parse') {
    return new TemplateError('template_syntax_error', {
      message: `${message}${at(where)}`,
      ...where,
      details,
      cause: error,
    });
  }
  return new TemplateError('template_render_error', {
    message: `${message}${at(where)}`,
    ...where,
    details,
    cause: error,
  });
}
