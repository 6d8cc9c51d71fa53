import { mcpConfig } from '../../content/mcp';

/** The hosts the MCP section gives a ready-made configuration for. */
export type McpHost = 'claude' | 'cursor' | 'vscode';

/**
 * The configuration that makes a host start Quire's MCP server (`npx -y @quire/mcp`) against this service, as
 * packages/mcp/README.md gives it: Claude Desktop and Cursor read the same `mcpServers` shape (with the key as a
 * placeholder to replace); VS Code asks for the key through an input and keeps it hidden.
 */
export function mcpHostConfig(host: McpHost, baseUrl: string): string {
  if (host === 'claude' || host === 'cursor') return mcpConfig(baseUrl);
  return JSON.stringify(
    {
      inputs: [{ type: 'promptString', id: 'quire-key', description: 'Quire API key', password: true }],
      servers: {
        quire: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@quire/mcp'],
          // VS Code's own placeholder: it asks for the key and puts it here.
          // biome-ignore lint/suspicious/noTemplateCurlyInString: not a JavaScript template.
          env: { QUIRE_API_KEY: '${input:quire-key}', QUIRE_BASE_URL: baseUrl },
        },
      },
    },
    null,
    2,
  );
}
