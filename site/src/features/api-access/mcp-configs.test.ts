import { describe, expect, it } from 'vitest';
import { mcpHostConfig } from './mcp-configs';

describe('the MCP hosts’ configurations', () => {
  it('start @quire/mcp with npx against the given service, in each host’s shape', () => {
    const claude = JSON.parse(mcpHostConfig('claude', 'https://quire.example.com'));
    expect(claude).toEqual({
      mcpServers: {
        quire: {
          command: 'npx',
          args: ['-y', '@quire/mcp'],
          env: { QUIRE_API_KEY: 'qk_live_your_key', QUIRE_BASE_URL: 'https://quire.example.com' },
        },
      },
    });
    expect(mcpHostConfig('cursor', 'https://quire.example.com')).toBe(
      mcpHostConfig('claude', 'https://quire.example.com'),
    );
    const vscode = JSON.parse(mcpHostConfig('vscode', 'http://127.0.0.1:4000'));
    expect(vscode.servers.quire).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@quire/mcp'],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code's placeholder, not a JavaScript template.
      env: { QUIRE_API_KEY: '${input:quire-key}', QUIRE_BASE_URL: 'http://127.0.0.1:4000' },
    });
    expect(vscode.inputs[0]).toMatchObject({ id: 'quire-key', password: true });
  });
});
