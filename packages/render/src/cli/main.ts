import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuireError } from '@quire/core';
import { CliError, errorMessage, UsageError } from './errors';
import type { CliIo } from './io';

export type { CliIo, OutputStream } from './io';

export const HELP = `Usage: quire <command> [options]

Renders Quire report templates (HTML + Liquid) to PDF, HTML and email from JSON data.

Commands:
  render <template>            render a starter, a .json template or an .html file (--batch for many)
  check <template>             report template errors, missing data, unsupported CSS and the page count
  starters                     list the starter templates
  starters export <id>         write a starter's files to edit

Options:
  -h, --help                   help (also quire <command> --help)
  -V, --version                the version of quire
  --debug                      print stacks of unexpected errors

Examples:
  quire render invoice
  quire render invoice.html --data invoice.data.json --out out/invoice.pdf
  quire render invoice --batch invoices.ndjson --out-dir reports/ --name-field invoice.number --workers 2
  quire check report.json --data data.json
`;

type Command = (args: string[], io: CliIo) => Promise<number>;

// Loaded on demand, so that `quire --help` or `quire starters` do not load the renderer and its fonts.
const COMMANDS: Record<string, () => Promise<Command>> = {
  render: async () => (await import('./render-command')).renderCommand,
  check: async () => (await import('./check-command')).checkCommand,
  starters: async () => (await import('./starters-command')).startersCommand,
};

/**
 * Runs the quire command line and resolves to its exit code: 0 done, 1 failed, 2 wrong usage. Output goes to
 * `io` (the process's streams by default), so tests drive it without spawning a process.
 */
export async function main(argv: string[], io?: Partial<CliIo>): Promise<number> {
  const cli: CliIo = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), ...io };
  // --debug may stand anywhere; it changes only how failures are printed.
  const debug = argv.includes('--debug');
  try {
    let rest = argv.filter((arg) => arg !== '--debug');
    const [first] = rest;
    if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
      const topic = first === 'help' ? rest[1] : undefined;
      if (topic !== undefined && COMMANDS[topic]) return await runCommand(topic, ['--help'], cli);
      // `quire` alone is a usage mistake: the help goes to stderr and the exit code says so to scripts.
      if (first === undefined) {
        cli.stderr.write(HELP);
        return 2;
      }
      cli.stdout.write(HELP);
      return 0;
    }
    if (first === '-V' || first === '--version') {
      cli.stdout.write(`${version()}\n`);
      return 0;
    }
    if (first.startsWith('-')) throw new UsageError(`Unknown option '${first}'`);
    rest = rest.slice(1);
    return await runCommand(first, rest, cli);
  } catch (error) {
    return reportFailure(error, cli, debug);
  }
}

async function runCommand(name: string, args: string[], io: CliIo): Promise<number> {
  const load = COMMANDS[name];
  if (!load) throw new UsageError(`Unknown command '${name}'`);
  return (await load())(args, io);
}

function reportFailure(error: unknown, io: CliIo, debug: boolean): number {
  if (error instanceof UsageError) {
    const help = error.command
      ? `Run quire --help or quire ${error.command} --help for usage.`
      : 'Run quire --help for usage.';
    io.stderr.write(`quire: ${error.message}\n${help}\n`);
    return 2;
  }
  if (error instanceof CliError) {
    io.stderr.write(`quire: ${error.message}\n`);
    if (debug && error.cause instanceof Error && error.cause.stack) io.stderr.write(`${error.cause.stack}\n`);
    return 1;
  }
  // A QuireError is an expected refusal (a validation, a limit) with a message written for users.
  const prefix = QuireError.isInstance(error) ? `${error.code}: ` : '';
  io.stderr.write(`quire: ${prefix}${errorMessage(error)}\n`);
  if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  else if (!QuireError.isInstance(error) && !(error as { code?: unknown })?.code) {
    io.stderr.write('(run with --debug for the stack)\n');
  }
  return 1;
}

let cachedVersion: string | undefined;

/** The version in this package's package.json, found from the sources (src/cli) and from a build (dist) alike. */
export function version(): string {
  if (cachedVersion) return cachedVersion;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === '@quire/render' && manifest.version) {
        cachedVersion = manifest.version;
        return cachedVersion;
      }
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}
