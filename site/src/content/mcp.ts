import type { TextPageContent } from './page-model';

/** /mcp: what MCP is and how agents use Quire through it (seed section 2). */
export const MCP: TextPageContent = {
  eyebrow: 'Model Context Protocol',
  title: 'Quire for AI agents, through MCP',
  lead: 'The Model Context Protocol (MCP) is an open standard that lets AI applications use outside tools and data in one consistent way. Quire speaks it, so an agent can design, check, preview and render your reports.',
  sections: [
    {
      heading: 'How MCP works',
      blocks: [
        {
          kind: 'p',
          text: 'MCP connects three parts. The agent you talk to never calls Quire directly: it asks its host, which asks the server through a client.',
        },
        {
          kind: 'cards',
          cards: [
            {
              title: 'Host',
              body: 'The AI application you use, such as Claude Desktop, Cursor or VS Code. It runs the model and decides which servers it may use.',
            },
            {
              title: 'Client',
              body: 'The connector inside the host that keeps one connection to one server, passing requests and answers in the protocol’s messages.',
            },
            {
              title: 'Server',
              body: 'A program that offers capabilities to the model. `@quire/mcp` is Quire’s server: it turns the model’s requests into calls of the Quire API with your key.',
            },
          ],
        },
      ],
    },
    {
      heading: 'What a server offers',
      blocks: [
        {
          kind: 'cards',
          cards: [
            {
              title: 'Resources',
              body: 'Data the model can read: Quire offers each template (`quire://templates/{id}`), each report and each report’s file.',
            },
            {
              title: 'Tools',
              body: 'Actions the model can take: list starters and templates, create a template or have the AI generate one, refine it, check it, preview it and generate a report.',
            },
            {
              title: 'Prompts',
              body: 'Ready-made conversations: `design_report_template` walks the model through designing a template with you, from its purpose and your data.',
            },
          ],
        },
      ],
    },
    {
      heading: 'Why use Quire through MCP',
      blocks: [
        {
          kind: 'list',
          items: [
            'Reports from a conversation: ask for “a PDF of last month’s invoices” and get the file.',
            'The same rules as your programs: the key’s role, your plan’s limits and the audit log apply to every tool call.',
            'Checked output: templates are rendered and checked before the agent shows them to you.',
            'Nothing destructive: no tool deletes anything.',
            'Any MCP host: a local server started with npx, or the service’s own /mcp endpoint over HTTP.',
          ],
        },
      ],
    },
    {
      heading: 'Connect your agent',
      blocks: [
        {
          kind: 'p',
          text: 'Create an API key for your team, then add Quire to your host’s configuration (`claude_desktop_config.json` for Claude Desktop, `.cursor/mcp.json` for Cursor). MCP is included in the Starter plan and above.',
        },
      ],
    },
  ],
  cta: { label: 'Start Building with MCP', to: '/register' },
};

/** The host configuration that starts Quire's MCP server with npx, for the service the page is served from. */
export function mcpConfig(baseUrl: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        quire: {
          command: 'npx',
          args: ['-y', '@quire/mcp'],
          env: { QUIRE_API_KEY: 'qk_live_your_key', QUIRE_BASE_URL: baseUrl },
        },
      },
    },
    null,
    2,
  );
}

/** The same tools over HTTP at the service's /mcp, without installing anything (VS Code's `.vscode/mcp.json`). */
export function mcpHttpConfig(baseUrl: string): string {
  return JSON.stringify(
    {
      inputs: [{ type: 'promptString', id: 'quire-key', description: 'Quire API key', password: true }],
      servers: {
        // VS Code's own placeholder: it asks for the key and puts it here.
        // biome-ignore lint/suspicious/noTemplateCurlyInString: not a JavaScript template.
        quire: { type: 'http', url: `${baseUrl}/mcp`, headers: { Authorization: 'Bearer ${input:quire-key}' } },
      },
    },
    null,
    2,
  );
}
