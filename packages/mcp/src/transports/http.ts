import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * Answers one Streamable HTTP request (a POST of JSON-RPC messages) with a server made for it, statelessly: no
 * session, a JSON answer rather than an event stream, and the server closed once the answer is sent. Behind any
 * Node HTTP framework: `body` is the parsed JSON body when a middleware already read it (Express's json()).
 *
 * Authenticate before calling it (and build the server with a client for that caller): it trusts the request.
 */
export async function handleStreamableHttp(
  server: McpServer,
  req: IncomingMessage,
  res: ServerResponse,
  body?: unknown,
): Promise<void> {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.once('close', () => {
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
