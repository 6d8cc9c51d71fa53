import { parseArgs } from 'node:util';
import { TOOL_NAMES } from '../tools/index';

export const USAGE = `Usage: quire-mcp [options]

The Quire MCP server on stdio: an MCP client (Claude Desktop, Cursor, VS Code…) starts it and speaks to it on
stdin and stdout. Logs go to stderr.

Options:
  --api-key <key>     A team API key, qk_live_… (default: QUIRE_API_KEY)
  --base-url <url>    Where Quire runs (default: QUIRE_BASE_URL, else http://localhost:3000)
  --team <id>         The team to act for, with a person's access token (default: QUIRE_TEAM); an API key
                      acts for its own team
  --tools <a,b,c>     Offer only these tools (default: all the key's role may use):
                      ${TOOL_NAMES.join(', ')}
  --read-only         Offer only the tools that read: nothing is created, changed or counted
                      (default: QUIRE_MCP_READ_ONLY=1)
  -h, --help          Show this help
  -v, --version       Show the version

Example: QUIRE_API_KEY=qk_live_… npx @quire/mcp --tools list_templates,get_template,generate_report`;

/** A mistake in how the command was called: its message is printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface CliConfig {
  apiKey: string;
  baseUrl: string | undefined;
  team: string | undefined;
  tools: string[] | undefined;
  readOnly: boolean;
}

export type CliCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'serve'; config: CliConfig };

const nonEmpty = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/** QUIRE_MCP_READ_ONLY: 1 or true turns read-only mode on; 0, false or nothing leaves it off. */
function readOnlyFromEnv(value: string | undefined): boolean {
  const flag = value?.trim().toLowerCase() ?? '';
  if (flag === '1' || flag === 'true') return true;
  if (flag === '' || flag === '0' || flag === 'false') return false;
  throw new UsageError(`QUIRE_MCP_READ_ONLY is "${value}": set it to 1 (or true) for read-only mode, or 0.`);
}

/** Reads the command line and the environment; flags win over environment variables. */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined>): CliCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        'api-key': { type: 'string' },
        'base-url': { type: 'string' },
        team: { type: 'string' },
        tools: { type: 'string' },
        'read-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const apiKey = nonEmpty(values['api-key'] as string | undefined) ?? nonEmpty(env.QUIRE_API_KEY);
  if (!apiKey) {
    throw new UsageError(
      'No API key: set QUIRE_API_KEY or pass --api-key qk_live_… (a team owner or admin creates one in Quire under ' +
        'Settings → API keys).',
    );
  }
  const baseUrl = nonEmpty(values['base-url'] as string | undefined) ?? nonEmpty(env.QUIRE_BASE_URL);
  if (baseUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(baseUrl);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new UsageError(`The base URL "${baseUrl}" is not an http(s) URL, e.g. https://quire.example.com.`);
    }
  }
  const toolsFlag = values.tools as string | undefined;
  const tools =
    toolsFlag === undefined
      ? undefined
      : toolsFlag
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
  if (tools !== undefined) {
    const unknown = tools.filter((name) => !(TOOL_NAMES as readonly string[]).includes(name));
    if (unknown.length > 0 || tools.length === 0) {
      throw new UsageError(
        `${tools.length === 0 ? '--tools names no tool' : `Unknown tool in --tools: ${unknown.join(', ')}`}. ` +
          `The tools are: ${TOOL_NAMES.join(', ')}.`,
      );
    }
  }
  return {
    kind: 'serve',
    config: {
      apiKey,
      baseUrl,
      team: nonEmpty(values.team as string | undefined) ?? nonEmpty(env.QUIRE_TEAM),
      tools,
      readOnly: values['read-only'] === true || readOnlyFromEnv(env.QUIRE_MCP_READ_ONLY),
    },
  };
}
