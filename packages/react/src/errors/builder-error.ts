import type { ErrorCode } from '@quire/client';
import type { MessageKey } from '../i18n/messages';

/** Errors that come from the builder itself rather than from an answer of the API. */
export const BUILDER_ERROR_CODES = [
  /** The service could not be reached. */
  'connection_error',
  /** The service did not answer in time. */
  'timeout',
  /** The action needs a template saved to Quire: the builder has no `templateId`. */
  'template_required',
  /** The action needs a client: the builder is not inside a `<QuireProvider>`. */
  'client_required',
  /** The host's `permissions` do not allow the action. */
  'not_permitted',
  /** The sample data being typed is not valid JSON. */
  'sample_data_invalid',
  /** No PDF preview engine is available in this build. */
  'pdf_preview_unavailable',
  /** The PDF preview could not load its fonts (from `fonts.baseUrl`, or the host's loader failed). */
  'pdf_fonts_unavailable',
] as const;

/**
 * Every code `onError` can report: the API's codes (`template_not_found`, `plan_limit_exceeded`,
 * `template_syntax_error`…, the catalogue of @quire/core) and the builder's own.
 */
export type BuilderErrorCode = ErrorCode | (typeof BUILDER_ERROR_CODES)[number];

/** What the builder was doing when the error happened. */
export type BuilderAction =
  | 'load'
  | 'save'
  | 'publish'
  | 'render'
  | 'ai'
  | 'versions'
  | 'restore'
  | 'check'
  | 'data'
  | 'mode';

export interface BuilderError {
  code: BuilderErrorCode;
  message: string;
  action: BuilderAction;
  /** The API's request id, to quote when reporting a problem. */
  requestId?: string;
  status?: number;
  cause?: unknown;
}

const MARKER = Symbol.for('@quire/react/BuilderFailure');

/** The error api methods reject with: a BuilderError as an Error. */
export class BuilderFailure extends Error implements BuilderError {
  readonly code: BuilderErrorCode;
  readonly action: BuilderAction;
  readonly requestId?: string;
  readonly status?: number;

  constructor(error: BuilderError) {
    super(error.message, error.cause === undefined ? undefined : { cause: error.cause });
    this.name = 'BuilderFailure';
    this.code = error.code;
    this.action = error.action;
    if (error.requestId) this.requestId = error.requestId;
    if (error.status) this.status = error.status;
    Object.defineProperty(this, MARKER, { value: true });
  }

  static isInstance(value: unknown): value is BuilderFailure {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

const own = (code: string): code is (typeof BUILDER_ERROR_CODES)[number] =>
  (BUILDER_ERROR_CODES as readonly string[]).includes(code);

/**
 * Turns anything thrown into a BuilderError: API errors keep their code, status and request id; the builder's
 * own codes take their message from the dictionary; anything else is `internal_error` with its message.
 */
export function toBuilderError(error: unknown, action: BuilderAction, t: (key: MessageKey) => string): BuilderError {
  if (BuilderFailure.isInstance(error)) {
    return {
      code: error.code,
      message: error.message,
      action: error.action,
      ...(error.requestId ? { requestId: error.requestId } : {}),
      ...(error.status ? { status: error.status } : {}),
      cause: error.cause,
    };
  }
  const e = error as { code?: unknown; message?: unknown; requestId?: unknown; status?: unknown };
  const code = typeof e?.code === 'string' ? e.code : 'internal_error';
  const message = own(code)
    ? t(`errors.${code}` as MessageKey)
    : typeof e?.message === 'string' && e.message
      ? e.message
      : t('errors.unknown');
  return {
    code: code as BuilderErrorCode,
    message,
    action,
    ...(typeof e?.requestId === 'string' ? { requestId: e.requestId } : {}),
    ...(typeof e?.status === 'number' ? { status: e.status } : {}),
    cause: error,
  };
}

/** A builder error of one of the builder's own codes, with its message from the dictionary. */
export function builderFailure(
  code: (typeof BUILDER_ERROR_CODES)[number],
  action: BuilderAction,
  t: (key: MessageKey) => string,
): BuilderFailure {
  return new BuilderFailure({ code, action, message: t(`errors.${code}` as MessageKey) });
}
