import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Quire } from '@quire/client';
import { toolErrorResult } from './errors';
import { type Logger, silentLogger } from './logger';
import { registerPrompts } from './prompts';
import { offersResources, registerResources } from './resources';
import { TOOL_NAMES, TOOLS, type ToolName } from './tools/index';
import type { QuireTool, ToolContext, ToolPermission } from './tools/tool';
import { VERSION } from './version';

export interface CreateServerOptions {
  /** The Quire client the tools call: its API key (or token and team) decides what the server may see and do. */
  client: Quire;
  /** An allow-list of tool names (`['list_templates', 'generate_report']`); default every tool. */
  tools?: readonly string[] | undefined;
  /** Where the server writes what it does (default: nowhere). The `quire-mcp` command writes to stderr. */
  logger?: Logger | undefined;
  /**
   * What the caller may do: the permissions GET /v1/team answers for the key (its role's). Only the tools and
   * resources these allow are offered, so that a viewer's key is not shown tools the API would refuse it. Default:
   * every tool (the API still refuses what the key may not do).
   */
  permissions?: readonly string[] | undefined;
  /** Offer only the tools that read (readOnlyHint): nothing is created, changed or counted. Default false. */
  readOnly?: boolean | undefined;
}

/** Which tools a caller is offered: what the allow-list names, its permissions allow and read-only mode keeps. */
export interface ToolFilter {
  permissions?: readonly string[] | undefined;
  readOnly?: boolean | undefined;
}

/** What the server tells the model about itself when it connects. */
const INSTRUCTIONS = [
  'Quire turns JSON data into PDF, HTML and email reports, from templates written in HTML with Liquid tags.',
  'To make a report: list_templates, get_template (the data it expects), then generate_report.',
  'To design a template: list_starters or generate_template (from words), or create_template (from your HTML);',
  'then check_template, preview_template, and refine_template to change it in words.',
  'Ids: templates tpl_…, reports rep_…, data sources ds_…. A failed call answers what to do next: follow it.',
  'To give a person a report, give its file_url: it opens without a key for 15 minutes (download_url needs the key).',
].join(' ');

/** The tools an allow-list selects, in their usual order; an unknown name is an error naming the known ones. */
export function selectTools(names: readonly string[] | undefined, filter: ToolFilter = {}): readonly QuireTool[] {
  const may = mayWith(filter.permissions);
  const offered = (tool: QuireTool) =>
    tool.permissions.every(may) && (!filter.readOnly || tool.annotations.readOnlyHint);
  if (names === undefined) return TOOLS.filter(offered);
  const unknown = names.filter((name) => !TOOL_NAMES.includes(name as ToolName));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. The tools are: ${TOOL_NAMES.join(', ')}.`,
    );
  }
  if (names.length === 0) throw new Error(`The tool allow-list is empty. The tools are: ${TOOL_NAMES.join(', ')}.`);
  return TOOLS.filter((tool) => names.includes(tool.name) && offered(tool));
}

/** Whether a permission is among the caller's (every permission when they are not known). */
const mayWith =
  (permissions: readonly string[] | undefined) =>
  (permission: ToolPermission): boolean =>
    permissions === undefined || permissions.includes(permission);

/**
 * The Quire MCP server: the tools (all, or those `tools` allows), the resources quire://templates/{id} and
 * quire://reports/{id}, and the prompt design_report_template. Connect it to a transport: stdio (`serveStdio`),
 * Streamable HTTP (`handleStreamableHttp`) or, in tests, an in-memory pair.
 *
 * ```ts
 * const server = createServer({ client: new Quire({ apiKey }), tools: ['list_templates', 'generate_report'] });
 * await serveStdio(server);
 * ```
 */
export function createServer(options: CreateServerOptions): McpServer {
  const { client } = options;
  const logger = options.logger ?? silentLogger;
  const filter = { permissions: options.permissions, readOnly: options.readOnly };
  const tools = selectTools(options.tools, filter);
  if (tools.length === 0) {
    throw new Error(
      `No tool is left to offer: the key's role does not allow ${options.tools?.join(', ') ?? 'any tool'}` +
        `${options.readOnly ? ', or read-only mode leaves them out' : ''}. Name other tools, or use a key of another role.`,
    );
  }
  const may = mayWith(options.permissions);
  const resources = offersResources(may);
  const instructions = [
    INSTRUCTIONS,
    ...(options.readOnly
      ? ['This server is read-only: it offers the tools that read, and none that change anything.']
      : []),
    ...(options.permissions
      ? ["It offers only what this key's role may do: ask a team owner or admin for a key of another role for more."]
      : []),
  ].join(' ');
  const server = new McpServer(
    { name: 'quire', title: 'Quire', version: VERSION },
    { instructions, capabilities: { tools: {}, ...(resources ? { resources: {} } : {}), prompts: {} } },
  );

  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (args: Record<string, unknown>, extra): Promise<CallToolResult> => {
        const started = Date.now();
        const progressToken = extra._meta?.progressToken;
        const context: ToolContext = {
          client,
          logger,
          signal: extra.signal,
          async progress(progress, message) {
            if (progressToken === undefined) return;
            await extra
              .sendNotification({ method: 'notifications/progress', params: { progressToken, progress, message } })
              .catch(() => {});
          },
        };
        try {
          const answer = await tool.run(args, context);
          logger.debug({ tool: tool.name, ms: Date.now() - started }, 'tool call');
          return {
            structuredContent: answer.structured,
            // The text copy, for clients that do not read structured content.
            content: [{ type: 'text', text: JSON.stringify(answer.structured) }, ...(answer.content ?? [])],
          };
        } catch (error) {
          return toolErrorResult(error, { tool: tool.name, args }, logger);
        }
      },
    );
  }
  if (resources) registerResources(server, { client, logger, may });
  registerPrompts(server, { tools: tools.map((tool) => tool.name) });
  logger.debug({ tools: tools.map((tool) => tool.name), read_only: options.readOnly === true }, 'server created');
  return server;
}
