import cors, { type CorsOptions } from 'cors';
import type { Request, RequestHandler } from 'express';
import { openApiKeys } from '../api-keys/index';
import type { Store } from '../store/port';
import { EMBED_TOKEN_PREFIX } from './model';
import { matchEmbedRoute } from './scope';

export interface ApiCorsOptions {
  store: Store;
  /** The service's own browser origins (config.corsOrigins): every route, with credentials (the web app). */
  corsOrigins: readonly string[];
  /** Response headers a browser script may read. */
  exposedHeaders: readonly string[];
}

/** What the builder sends: its token, JSON, an Idempotency-Key on creates, a request id. */
const EMBED_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Idempotency-Key',
  'Quire-Team',
  'X-Request-Id',
];
const EMBED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH'];
const PREFLIGHT_CACHE_SECONDS = 600;

/**
 * The API's CORS. The service's own origins (CORS_ORIGINS) may call every route with credentials, as before.
 * An origin that a live API key names in its allowed_origins may call the embed routes (EMBED_ROUTES) only, without
 * credentials, and only without a credential or with an embed token: a browser script there can read the answers
 * to the builder's requests (a 401 included, so that the builder asks for a new token) and to nothing else. Whether
 * the token's own key names the origin is the guard's to check (embed_origin). Any other origin gets no CORS
 * headers, so a browser keeps the answer from the page.
 */
export async function apiCors(options: ApiCorsOptions): Promise<RequestHandler> {
  const keys = await openApiKeys(options.store);
  const own: CorsOptions = { origin: true, credentials: true, exposedHeaders: [...options.exposedHeaders] };
  const embed: CorsOptions = {
    origin: true,
    credentials: false,
    methods: EMBED_METHODS,
    allowedHeaders: EMBED_REQUEST_HEADERS,
    exposedHeaders: [...options.exposedHeaders],
    maxAge: PREFLIGHT_CACHE_SECONDS,
  };
  const none: CorsOptions = { origin: false };

  async function optionsFor(req: Request): Promise<CorsOptions> {
    const origin = req.get('origin');
    if (origin === undefined || options.corsOrigins.includes(origin)) return own;
    const preflight = req.method === 'OPTIONS';
    const method = preflight ? req.get('access-control-request-method') : req.method;
    if (!method || !matchEmbedRoute(method.toUpperCase(), req.path)) return none;
    const bearer = /^Bearer\s+(\S+)/i.exec(req.get('authorization') ?? '')?.[1];
    if (!preflight && bearer !== undefined && !bearer.startsWith(EMBED_TOKEN_PREFIX)) return none;
    const key = await keys.findOne({ allowedOrigins: origin, revokedAt: { $exists: false } });
    return key ? embed : none;
  }

  return cors<Request>((req, callback) => {
    optionsFor(req).then(
      (found) => callback(null, found),
      (error: Error) => callback(error),
    );
  });
}
