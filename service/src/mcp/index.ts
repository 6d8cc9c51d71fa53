import type { TLSSocket } from 'node:tls';
import { Quire } from '@quire/client';
import { can, PERMISSIONS, QuireError } from '@quire/core';
import { createServer, handleStreamableHttp } from '@quire/mcp';
import { type Request, type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { teamOf } from '../http/caller';
import type { Usage } from '../usage/index';

export interface McpRouteDeps {
  /**
   * Authenticates the bearer API key and sets the key's team (res.locals.team, res.locals.apiKey). The app's
   * key authenticator without the API-call meter fits best: the tools' own REST calls are metered, one each.
   */
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  usage: Pick<Usage, 'assertFeature'>;
  config: Pick<Config, 'publicUrl'>;
  logger: Logger;
  /**
   * Where the tools' REST calls go. Default: the address this request came in on, that is this very process,
   * over loopback or the local interface (never out through a proxy). Set it when TLS ends inside the process.
   */
  apiBaseUrl?: string;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The header that limits a request's server to the tools that read. */
export const READ_ONLY_HEADER = 'Quire-MCP-Read-Only';

/** `Quire-MCP-Read-Only: true` (or 1) offers the tools that read only; false, 0 or no header offers them all. */
export function readOnlyOf(req: Request): boolean {
  const value = req.get(READ_ONLY_HEADER)?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new QuireError('validation_failed', {
    param: READ_ONLY_HEADER,
    message: `${READ_ONLY_HEADER} is "${req.get(READ_ONLY_HEADER)}": send true for the tools that read only, or false.`,
  });
}
const API_KEY_SCHEME = 'qk_';
const WWW_AUTHENTICATE = 'Bearer realm="Quire MCP"';

/** The base URL of the server a request arrived at, as seen from this process. */
function localBaseUrl(req: Request, fallback: string): string {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return fallback;
  const host = localAddress.startsWith('::ffff:') ? localAddress.slice('::ffff:'.length) : localAddress;
  const scheme = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${localPort}`;
}

/**
 * The MCP endpoint (mount at /mcp): the tools of @quire/mcp over Streamable HTTP, statelessly (one server per
 * POST, no session; JSON answers, or an event stream of progress then the result for a request with a
 * progressToken), for a team API key given as bearer token on a plan that includes MCP. It offers the tools the
 * key's role may use, and only those that read with `Quire-MCP-Read-Only: true`.
 *
 * The tools call the REST API with the caller's key through @quire/client, exactly as `npx @quire/mcp` does over
 * stdio: the same validation, permissions, limits, metering and audit apply, and the two cannot drift apart.
 */
export function createMcpRoute(deps: McpRouteDeps): Router {
  const { logger } = deps;

  /** API keys only: a person's session token is short-lived and not what an agent's configuration should hold. */
  const requireApiKey: RequestHandler = (req, res, next) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    if (token?.startsWith(API_KEY_SCHEME)) {
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', WWW_AUTHENTICATE);
    throw new QuireError('invalid_api_key', {
      message: token
        ? 'The MCP endpoint takes a team API key (qk_live_…) as bearer token, not a session token. An owner or admin creates one under Settings → API keys.'
        : 'The MCP endpoint needs a team API key: send Authorization: Bearer qk_live_… (an owner or admin creates one under Settings → API keys).',
    });
  };

  const requireMcpPlan: RequestHandler = async (_req, res, next) => {
    await deps.usage.assertFeature(teamOf(res), 'mcp');
    next();
  };

  const serve: RequestHandler = async (req, res) => {
    const team = teamOf(res);
    const requestId = String(res.locals.requestId ?? '');
    const client = new Quire({
      apiKey: BEARER.exec(req.get('authorization') ?? '')?.[1],
      baseUrl: deps.apiBaseUrl ?? localBaseUrl(req, deps.config.publicUrl),
      // The tools' requests log under the MCP request's id.
      // Reports it makes say they came through MCP.
      headers: { 'Quire-Source': 'mcp', ...(requestId ? { 'X-Request-Id': requestId } : {}) },
    });
    const server = createServer({
      client,
      logger: logger.child({ mcp: true, team_id: team.id, request_id: requestId }),
      // The tools the key's role may use, as GET /v1/team answers them to `npx @quire/mcp`.
      permissions: PERMISSIONS.filter((permission) => can(team.role, permission)),
      readOnly: readOnlyOf(req),
    });
    await handleStreamableHttp(server, req, res, req.body);
  };

  const router = Router();
  router.post('/', requireApiKey, deps.authenticate, deps.actingTeam, requireMcpPlan, serve);
  // Stateless: no event stream to open (GET) and no session to end (DELETE), answered as the MCP SDK's servers
  // do. A middleware rather than a route, so that POST stays the one route of /mcp (the OpenAPI document's).
  router.use((req, res, next) => {
    if (req.path !== '/') {
      next();
      return;
    }
    res
      .status(405)
      .set('Allow', 'POST')
      .json({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp.' },
        id: null,
      });
  });
  return router;
}
