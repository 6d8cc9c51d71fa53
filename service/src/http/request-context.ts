import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const CLIENT_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives each request an id (the client's X-Request-Id when it is a sane one, else a new one), returns it as a
 * header, and logs one structured line per request when it ends.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const offered = req.get('x-request-id');
    const id = offered && CLIENT_ID.test(offered) ? offered : `req_${randomBytes(12).toString('base64url')}`;
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { request_id: id, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}
