import { serviceOrigin } from '../api/client';

/** One API action, described once; the snippet shows it as curl, @quire/client and an MCP tool call. */
export interface ApiAction {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With its `/v1`, ids filled in. */
  path: string;
  body?: unknown;
  /** The same call with @quire/client, as a statement on `quire` (e.g. `await quire.templates.list()`). */
  client: string;
  /** The MCP tool that does it, when there is one (see packages/mcp). */
  mcp?: { tool: string; arguments: Record<string, unknown> };
  /** The response is a file (PDF): curl writes it to this name. */
  outputFile?: string;
  /** The Accept header to send (a route that answers a file or JSON: `application/pdf` asks for the file). */
  accept?: string;
  /**
   * The call needs a person, not an API key (managing API keys): the snippets send a person's access token
   * (`$QUIRE_ACCESS_TOKEN`, from POST /v1/auth/token) and, for a team's resources, name the team with `Quire-Team`.
   */
  asPerson?: { team?: string };
}

/** The environment variable the snippets take the bearer credential from. */
export function credentialVariable(action: ApiAction): string {
  return action.asPerson ? 'QUIRE_ACCESS_TOKEN' : 'QUIRE_API_KEY';
}

/**
 * curl for an action: the key from `$QUIRE_API_KEY` (an API key of this team, made on API Access), the service's
 * own origin, the JSON body quoted for a POSIX shell.
 */
export function curlSnippet(action: ApiAction, origin = serviceOrigin()): string {
  const lines = [
    `curl -sS -X ${action.method} '${origin}${action.path}'`,
    `  -H "Authorization: Bearer $${credentialVariable(action)}"`,
  ];
  if (action.asPerson?.team) lines.push(`  -H 'Quire-Team: ${action.asPerson.team}'`);
  if (action.accept) lines.push(`  -H 'Accept: ${action.accept}'`);
  if (action.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  --data '${JSON.stringify(action.body).replaceAll("'", "'\\''")}'`);
  }
  if (action.outputFile) lines.push(`  -o ${action.outputFile}`);
  return lines.join(' \\\n');
}

export function clientSnippet(action: ApiAction, origin = serviceOrigin()): string {
  return [
    `import { Quire } from '@quire/client';`,
    '',
    action.asPerson
      ? `const quire = new Quire({ apiKey: process.env.QUIRE_ACCESS_TOKEN, baseUrl: '${origin}'${action.asPerson.team ? `, team: '${action.asPerson.team}'` : ''} }); // a person's access token: API keys cannot do this`
      : `const quire = new Quire({ baseUrl: '${origin}' }); // the key from QUIRE_API_KEY`,
    action.client,
  ].join('\n');
}

export function mcpSnippet(action: ApiAction): string | null {
  if (!action.mcp) return null;
  return JSON.stringify({ tool: action.mcp.tool, arguments: action.mcp.arguments }, null, 2);
}
