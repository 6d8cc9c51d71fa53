import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Whether a POSTed body holds a request that asked for progress (`params._meta.progressToken`). */
export function asksForProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => {
    if (typeof message !== 'object' || message === null) return false;
    const params = (message as { params?: unknown }).params;
    if (typeof params !== 'object' || params === null) return false;
    const meta = (params as { _meta?: unknown })._meta;
    if (typeof meta !== 'object' || meta === null) return false;
    const token = (meta as { progressToken?: unknown }).progressToken;
    return typeof token === 'string' || typeof token === 'number';
  });
}

/**
 * Answers one Streamable HTTP request (a POST of JSON-RPC messages) with a server made for it, statelessly: no
 * session, and the server closed once the answer is sent. The answer is JSON, unless a request asked for progress
 * (a progressToken, as an SDK client sends with `onprogress`): then it is an event stream carrying the
 * notifications/progress of the call (a long tool: generate_template, refine_template, generate_report) and then
 * the result. Behind any Node HTTP framework: `body` is the parsed JSON body when a middleware already read it
 * (Express's json()); without it the body is read here, and always answered with JSON.
 *
 * Authenticate before calling it (and build the server with a client for that caller): it trusts the request.
 */
export async function handleStreamableHttp(
  server: McpServer,
  req: IncomingMessage,
  res: ServerResponse,
  body?: unknown,
): Promise<void> {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !asksForProgress(body),
  });
  res.once('close', () => {
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
