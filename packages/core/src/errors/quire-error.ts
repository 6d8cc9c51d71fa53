import { ERROR_CATALOGUE, type ErrorCode, type ErrorType } from './catalogue';

// A registry-wide symbol: two installed copies of @quire/core still recognise each other's errors.
const MARKER = Symbol.for('@quire/core/QuireError');

export interface QuireErrorOptions {
  /** Overrides the catalogue's message. */
  message?: string;
  /** The request field the error is about (dot path), as in the API's error envelope. */
  param?: string;
  /** Machine-readable details (line and column, limit and usage, ...). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error type of Quire: a stable `code`, its HTTP status and a human message. */
export class QuireError extends Error {
  readonly code: ErrorCode;
  readonly type: ErrorType;
  readonly status: number;
  readonly param: string | undefined;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, options: QuireErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[code];
    super(options.message ?? entry.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'QuireError';
    this.code = code;
    this.type = entry.type;
    this.status = entry.status;
    this.param = options.param;
    this.details = options.details ?? {};
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** True for any QuireError, including one thrown by another copy of this package. */
  static isInstance(value: unknown): value is QuireError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }

  /** The `error` object of the API's JSON envelope. */
  toJSON(): { type: ErrorType; code: ErrorCode; message: string; param?: string } & Record<string, unknown> {
    return {
      type: this.type,
      code: this.code,
      message: this.message,
      ...(this.param === undefined ? {} : { param: this.param }),
      ...this.details,
    };
  }
}

/** Errors of the template language: they point at the line and column of the template. */
export class TemplateError extends QuireError {
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(
    code:
      | 'template_syntax_error'
      | 'template_render_error'
      | 'template_limit_exceeded'
      | 'invalid_filter_argument'
      | 'template_too_deep',
    options: QuireErrorOptions & { line?: number; column?: number },
  ) {
    super(code, {
      ...options,
      details: { ...options.details, line: options.line, column: options.column },
    });
    this.name = 'TemplateError';
    this.line = options.line;
    this.column = options.column;
  }
}
