import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { can, PERMISSIONS } from '@quire/core';
import { TOOL_NAMES, TOOLS } from '@quire/mcp';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type FeatureApp, startFeatureApp } from '../__fixtures__/feature-app';
import { createAccess } from '../access/index';
import { createApp, type QuireApp } from '../app';
import { listRoutes } from '../http/routes';
import { openApiPath } from '../openapi/document';
import { createMcpRoute, READ_ONLY_HEADER } from './index';
import { MCP_OPERATIONS, McpMessage } from './operations';

/**
 * /mcp as app.ts mounts it, in the whole real app on one port: the router's default base URL (the address the
 * request came in on) reaches the real REST API, as it does in the service.
 */
let feature: FeatureApp;
let service: QuireApp;
let call: ReturnType<typeof apiClient>;
let mcpRoutes: string[];

beforeAll(async () => {
  feature = await startFeatureApp({
    name: 'mcp',
    async mount(app, deps) {
      const { config, logger } = deps;
      const { authenticateKey, team, usage } = await createAccess(deps);
      const router = createMcpRoute({
        authenticate: authenticateKey,
        actingTeam: team.actingTeam,
        usage,
        config,
        logger,
      });
      const alone = express();
      alone.use('/mcp', router);
      mcpRoutes = listRoutes(alone).map((route) => `${route.method} ${openApiPath(route.path)}`);
      service = await createApp(deps);
      service.start();
      app.use(service);
    },
  });
  call = apiClient(feature);
});

afterAll(async () => {
  await service?.shutdown();
  await feature?.close();
});

/** A new account with a team API key of `role`, its team on `plan`. */
async function keyOn(plan: 'free' | 'starter', name: string, role: 'editor' | 'member' | 'viewer' = 'editor') {
  const account = await newAccount({ url: feature.url, dataDir: feature.deps.dir }, name);
  if (plan !== 'free') {
    const changed = await call('POST', '/v1/subscription', { token: account.token, body: { plan } });
    expect(changed.status).toBe(200);
  }
  const key = await call('POST', '/v1/api-keys', { token: account.token, body: { name: 'agent', role } });
  expect(key.status).toBe(201);
  return { ...account, apiKey: key.body.secret as string };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
};

const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
  fetch(`${feature.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

async function connect(apiKey: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'service-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${feature.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}`, ...headers } },
  });
  await client.connect(transport);
  return client;
}

