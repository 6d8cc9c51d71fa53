/**
 * Embed tokens: short-lived bearer tokens (`qe_…`) that a company's backend mints from its API key for the
 * template builder embedded in its app, scoped to one team, some templates and some permissions, usable from the
 * origins its key names. See "Embed tokens" in service/README.md, and the allow-list in scope.ts.
 */
export { apiCors } from './cors';
export { carriesEmbedToken, createEmbedGuard, type EmbedGuard } from './guard';
export {
  DEFAULT_EMBED_TTL_SECONDS,
  EMBED_TOKEN_PREFIX,
  type EmbedTokenRecord,
  MAX_EMBED_TTL_SECONDS,
  openEmbedTokens,
} from './model';
export { CreateEmbedTokenBody, type EmbedTokenView, embedTokenRoutes, MAX_EMBED_TEMPLATES } from './routes';
export {
  EMBED_PERMISSIONS,
  EMBED_ROUTE_KEYS,
  EMBED_ROUTES,
  EmbedPermission,
  type EmbedRoute,
  matchEmbedRoute,
} from './scope';
