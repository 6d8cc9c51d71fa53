import type { ErrorCode, ErrorType, PlanId } from '../types';

// Registry-wide: two installed copies of @quire/client (or one bundled twice) still recognise each other's errors.
const MARKER = Symbol.for('@quire/client/error');

/**
 * The base of every error this package throws: a stable `code` and a message. Recognise one with the static
 * `isInstance` of its class (`NotFoundError.isInstance(e)`), which also works across two copies of the package,
 * where `instanceof` does not.
 */
export class QuireClientError extends Error {
  /** The class's stable name, kept through minification; `isInstance` looks for it. */
  static readonly tag: string = 'QuireClientError';
  readonly code: string;

  constructor(message: string, code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    const tags: string[] = [];
    // The tags of the class and of every class above it.
    for (let c = new.target as unknown as { tag?: string } | null; c?.tag; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, 'tag')) tags.push(c.tag);
    }
    this.name = tags[0] ?? 'QuireClientError';
    Object.defineProperty(this, MARKER, { value: tags });
  }

  /** True when `value` is an error of this class (or a subclass), from any copy of @quire/client. */
  static isInstance<T>(this: { tag: string; prototype: T }, value: unknown): value is T {
    const tags = (value as Record<symbol, unknown> | null)?.[MARKER];
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class isInstance is called on (NotFoundError…).
    return Array.isArray(tags) && tags.includes(this.tag);
  }
}

export interface APIErrorInit {
  status?: number | undefined;
  /** The `error` object of the answer, when it had one. */
  error?: Record<string, unknown> | undefined;
  headers?: Headers | undefined;
  message?: string;
  code?: string;
  cause?: unknown;
  /** The URL of a request that got no answer. */
  url?: string | undefined;
}

/** An answer of the API that is an error, or no answer at all (the subclasses without a status). */
export class APIError extends QuireClientError {
  static override readonly tag: string = 'APIError';
  /** The HTTP status; undefined when no answer came (connection errors, timeouts, aborts). */
  readonly status: number | undefined;
  /** The stable code (`template_not_found`, `plan_limit_exceeded`…). */
  declare readonly code: ErrorCode | (string & {});
  readonly type: ErrorType | undefined;
  /** The request's id (`X-Request-Id`): quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** The request field the error is about (dot path). */
  readonly param: string | undefined;
  /** Everything else of the error object (`limit`, `line`, `report_id`…). */
  readonly details: Record<string, unknown>;
  readonly headers: Headers | undefined;

  constructor(init: APIErrorInit = {}) {
    const { type, code, message, param, request_id, ...details } = init.error ?? {};
    const text = typeof message === 'string' ? message : (init.message ?? `The API answered ${init.status}`);
    super(text, typeof code === 'string' ? code : (init.code ?? 'api_error'), { cause: init.cause });
    this.status = init.status;
    this.type = typeof type === 'string' ? (type as ErrorType) : undefined;
    this.requestId = typeof request_id === 'string' ? request_id : (init.headers?.get('x-request-id') ?? undefined);
    this.param = typeof param === 'string' ? param : undefined;
    this.details = details;
    this.headers = init.headers;
  }
}

/** 400: the request is not valid (`validation_failed`, `malformed_json`, `invalid_cursor`…). */
export class BadRequestError extends APIError {
  static override readonly tag: string = 'BadRequestError';
}
/** 401: no credentials, or an API key or token that is not (or no longer) valid. */
export class AuthenticationError extends APIError {
  static override readonly tag: string = 'AuthenticationError';
}
/** 403: the key's or the member's role does not allow this. */
export class PermissionDeniedError extends APIError {
  static override readonly tag: string = 'PermissionDeniedError';
}
/** 404: no such resource (or route) for this team. */
export class NotFoundError extends APIError {
  static override readonly tag: string = 'NotFoundError';
}
/** 409: a conflict (`idempotency_key_reused`, `report_not_ready`, `already_member`…). */
export class ConflictError extends APIError {
  static override readonly tag: string = 'ConflictError';
}
/** 422: the template or the data cannot be rendered (`template_syntax_error`, `data_source_error`…). */
export class UnprocessableEntityError extends APIError {
  static override readonly tag: string = 'UnprocessableEntityError';
}
/** 429: too many requests; retried by the client first, honouring `Retry-After`. */
export class RateLimitError extends APIError {
  static override readonly tag: string = 'RateLimitError';
}
/** 5xx: the service failed; retried by the client first. */
export class InternalServerError extends APIError {
  static override readonly tag: string = 'InternalServerError';
}

