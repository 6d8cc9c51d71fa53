import { NESTING_LIMITS, QuireError } from '@quire/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { RecordTooLargeError, StoreUnavailableError } from '../store/port';
import { BODY_DEPTH_LIMIT } from './json-depth';

/** Seconds a client is told to wait after 503 store_unavailable: about how long a replica set takes to elect. */
const STORE_RETRY_AFTER_S = 5;

/** The field a validation issue is about, as a dot path (`page.margins.top`, `items.2.price`). */
function paramOf(error: ZodError): string | undefined {
  const path = error.issues[0]?.path;
  return path && path.length > 0 ? path.map(String).join('.') : undefined;
}

/** Turns anything thrown into a QuireError with a stable code. */
export function toQuireError(error: unknown): QuireError {
  if (QuireError.isInstance(error)) return error;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const param = paramOf(error);
    return new QuireError('validation_failed', {
      ...(param ? { param } : {}),
      message: param
        ? `${param}: ${issue?.message ?? 'is not valid'}`
        : (issue?.message ?? 'The request is not valid.'),
      details: {
        issues: error.issues.slice(0, 20).map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      },
    });
  }
  if (error instanceof StoreUnavailableError) return new QuireError('store_unavailable', { cause: error });
  if (error instanceof RecordTooLargeError) {
    return new QuireError('record_too_large', { details: { limit: error.limit }, cause: error });
  }
  const type = (error as { type?: string })?.type;
  if (type === 'entity.parse.failed') return new QuireError('malformed_json');
  if (type === 'entity.too.large') return new QuireError('payload_too_large');
  if (type === 'entity.too.deep') {
    return new QuireError('json_too_deep', {
      message: `The request body is nested too deeply: at most ${BODY_DEPTH_LIMIT} levels of objects and arrays inside one another (${NESTING_LIMITS.json} for report data).`,
      details: { limit: BODY_DEPTH_LIMIT },
    });
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return new QuireError('unsupported_media_type');
  const status = (error as { status?: unknown })?.status;
  // Express's router could not decode a path parameter (`/v1/starters/%ff`): the client's mistake.
  if (error instanceof URIError && status === 400) return new QuireError('malformed_path', { cause: error });
  // Any other error Express or body-parser marks as the client's (a body cut short, a wrong Content-Length).
  if (typeof status === 'number' && status >= 400 && status < 500 && (error as { expose?: unknown }).expose === true)
    return new QuireError('bad_request', {
      message: `The request could not be read: ${(error as Error).message}`,
      cause: error,
    });
  return new QuireError('internal_error', { cause: error });
}

/** Every failure leaves as `{ error: { type, code, message, param?, request_id } }` with its HTTP status. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const quire = toQuireError(error);
    const requestId = String(res.locals.requestId ?? '');
    if (quire.status >= 500) logger.error({ err: error, request_id: requestId, path: req.path }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    if (quire.code === 'store_unavailable') res.set('Retry-After', String(STORE_RETRY_AFTER_S));
    res.status(quire.status).json({ error: { ...quire.toJSON(), request_id: requestId } });
  };
}

/** Any route nobody answered. */
export const notFound: RequestHandler = (req, _res, next) => {
  next(new QuireError('route_not_found', { message: `No route ${req.method} ${req.path}.` }));
};
