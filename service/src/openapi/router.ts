import { Router } from 'express';
import { buildOpenApiDocument, type OpenApiOptions } from './document';

/** GET /openapi.json: the OpenAPI 3.1 document. Mount at the app root. */
export function openApiRouter(options: OpenApiOptions): Router {
  // Built (and checked) when the router is made, so a broken schema fails at start-up rather than on a request.
  const body = JSON.stringify(buildOpenApiDocument(options));
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(body);
  });
  return router;
}
