import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type Logger, silentLogger } from '../logger';

export interface StdioOptions {
  /** Default process.stdin. */
  stdin?: Readable;
  /** Default process.stdout: it carries the protocol, so nothing else may write to it. */
  stdout?: Writable;
  logger?: Logger;
}

export interface StdioConnection {
  /** Settles when the client goes (stdin ends) or `close()` was called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves the server over stdio: JSON-RPC messages, one a line, on stdin and stdout. The connection closes when
 * stdin ends, which is how an MCP client stops a server it started.
 */
export async function serveStdio(server: McpServer, options: StdioOptions = {}): Promise<StdioConnection> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const logger = options.logger ?? silentLogger;
  const transport = new StdioServerTransport(stdin, stdout);
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  transport.onclose = () => resolveClosed();
  await server.connect(transport);
  // The SDK's transport does not notice the end of stdin itself.
  const end = () => void server.close().catch(() => {});
  stdin.once('end', end);
  stdin.once('close', end);
  closed.then(() => {
    stdin.off('end', end);
    stdin.off('close', end);
  });
  logger.info({}, 'serving MCP on stdio');
  return {
    closed,
    async close() {
      await server.close();
      await closed;
    },
  };
}
