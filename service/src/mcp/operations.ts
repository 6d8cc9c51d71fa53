import { z } from 'zod';
import type { Entry } from '../openapi/operation-types';

/** What POST /mcp takes: one JSON-RPC 2.0 message of the Model Context Protocol. */
export const McpMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).optional().describe('Absent on notifications'),
    method: z.string().describe('`initialize`, `tools/list`, `tools/call`, `resources/read`, `prompts/get`…'),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .describe('A JSON-RPC 2.0 request or notification of the Model Context Protocol');

/** POST /mcp for the OpenAPI document (GET and DELETE answer 405: the endpoint is stateless). */
export const MCP_OPERATIONS: Entry[] = [
  {
    operationId: 'mcp',
    method: 'POST',
    path: '/mcp',
    tag: 'Service',
    summary: 'MCP endpoint (Streamable HTTP)',
    description:
      "Quire's MCP server for AI agents: the tools of `@quire/mcp` (list_templates, generate_template, " +
      'generate_report…), the resources `quire://templates/{id}` and `quire://reports/{id}` and the prompt ' +
      '`design_report_template`, over Streamable HTTP without sessions: each POST carries a JSON-RPC message and ' +
      'is answered with JSON (202 without a body for notifications), or, when a request carries a ' +
      '`params._meta.progressToken`, with an event stream of its `notifications/progress` and then its result ' +
      '(generate_template, refine_template and generate_report report their stages). Point an MCP client at this ' +
      'URL with a team API key as bearer token; a person’s session token is refused. Needs a plan that includes ' +
      'MCP (Starter and up): on Free it answers 402 `plan_feature_unavailable`. tools/list offers the tools the ' +
      "key's role may use (a viewer's key: list_reports and get_report), and only the tools that read with the " +
      'header `Quire-MCP-Read-Only: true`. The tools call this API with the same key, so its role and the ' +
      "plan's limits apply to each, and each counts as an API call.",
    security: ['apiKey'],
    teamScoped: true,
    headers: [
      {
        name: 'Quire-MCP-Read-Only',
        description: '`true` (or `1`): offer only the tools that read, nothing that creates, changes or counts',
        schema: { enum: ['true', 'false', '1', '0'] },
      },
    ],
    body: McpMessage,
    bodyExample: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_report', arguments: { report_id: 'rep_9fJ2kQ7wXbLm4TzA1cVd' } },
    },
    success: {
      status: 200,
      description:
        'The JSON-RPC response (a failed tool call is a result with `isError: true`); an event stream ' +
        '(`text/event-stream`) of progress notifications and then the response when the request asked for progress.',
      schema: {
        type: 'object',
        properties: {
          jsonrpc: { const: '2.0' },
          id: { type: ['string', 'number'] },
          result: { type: 'object' },
          error: { type: 'object' },
        },
        required: ['jsonrpc'],
      },
    },
    errors: ['invalid_api_key', 'forbidden', 'plan_feature_unavailable', 'validation_failed'],
  },
];
