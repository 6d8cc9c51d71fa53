import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Quire } from '@quire/client';
import { type Account, createApiKey, type RunningService, signUp, startService } from '@quire/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES, TOOLS } from '../tools/index';
import { VERSION } from '../version';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
/** The command as `npx @quire/mcp` runs it, from its TypeScript source. */
const COMMAND = ['--conditions=@quire/source', '--import', 'tsx', 'src/bin/quire-mcp.ts'];

/** The environment of the command: this process's, without any Quire settings of the machine. */
function envWith(vars: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('QUIRE_')) env[key] = value;
  }
  return { ...env, ...vars };
}

/** Runs the command to its end (for the flags that answer at once): exit code, stdout, stderr. */
function run(args: string[], vars: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...COMMAND, ...args], { cwd: PACKAGE, env: envWith(vars) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin.end();
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let app: RunningService;
let account: Account;
let apiKey: string;

beforeAll(async () => {
  app = await startService();
  account = await signUp(app, 'stdio');
  // MCP needs a plan that includes it (Starter and up), over stdio as over /mcp.
  await new Quire({ apiKey: account.token, baseUrl: app.url, maxRetries: 0 }).subscription.change({ plan: 'starter' });
  apiKey = await createApiKey(app, account);
});

/** The names of the tools the command offers, started with these arguments and environment. */
async function toolNames(args: string[], vars: Record<string, string>): Promise<string[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...COMMAND, ...args],
    cwd: PACKAGE,
    env: envWith({ QUIRE_BASE_URL: app.url, ...vars }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'stdio-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

afterAll(async () => {
  await app?.close();
});

describe('quire-mcp over stdio', () => {
  it('initializes, lists the tools and renders a report whose PDF comes back as a resource', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: COMMAND,
      cwd: PACKAGE,
      env: envWith({ QUIRE_API_KEY: apiKey, QUIRE_BASE_URL: app.url }),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    // Anything on stdout that is not a JSON-RPC message surfaces here.
    const protocolErrors: Error[] = [];
    const client = new Client({ name: 'stdio-test', version: '0.0.0' });
    client.onerror = (error) => protocolErrors.push(error);
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: 'quire', title: 'Quire', version: VERSION });
      expect(client.getInstructions()).toMatch(/list_templates, get_template .* generate_report/);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);

      const created = (await client.callTool({
        name: 'create_template',
        arguments: { starter_id: 'invoice' },
      })) as CallToolResult;
      const templateId = (created.structuredContent as { id: string }).id;
      const result = (await client.callTool({
        name: 'generate_report',
        arguments: { template_id: templateId },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ status: 'succeeded', embedded: true, format: 'pdf' });
      const file = result.content.find((block) => block.type === 'resource');
      const blob = file?.type === 'resource' && 'blob' in file.resource ? file.resource.blob : '';
      expect(Buffer.from(blob, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const missing = (await client.callTool({
        name: 'get_template',
        arguments: { template_id: 'tpl_missing' },
      })) as CallToolResult;
      expect(missing.isError).toBe(true);
      expect(missing.content[0]).toMatchObject({
        type: 'text',
        text: expect.stringMatching(/^No template tpl_missing in this team\. Call list_templates to see the ids\./),
      });
    } finally {
      await client.close();
    }
    expect(protocolErrors).toEqual([]);
    // The logs went to stderr.
    expect(stderr).toMatch(/quire-mcp info: quire-mcp ready/);
    expect(stderr).toMatch(/quire-mcp warn: tool error \{"tool":"get_template","code":"template_not_found"/);
  });

  it('offers only the tools --tools names, with flags overriding the environment', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...COMMAND, '--tools', 'list_templates,get_report', '--api-key', apiKey, '--base-url', app.url],
      cwd: PACKAGE,
      env: envWith({ QUIRE_API_KEY: 'qk_live_wrong', QUIRE_BASE_URL: 'http://127.0.0.1:9' }),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['list_templates', 'get_report']);
      const listed = (await client.callTool({ name: 'list_templates', arguments: {} })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('offers a key only what its role may do, and only the tools that read with --read-only or QUIRE_MCP_READ_ONLY', async () => {
    const viewer = await createApiKey(app, account, { role: 'viewer', name: 'viewer key' });
    expect(await toolNames([], { QUIRE_API_KEY: viewer })).toEqual(['list_reports', 'get_report']);
    const member = await createApiKey(app, account, { role: 'member', name: 'member key' });
    const memberTools = await toolNames([], { QUIRE_API_KEY: member });
    expect(memberTools).toContain('generate_report');
    expect(memberTools).not.toContain('create_template');
    expect(memberTools).not.toContain('update_template');

    const readTools = TOOLS.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name);
    expect(await toolNames(['--read-only'], { QUIRE_API_KEY: apiKey })).toEqual(readTools);
    expect(await toolNames([], { QUIRE_API_KEY: apiKey, QUIRE_MCP_READ_ONLY: '1' })).toEqual(readTools);
    expect(readTools).not.toContain('generate_report');
  });

  it('refuses to start for a team whose plan has no MCP, with the code and message /mcp answers', async () => {
    const free = await signUp(app, 'stdio-free');
    const key = await createApiKey(app, free);
    const refused = await run([], { QUIRE_API_KEY: key, QUIRE_BASE_URL: app.url });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      'quire-mcp: Your Free plan does not include MCP access. Upgrade your plan to use it. (code: plan_feature_unavailable)',
    );

    const badKey = await run([], { QUIRE_API_KEY: 'qk_live_notAKeyAtAll0123456789', QUIRE_BASE_URL: app.url });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/quire-mcp: Quire refused the credentials: .*\(code: invalid_api_key\)/);
  });

  it('exits with 2 and a message on stderr, and nothing on stdout, without a key or with an unknown flag', async () => {
    const noKey = await run([]);
    expect(noKey.code).toBe(2);
    expect(noKey.stdout).toBe('');
    expect(noKey.stderr).toMatch(/^quire-mcp: No API key: set QUIRE_API_KEY or pass --api-key/);

    const unknown = await run(['--verbose'], { QUIRE_API_KEY: apiKey });
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/Unknown option '--verbose'.*\nRun quire-mcp --help for the options\./s);
  });

  it('prints its help and version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: quire-mcp \[options\]/);
    expect(help.stdout).toContain('--tools <a,b,c>');
    const version = await run(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });
});