/** 402 `plan_limit_exceeded` (or `plan_feature_unavailable`): the plan's limit, what is used, and the plan. */
export class PlanLimitError extends APIError {
  static override readonly tag: string = 'PlanLimitError';
  readonly limit: number | undefined;
  readonly used: number | undefined;
  readonly plan: PlanId | undefined;
  /** The limit that was reached (`reports_per_month`…), when the service names it. */
  readonly resource: string | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    const { limit, used, plan, resource } = this.details;
    this.limit = typeof limit === 'number' ? limit : undefined;
    this.used = typeof used === 'number' ? used : undefined;
    this.plan = typeof plan === 'string' ? (plan as PlanId) : undefined;
    this.resource = typeof resource === 'string' ? resource : undefined;
  }
}

/** Why a fetch failed, from the innermost cause (`connect ECONNREFUSED 127.0.0.1:3000`, `getaddrinfo ENOTFOUND …`). */
function reasonOf(cause: unknown): string | undefined {
  let reason: string | undefined;
  for (let error = cause, depth = 0; error && typeof error === 'object' && depth < 5; depth++) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message && message !== 'fetch failed') reason = message;
    else if (typeof code === 'string') reason = code;
    error = (error as { cause?: unknown }).cause;
  }
  return reason;
}

/**
 * No answer: the service could not be reached, or the connection broke. The message names the URL and why;
 * `url` holds the URL, `cause` the fetch error.
 */
export class APIConnectionError extends APIError {
  static override readonly tag: string = 'APIConnectionError';
  /** The URL of the request (without its query). */
  readonly url: string | undefined;
  constructor(init: APIErrorInit = {}) {
    const reason = reasonOf(init.cause);
    const message = init.url
      ? `Could not reach the Quire API at ${init.url}${reason ? ` (${reason})` : ''}.`
      : 'Could not reach the Quire API.';
    super({ message, code: 'connection_error', ...init });
    this.url = init.url;
  }
}

/** No answer within the timeout (per attempt), after every retry. */
export class APITimeoutError extends APIConnectionError {
  static override readonly tag: string = 'APITimeoutError';
  constructor(init: APIErrorInit & { timeoutMs?: number } = {}) {
    const { timeoutMs, ...rest } = init;
    const after = timeoutMs === undefined ? '' : ` after ${timeoutMs} ms`;
    const message = init.url
      ? `The request to the Quire API at ${init.url} timed out${after}.`
      : `The request to the Quire API timed out${after}.`;
    super({ message, code: 'timeout', ...rest });
  }
}

/** The caller's `signal` aborted the request. */
export class APIUserAbortError extends APIError {
  static override readonly tag: string = 'APIUserAbortError';
  constructor(init: APIErrorInit = {}) {
    super({ message: 'The request was aborted.', code: 'aborted', ...init });
  }
}

const BY_STATUS: Record<number, new (init: APIErrorInit) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: PlanLimitError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The error for an answer's status: the subclass of its status, else APIError (InternalServerError for 5xx). */
export function makeError(
  status: number | undefined,
  body: unknown,
  headers: Headers | undefined,
  message?: string,
): APIError {
  const error = (body as { error?: unknown } | null)?.error;
  const init: APIErrorInit = {
    status,
    headers,
    error: error && typeof error === 'object' ? (error as Record<string, unknown>) : undefined,
    ...(message === undefined ? {} : { message }),
  };
  const Class =
    status === undefined ? APIError : (BY_STATUS[status] ?? (status >= 500 ? InternalServerError : APIError));
  return new Class(init);
}

/** A misuse of the client itself (not an answer of the API): code `client_error`. */
export const usageError = (message: string): QuireClientError => new QuireClientError(message, 'client_error');
