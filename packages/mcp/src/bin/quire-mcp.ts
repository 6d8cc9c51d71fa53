#!/usr/bin/env node
import { APIError, Quire } from '@quire/client';
import { McpPlanError, resolveAccess } from '../access';
import { explain } from '../errors';
import { streamLogger } from '../logger';
import { createServer } from '../server';
import { serveStdio } from '../transports/stdio';
import { VERSION } from '../version';
import { parseCli, USAGE, UsageError } from './cli';

// stdout carries the protocol: anything a dependency prints with console.log goes to stderr instead.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

const logger = streamLogger(process.stderr);

async function main(): Promise<number> {
  let command: ReturnType<typeof parseCli>;
  try {
    command = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`quire-mcp: ${error.message}\nRun quire-mcp --help for the options.\n`);
      return 2;
    }
    throw error;
  }
  if (command.kind === 'help') {
    // Help is asked for by a person at a terminal, not by an MCP client: stdout is fine here.
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command.kind === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const { apiKey, baseUrl, team, tools, readOnly } = command.config;
  // Reports it makes say they came through MCP.
  const client = new Quire({ apiKey, baseUrl, team, headers: { 'Quire-Source': 'mcp' } });
  // The same check as the service's /mcp: the team's plan must include MCP; and the key's role decides the tools.
  let access: Awaited<ReturnType<typeof resolveAccess>>;
  try {
    access = await resolveAccess(client);
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    logger.error({ code: refused.code }, 'refused');
    process.stderr.write(`quire-mcp: ${refused.message} (code: ${refused.code})\n`);
    return 1;
  }
  let server: ReturnType<typeof createServer>;
  try {
    server = createServer({ client, tools, logger, permissions: access.permissions, readOnly });
  } catch (error) {
    process.stderr.write(`quire-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const connection = await serveStdio(server, { logger });
  logger.info(
    {
      base_url: client.baseUrl,
      team_id: access.teamId,
      role: access.role,
      tools: tools?.length ?? 'all',
      read_only: readOnly,
      version: VERSION,
    },
    'quire-mcp ready',
  );
  const stop = () => void connection.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await connection.closed;
  logger.info({}, 'client disconnected');
  return 0;
}

/** Why the service refused to serve this key (the plan, the key, the service out of reach), for stderr. */
function refusal(error: unknown): { code: string; message: string } | undefined {
  if (error instanceof McpPlanError) return { code: error.code, message: error.message };
  if (APIError.isInstance(error)) {
    return {
      code: error.code ?? `http_${error.status ?? 'error'}`,
      message: explain(error, { tool: 'start', args: {} }),
    };
  }
  return undefined;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    logger.error({ err: error }, 'fatal');
    process.exit(1);
  },
);