describe('POST /mcp', () => {
  it('answers 401 without a bearer API key, and for a person’s session token', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="Quire MCP"');
    expect((await none.json()).error).toMatchObject({
      code: 'invalid_api_key',
      message: expect.stringContaining('send Authorization: Bearer qk_live_…'),
    });

    const person = await newAccount({ url: feature.url, dataDir: feature.deps.dir }, 'person');
    const session = await post({ Authorization: `Bearer ${person.token}` });
    expect(session.status).toBe(401);
    expect((await session.json()).error.message).toMatch(/takes a team API key .* not a session token/);

    const unknown = await post({ Authorization: 'Bearer qk_live_notAKeyAtAll0123456789' });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toMatchObject({ code: 'invalid_api_key' });
  });

  it('refuses a team whose plan has no MCP with 402 plan_feature_unavailable, which MCP clients show', async () => {
    const free = await keyOn('free', 'freemcp');
    const refused = await post({ Authorization: `Bearer ${free.apiKey}` });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error).toMatchObject({
      type: 'plan_limit_error',
      code: 'plan_feature_unavailable',
      message: 'Your Free plan does not include MCP access. Upgrade your plan to use it.',
      feature: 'mcp',
      plan: 'free',
    });
    // The SDK's client puts the body in its error: the person sees why.
    await expect(connect(free.apiKey)).rejects.toThrow(/does not include MCP access\. Upgrade your plan to use it\./);
  });

  it('serves the tools over Streamable HTTP to a key of a plan with MCP, calling the API with that key', async () => {
    const starter = await keyOn('starter', 'startermcp');
    const client = await connect(starter.apiKey);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'quire' });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);

      const created = (await client.callTool({
        name: 'create_template',
        arguments: { starter_id: 'invoice' },
      })) as CallToolResult;
      expect(created.isError).toBeFalsy();
      const templateId = (created.structuredContent as { id: string }).id;
      const listed = (await client.callTool({ name: 'list_templates', arguments: {} })) as CallToolResult;
      expect(listed.structuredContent).toMatchObject({ templates: [expect.objectContaining({ id: templateId })] });

      const report = (await client.callTool({
        name: 'generate_report',
        arguments: { template_id: templateId },
      })) as CallToolResult;
      expect(report.structuredContent).toMatchObject({
        status: 'succeeded',
        embedded: true,
        download_url: expect.stringMatching(/^https:\/\/quire\.test\/v1\/reports\/rep_[\w-]+\/file$/),
      });
      const file = report.content.find((block) => block.type === 'resource');
      const blob = file?.type === 'resource' && 'blob' in file.resource ? file.resource.blob : '';
      expect(Buffer.from(blob, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const missing = (await client.callTool({
        name: 'get_template',
        arguments: { template_id: 'tpl_missing' },
      })) as CallToolResult;
      expect(missing.isError).toBe(true);
      expect(missing.content[0]).toMatchObject({
        text: expect.stringMatching(/^No template tpl_missing in this team\. Call list_templates to see the ids\./),
      });
    } finally {
      await client.close();
    }
    // The tools' REST calls were the key's: they count as its team's API calls, one each.
    const usage = await call('GET', '/v1/usage', { token: starter.token });
    expect(usage.body.usage.api_calls_per_month.used).toBeGreaterThanOrEqual(5);
    // The report says it came through MCP, with the key it used.
    const reports = await call('GET', '/v1/reports', { token: starter.token });
    expect(reports.body.data[0].source).toMatchObject({ type: 'mcp', name: expect.any(String) });
  });

  it('offers a key the tools its role may use: a viewer neither writes templates nor makes reports', async () => {
    const viewer = await keyOn('starter', 'viewermcp', 'viewer');
    const client = await connect(viewer.apiKey);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_reports', 'get_report']);
      const refused = (await client.callTool({
        name: 'create_template',
        arguments: { starter_id: 'invoice' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]).toMatchObject({ text: expect.stringMatching(/create_template not found/) });
    } finally {
      await client.close();
    }
    const member = await keyOn('starter', 'membermcp', 'member');
    const memberClient = await connect(member.apiKey);
    try {
      const names = (await memberClient.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('generate_report');
      for (const writer of ['create_template', 'update_template', 'generate_template', 'refine_template']) {
        expect(names).not.toContain(writer);
      }
    } finally {
      await memberClient.close();
    }
  });

  it(`offers only the tools that read with ${READ_ONLY_HEADER}: true, and refuses another value`, async () => {
    const { apiKey } = await keyOn('starter', 'readonlymcp');
    const client = await connect(apiKey, { [READ_ONLY_HEADER]: 'true' });
    try {
      const readTools = TOOLS.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(readTools);
      expect(readTools).not.toContain('generate_report');
      expect(client.getInstructions()).toMatch(/read-only/);
    } finally {
      await client.close();
    }
    const all = await connect(apiKey, { [READ_ONLY_HEADER]: 'false' });
    try {
      expect((await all.listTools()).tools).toHaveLength(TOOL_NAMES.length);
    } finally {
      await all.close();
    }
    const bad = await post({ Authorization: `Bearer ${apiKey}`, [READ_ONLY_HEADER]: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: 'validation_failed', param: READ_ONLY_HEADER });
  });

  it('streams progress then the result to a client that sent a progressToken; answers JSON to one that did not', async () => {
    const { apiKey } = await keyOn('starter', 'progressmcp');
    const client = await connect(apiKey);
    let templateId: string;
    try {
      const progress: string[] = [];
      const generated = (await client.callTool(
        {
          name: 'generate_template',
          arguments: {
            prompt: 'A receipt with a table of items and a total',
            data_sample: { items: [{ name: 'Tea' }] },
          },
        },
        undefined,
        { onprogress: (p) => progress.push(p.message ?? ''), resetTimeoutOnProgress: true },
      )) as CallToolResult;
      expect(generated.isError).toBeFalsy();
      expect(progress.length).toBeGreaterThan(0);
      expect(progress[0]).toMatch(/^writing/);
      templateId = (generated.structuredContent as { id: string }).id;

      const steps: string[] = [];
      const report = (await client.callTool(
        { name: 'generate_report', arguments: { template_id: templateId } },
        undefined,
        {
          onprogress: (p) => steps.push(p.message ?? ''),
        },
      )) as CallToolResult;
      expect(report.structuredContent).toMatchObject({ status: 'succeeded' });
      expect(steps).toEqual(['rendering', 'succeeded: reading the file and checking the data']);
    } finally {
      await client.close();
    }

    // On the wire: an event stream of the progress notifications, then the result, for the request that asked.
    const headers = { Authorization: `Bearer ${apiKey}` };
    const callReport = (meta: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'generate_report', arguments: { template_id: templateId }, _meta: meta },
    });
    const streamed = await post(headers, callReport({ progressToken: 'tok-1' }));
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await streamed.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)));
    expect(events.map((e) => e.method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'result',
    ]);
    expect(events[0].params).toMatchObject({ progressToken: 'tok-1', progress: 1, message: 'rendering' });
    expect(events[2]).toMatchObject({ id: 7, result: { structuredContent: { status: 'succeeded' } } });

    const plain = await post(headers, callReport({}));
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await plain.json()).toMatchObject({ id: 7, result: { structuredContent: { status: 'succeeded' } } });
  });

  it('answers careless bodies from a valid key with JSON errors, never 5xx', async () => {
    const { apiKey } = await keyOn('starter', 'careless');
    const bodies = ['{"jsonrpc":', 'null', '"text"', '[]', '{"jsonrpc":"2.0","id":1,"method":"tools/call"}', '{}'];
    for (const body of bodies) {
      const response = await fetch(`${feature.url}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
      expect(response.status, body).toBeLessThan(500);
      if (response.status !== 202) expect(response.headers.get('content-type'), body).toMatch(/json/);
    }
  });

  it('answers GET and DELETE with 405: the endpoint is stateless, without event streams or sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${feature.url}/mcp`, { method, headers: { Accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});

describe('the tools and the roles table', () => {
  it('names only permissions of the roles table, so that a role offers exactly the tools the API lets it call', () => {
    for (const tool of TOOLS) {
      for (const permission of tool.permissions) expect(PERMISSIONS, tool.name).toContain(permission);
    }
    // Every tool is some role's: the owner's at least.
    for (const tool of TOOLS)
      expect(
        tool.permissions.every((p) => can('owner', p)),
        tool.name,
      ).toBe(true);
  });
});

describe('the OpenAPI entry', () => {
  it('documents the one route the router serves, with an example body its schema accepts', () => {
    expect(mcpRoutes).toEqual(['POST /mcp']);
    expect(MCP_OPERATIONS.map((op) => `${op.method} ${op.path}`)).toEqual(mcpRoutes);
    for (const op of MCP_OPERATIONS) expect(McpMessage.safeParse(op.bodyExample).success).toBe(true);
  });
});
