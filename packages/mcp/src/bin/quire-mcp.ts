#!/usr/bin/env node
import { Quire } from '@quire/client';
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
  const { apiKey, baseUrl, team, tools } = command.config;
  // Reports it makes say they came through MCP.
  const client = new Quire({ apiKey, baseUrl, team, headers: { 'Quire-Source': 'mcp' } });
  const server = createServer({ client, tools, logger });
  const connection = await serveStdio(server, { logger });
  logger.info({ base_url: client.baseUrl, tools: tools?.length ?? 'all', version: VERSION }, 'quire-mcp ready');
  const stop = () => void connection.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await connection.closed;
  logger.info({}, 'client disconnected');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    logger.error({ err: error }, 'fatal');
    process.exit(1);
  },
);
