import { readFile } from 'node:fs/promises';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Quire } from '@quire/client';
import { createApiKey, type RunningService, signUp, startService, useUpMonthlyLimit } from '@quire/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, quireFor, structured, textOf } from './__fixtures__/mcp';
import { McpPlanError, resolveAccess } from './access';
import { createServer } from './server';
import { TOOL_NAMES } from './tools/index';
import { toFinding } from './tools/schemas';

const RECEIPT_HTML = `<h1>Receipt {{ number }}</h1>
<p>{{ customer.name }}</p>
<table>{% for item in items %}<tr><td>{{ item.name }}</td><td>{{ item.price }}</td></tr>{% endfor %}</table>`;
const RECEIPT_DATA = { number: 'R-1', customer: { name: 'Ada' }, items: [{ name: 'Flat white', price: 3.4 }] };

let app: RunningService;
let quire: Quire;
/** The team owner's own client (a person's token): sets up what a key of the editor role may not. */
let owner: Quire;
let teamId: string;
let mcp: { client: Client; close(): Promise<void> };
let client: Client;
let templateId: string;

const call = (name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

beforeAll(async () => {
  app = await startService();
  const account = await signUp(app, 'mcp');
  teamId = account.teamId;
  quire = quireFor(app.url, await createApiKey(app, account, { role: 'editor' }));
  owner = quireFor(app.url, account.token);
  // Free allows two templates; the tests make more.
  await owner.subscription.change({ plan: 'professional' });
  mcp = await connectInMemory(quire);
  client = mcp.client;
  const created = await call('create_template', {
    name: 'Receipt',
    html: RECEIPT_HTML,
    sample_data: RECEIPT_DATA,
    tags: ['mcp'],
  });
  templateId = structured(created).id;
});

afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

describe('tools/list', () => {
  it('lists every tool with a model-facing description, described inputs, an output schema and all four hints', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    expect(TOOL_NAMES).toEqual([
      'list_starters',
      'list_templates',
      'get_template',
      'create_template',
      'update_template',
      'generate_template',
      'refine_template',
      'check_template',
      'preview_template',
      'generate_report',
      'list_reports',
      'get_report',
      'list_data_sources',
      'list_fonts',
      'get_usage',
    ]);
    for (const tool of tools) {
      expect(tool.name, tool.name).toMatch(/^[a-z]+(_[a-z]+)+$/);
      expect(tool.title, tool.name).toBeTruthy();
      // When to use it, an example, and the related tools.
      expect(tool.description, tool.name).toMatch(/Use it/);
      expect(tool.description, tool.name).toMatch(/Example: /);
      expect(tool.description, tool.name).toMatch(/Related: /);
      expect(tool.inputSchema.type).toBe('object');
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${field}`).toBeTruthy();
      }
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const hints = tool.annotations ?? {};
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof hints[hint], `${tool.name}.${hint}`).toBe('boolean');
      }
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.get_template?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(byName.generate_report?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get_template?.inputSchema.required).toEqual(['template_id']);
    expect(byName.generate_template?.inputSchema.required).toEqual(['prompt']);
  });
});

describe('tools', () => {
  it('list_starters answers the starter templates', async () => {
    const result = await call('list_starters');
    expect(result.isError).toBeFalsy();
    const { starters } = structured(result);
    expect(starters.length).toBeGreaterThan(0);
    expect(starters.map((s: { id: string }) => s.id)).toContain('invoice');
    // The text copy is the structured content as JSON, for clients that read only text.
    expect(JSON.parse(textOf(result))).toEqual(structured(result));
  });

  it('create_template copies a starter, and refuses a call with neither HTML nor a starter', async () => {
    const copied = structured(await call('create_template', { starter_id: 'invoice' }));
    expect(copied).toMatchObject({ id: expect.stringMatching(/^tpl_/), name: expect.any(String), latest_version: 1 });

    const refused = await call('create_template', { name: 'Empty' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/Pass name and html .* or starter_id/);
  });

  it('list_templates finds the template by a word of its name, and by tag', async () => {
    const found = structured(await call('list_templates', { query: 'Receipt' }));
    expect(found.templates.map((t: { id: string }) => t.id)).toContain(templateId);
    expect(found).toMatchObject({ has_more: false, next_cursor: null });
    const tagged = structured(await call('list_templates', { tag: 'mcp', limit: 5 }));
    expect(tagged.templates).toEqual([expect.objectContaining({ id: templateId, name: 'Receipt', tags: ['mcp'] })]);
  });

  it('get_template answers the HTML, the sample data and the JSON Schema of the data', async () => {
    const template = structured(await call('get_template', { template_id: templateId }));
    expect(template).toMatchObject({
      id: templateId,
      html: RECEIPT_HTML,
      sample_data: RECEIPT_DATA,
      version: 1,
      page: { size: 'A4', orientation: 'portrait' },
      data_schema: { type: 'object', properties: expect.objectContaining({ customer: expect.any(Object) }) },
    });
  });

  it('check_template lists what the data lacks', async () => {
    const clean = structured(await call('check_template', { template_id: templateId }));
    expect(clean).toMatchObject({ template_id: templateId, version: 1, ok: true, pages: 1 });
    const lacking = structured(await call('check_template', { template_id: templateId, data: { number: 'R-2' } }));
    expect(lacking.findings.map((f: { code: string }) => f.code)).toContain('missing_variable');
  });

  it('preview_template answers the PDF as an embedded resource', async () => {
    const result = await call('preview_template', { template_id: templateId });
    expect(structured(result)).toMatchObject({
      format: 'pdf',
      pages: 1,
      embedded: true,
      content_type: 'application/pdf',
    });
    const file = result.content[1];
    expect(file).toMatchObject({ type: 'resource', resource: { mimeType: 'application/pdf' } });
    const blob = file?.type === 'resource' && 'blob' in file.resource ? file.resource.blob : '';
    expect(Buffer.from(blob, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const html = await call('preview_template', { template_id: templateId, format: 'html' });
    const page = html.content[1];
    expect(page?.type === 'resource' && 'text' in page.resource ? page.resource.text : '').toContain('Receipt R-1');
  });

  it('generate_report renders a report and answers its id, download URL and the PDF', async () => {
    const result = await call('generate_report', { template_id: templateId, data: RECEIPT_DATA, filename: 'r-1' });
    expect(result.isError).toBeFalsy();
    const report = structured(result);
    expect(report).toMatchObject({
      report_id: expect.stringMatching(/^rep_/),
      status: 'succeeded',
      format: 'pdf',
      pages: 1,
      filename: 'r-1.pdf',
      embedded: true,
      download_url: expect.stringContaining(`/v1/reports/${report.report_id}/file`),
    });
    const file = result.content[1];
    expect(file).toMatchObject({
      type: 'resource',
      resource: { uri: `quire://reports/${report.report_id}/file`, mimeType: 'application/pdf' },
    });
    const blob = file?.type === 'resource' && 'blob' in file.resource ? file.resource.blob : '';
    expect(Buffer.from(blob, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(blob, 'base64').length).toBe(report.bytes);
    // The text copy holds the facts, not the file.
    expect(textOf(result)).not.toContain(blob.slice(0, 100));

    // A link a person can open: no key, for 15 minutes, signed by the service.
    expect(report.file_url).toMatch(
      new RegExp(`/v1/reports/${report.report_id}/file\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
    const expiresIn = Date.parse(report.file_url_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);
    const link = new URL(report.file_url);
    const opened = await fetch(`${app.url}${link.pathname}${link.search}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).toString('base64')).toBe(blob);
    const tampered = await fetch(`${app.url}${link.pathname}${link.search.replace(/expires=\d/, 'expires=9')}`);
    expect(tampered.status).toBe(403);
    expect((await tampered.json()).error.code).toBe('file_link_invalid');

    const sample = structured(await call('generate_report', { template_id: templateId }));
    expect(sample).toMatchObject({ status: 'succeeded', embedded: true, warnings: [], missing_variables: [] });
  });

  it('generate_report answers the variables the data lacked and the render’s warnings', async () => {
    const lacking = await call('generate_report', { template_id: templateId, data: { number: 'R-9' } });
    expect(lacking.isError, textOf(lacking)).toBeFalsy();
    const report = structured(lacking);
    expect(report.status).toBe('succeeded');
    expect(report.missing_variables).toEqual(['customer', 'items']);
    // The warnings are the report's own, as the REST API keeps them.
    const kept = await quire.reports.get(report.report_id);
    expect(report.warnings).toEqual(kept.warnings.map((w) => ({ severity: 'warning', ...w })));

    // A 4,000 px wide block overflows an A4 page: the render warns, and the tool passes the warning on.
    const wide = structured(
      await call('create_template', {
        name: 'Too wide',
        html: '<div style="width: 4000px">{{ title }}</div>',
        sample_data: { title: 'Wide' },
      }),
    );
    const overflowing = structured(await call('generate_report', { template_id: wide.id }));
    expect(overflowing.missing_variables).toEqual([]);
    expect(overflowing.warnings).toContainEqual(expect.objectContaining({ code: 'content_overflow' }));

    // From a data source the tool does not see the data: it says so with null rather than guessing.
    const source = await owner.dataSources.create({
      type: 'static',
      name: 'Receipt R-3',
      format: 'json',
      content: JSON.stringify({ number: 'R-3' }),
    });
    const fromSource = structured(
      await call('generate_report', { template_id: templateId, data_source_id: source.id }),
    );
    expect(fromSource).toMatchObject({ status: 'succeeded', missing_variables: null });
  });

  it('update_template saves a new version with the parts given and the version message', async () => {
    const made = structured(
      await call('create_template', { name: 'Footer test', html: '<p>{{ title }}</p>', sample_data: { title: 'A' } }),
    );
    const footer = '<p>Page {{ page_number }} of {{ page_count }}</p>';
    const updated = await call('update_template', {
      template_id: made.id,
      footer_html: footer,
      css: 'p { color: #123456; }',
      message: 'Number the pages',
    });
    expect(updated.isError, textOf(updated)).toBeFalsy();
    expect(structured(updated)).toMatchObject({ id: made.id, version: 2, latest_version: 2, published: true });
    const saved = await quire.templates.get(made.id);
    expect(saved).toMatchObject({ footer_html: footer, css: 'p { color: #123456; }', html: '<p>{{ title }}</p>' });
    const versions = await quire.templates.versions.list(made.id);
    expect(versions.data.map((v) => v.message)).toContain('Number the pages');

    const draft = structured(
      await call('update_template', { template_id: made.id, name: 'Footer draft', publish: false }),
    );
    expect(draft).toMatchObject({ version: 3, published: false, published_version: 2, name: 'Footer draft' });

    const nothing = await call('update_template', { template_id: made.id, message: 'Nothing' });
    expect(nothing.isError).toBe(true);
    expect(textOf(nothing)).toMatch(/Give at least one part to change: name, html, css/);
    const missing = await call('update_template', { template_id: 'tpl_doesNotExist', html: '<p>x</p>' });
    expect(textOf(missing)).toMatch(/^No template tpl_doesNotExist in this team\./);
  });

  it('get_usage answers the plan, the month and what is used of each limit', async () => {
    const result = await call('get_usage');
    expect(result.isError, textOf(result)).toBeFalsy();
    const usage = structured(result);
    const rest = await quire.usage.get();
    expect(usage).toEqual({
      plan: 'professional',
      period: rest.period,
      usage: expect.objectContaining({
        templates: { used: expect.any(Number), limit: rest.usage.templates.limit },
        reports_per_month: { used: expect.any(Number), limit: rest.usage.reports_per_month.limit },
      }),
      features: { ai_generation: rest.features.ai_generation, mcp: true },
    });
    expect(usage.usage.reports_per_month.used).toBeGreaterThan(0);
  });

  it('get_report and list_reports find the report again', async () => {
    const made = structured(await call('generate_report', { template_id: templateId, data: RECEIPT_DATA }));
    const report = structured(await call('get_report', { report_id: made.report_id }));
    expect(report).toMatchObject({ id: made.report_id, template_id: templateId, status: 'succeeded', error: null });
    expect(report.file_url).toMatch(new RegExp(`/v1/reports/${made.report_id}/file\\?expires=\\d+&signature=`));
    const link = new URL(report.file_url);
    expect((await fetch(`${app.url}${link.pathname}${link.search}`)).status).toBe(200);
    const listed = structured(await call('list_reports', { template_id: templateId, status: 'succeeded' }));
    expect(listed.reports.map((r: { id: string }) => r.id)).toContain(made.report_id);
  });

  it('list_data_sources lists the team’s data sources without their secrets', async () => {
    const source = await owner.dataSources.create({
      type: 'static',
      name: 'Receipts file',
      format: 'json',
      content: JSON.stringify(RECEIPT_DATA),
    });
    const listed = structured(await call('list_data_sources'));
    expect(listed.data_sources).toContainEqual(
      expect.objectContaining({ id: source.id, name: 'Receipts file', type: 'static' }),
    );
    const report = structured(await call('generate_report', { template_id: templateId, data_source_id: source.id }));
    expect(report).toMatchObject({ status: 'succeeded', pages: 1 });
  });

  it('list_fonts lists the team’s font families and their faces', async () => {
    const mono = await readFile(
      new URL(
        '../../render/node_modules/@expo-google-fonts/noto-sans-mono/400Regular/NotoSansMono_400Regular.ttf',
        import.meta.url,
      ),
    );
    await owner.fonts.upload({ family: 'Receipt Mono', data: new Uint8Array(mono) });
    const listed = structured(await call('list_fonts'));
    expect(listed).toMatchObject({ has_more: false, next_cursor: null });
    expect(listed.fonts).toEqual([
      { name: 'Receipt Mono', faces: ['normal'], total_bytes: mono.length, updated_at: expect.any(String) },
    ]);
  });

  it('generate_template writes a template from a sentence with the offline AI, reporting progress', async () => {
    const progress: string[] = [];
    const result = (await client.callTool(
      {
        name: 'generate_template',
        arguments: {
          prompt: 'A receipt for a coffee shop with a table of items and a total',
          data_sample: RECEIPT_DATA,
          name: 'Coffee receipt',
        },
      },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? ''), resetTimeoutOnProgress: true },
    )) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    const generated = structured(result);
    expect(generated).toMatchObject({
      id: expect.stringMatching(/^tpl_/),
      name: 'Coffee receipt',
      latest_version: 1,
      reply: expect.any(String),
      remaining: expect.any(Array),
    });
    expect(progress[0]).toMatch(/^writing/);

    const refused = await call('generate_template', { prompt: 'A receipt' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/exactly one of data_sample .* data_source_id or schema/);
  });

  it('refine_template changes a template in words and saves a new version', async () => {
    const result = await call('refine_template', { template_id: templateId, instruction: 'Make the title blue' });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(structured(result)).toMatchObject({
      template_id: templateId,
      changed: true,
      version: 2,
      published: expect.any(Boolean),
      reply: expect.any(String),
    });
    // Asked again, the title is blue already: no version is saved, and the agent is told so.
    const again = await call('refine_template', { template_id: templateId, instruction: 'Make the title blue' });
    expect(structured(again)).toMatchObject({ template_id: templateId, changed: false, version: 2 });
    expect(structured(again).reply).toMatch(/no version was saved/i);
  });
});

describe('tool errors', () => {
  it('answers a bad template id with an error result that names the tool to call', async () => {
    for (const tool of ['get_template', 'check_template', 'preview_template', 'generate_report']) {
      const result = await call(tool, { template_id: 'tpl_doesNotExist', data: {} });
      expect(result.isError, tool).toBe(true);
      expect(textOf(result), tool).toMatch(
        /^No template tpl_doesNotExist in this team\. Call list_templates to see the ids\. \(code: template_not_found, request id: req_[\w-]+\)$/,
      );
      expect(result._meta?.['quire/error']).toMatchObject({ code: 'template_not_found', status: 404 });
      expect(result.structuredContent).toBeUndefined();
    }
    const report = await call('get_report', { report_id: 'rep_nope' });
    expect(textOf(report)).toMatch(/^No report rep_nope in this team\. Call list_reports to see the ids\./);
  });

  it('answers arguments that fail the schema with an error result', async () => {
    const result = await call('get_template', { template_id: 42 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/template_id/);
  });

  it('answers a reached plan limit with what was used and who can upgrade', async () => {
    const giveBack = await useUpMonthlyLimit(app, teamId, 'reports_per_month');
    try {
      const result = await call('generate_report', { template_id: templateId, data: RECEIPT_DATA });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/reports_per_month: \d+ of \d+ used\) Nothing was created\./);
      expect(textOf(result)).toMatch(/owner or admin can upgrade the team's plan/);
      expect(textOf(result)).toMatch(/code: plan_limit_exceeded/);
    } finally {
      await giveBack();
    }
  });

  it('answers a refused API key with how to get one', async () => {
    const bad = await connectInMemory(quireFor(app.url, 'qk_live_notAKey0123456789'));
    try {
      const result = (await bad.client.callTool({ name: 'list_templates', arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/QUIRE_API_KEY/);
      expect(textOf(result)).toMatch(/code: invalid_api_key/);
    } finally {
      await bad.close();
    }
  });
});

describe('findings', () => {
  it('keep serious, known_limitation, data_sets, line and column as the REST answer gives them', () => {
    expect(
      toFinding({
        code: 'missing_glyphs',
        severity: 'error',
        message: 'No registered font can draw 你 好; register a font that covers them',
        serious: false,
        known_limitation: true,
        data_sets: ['cjk'],
      } as Parameters<typeof toFinding>[0]),
    ).toEqual({
      code: 'missing_glyphs',
      severity: 'error',
      message: 'No registered font can draw 你 好; register a font that covers them',
      serious: false,
      known_limitation: true,
      data_sets: ['cjk'],
    });
    expect(toFinding({ code: 'content_overflow', message: 'Too wide', line: 3, column: 7 })).toEqual({
      code: 'content_overflow',
      severity: 'warning',
      message: 'Too wide',
      line: 3,
      column: 7,
    });
  });

  it('refine_template passes on what remains exactly as the REST API records the turn', async () => {
    const wide = structured(
      await call('create_template', {
        name: 'Wide title',
        html: '<h1>{{ title }}</h1><div style="width: 4000px">{{ note }}</div>',
        sample_data: { title: 'Wide', note: 'A block wider than the page' },
      }),
    );
    const result = await call('refine_template', { template_id: wide.id, instruction: 'Make the title blue' });
    expect(result.isError, textOf(result)).toBeFalsy();
    const turn = structured(result);
    const messages = await quire.templates.messages.list(wide.id, { order: 'desc' });
    const assistant = messages.data.find((m) => m.role === 'assistant' && m.version === turn.version);
    const remaining = assistant?.report?.remaining ?? [];
    expect(remaining.length).toBeGreaterThan(0);
    expect(turn.remaining).toEqual(remaining.map((f) => ({ ...f })));
    for (const finding of turn.remaining) expect(typeof finding.serious).toBe('boolean');
    expect(turn.remaining.some((f: { serious: boolean }) => f.serious)).toBe(!turn.published);
  });
});

describe('tools by the key’s role, and read-only mode', () => {
  /** The tools a server offers a key of `role`, told what the key may do as the stdio command learns it. */
  async function toolsFor(role: 'admin' | 'editor' | 'member' | 'viewer', readOnly = false) {
    const account = await signUp(app, `role-${role}`);
    await quireFor(app.url, account.token).subscription.change({ plan: 'starter' });
    const key = quireFor(app.url, await createApiKey(app, account, { role }));
    const access = await resolveAccess(key);
    expect(access.role).toBe(role);
    const served = await connectInMemory(key, { permissions: access.permissions, readOnly });
    try {
      const { tools } = await served.client.listTools();
      const templates = await served.client.listResourceTemplates();
      return {
        tools: tools.map((tool) => tool.name),
        readOnlyHints: tools.map((tool) => tool.annotations?.readOnlyHint),
        resources: templates.resourceTemplates.map((t) => t.uriTemplate),
        instructions: served.client.getInstructions() ?? '',
      };
    } finally {
      await served.close();
    }
  }

  it('offers a viewer key the report tools only, and a member key no tool that writes templates', async () => {
    const viewer = await toolsFor('viewer');
    expect(viewer.tools).toEqual(['list_reports', 'get_report']);
    expect(viewer.resources).toEqual(['quire://reports/{id}', 'quire://reports/{id}/file']);
    expect(viewer.instructions).toMatch(/only what this key's role may do/);

    const member = await toolsFor('member');
    expect(member.tools).toEqual([
      'list_templates',
      'get_template',
      'check_template',
      'preview_template',
      'generate_report',
      'list_reports',
      'get_report',
      'list_data_sources',
      'list_fonts',
    ]);
    expect(member.resources).toContain('quire://templates/{id}');

    expect((await toolsFor('editor')).tools).toEqual([...TOOL_NAMES]);
    expect((await toolsFor('admin')).tools).toEqual([...TOOL_NAMES]);
  });

  it('offers only the tools that read in read-only mode', async () => {
    const editor = await toolsFor('editor', true);
    expect(editor.tools).toEqual([
      'list_starters',
      'list_templates',
      'get_template',
      'check_template',
      'preview_template',
      'list_reports',
      'get_report',
      'list_data_sources',
      'list_fonts',
      'get_usage',
    ]);
    expect(editor.readOnlyHints.every((hint) => hint === true)).toBe(true);
    expect(editor.instructions).toMatch(/This server is read-only/);
    // A viewer in read-only mode: its two tools read already.
    expect((await toolsFor('viewer', true)).tools).toEqual(['list_reports', 'get_report']);
  });

  it('refuses a team whose plan has no MCP with the code and message of the service’s /mcp', async () => {
    const account = await signUp(app, 'free-plan');
    const key = quireFor(app.url, await createApiKey(app, account, { role: 'editor' }));
    const refused = await resolveAccess(key).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpPlanError);
    expect(refused).toMatchObject({
      code: 'plan_feature_unavailable',
      plan: 'free',
      message: 'Your Free plan does not include MCP access. Upgrade your plan to use it.',
    });
  });
});

describe('the tools allow-list', () => {
  it('offers only the allowed tools, and refuses a call to another', async () => {
    const limited = await connectInMemory(quire, { tools: ['list_templates', 'generate_report'] });
    try {
      const { tools } = await limited.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['list_templates', 'generate_report']);
      const result = (await limited.client.callTool({
        name: 'create_template',
        arguments: { starter_id: 'invoice' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/create_template not found/);
      // The design prompt then names only the steps the allowed tools can do.
      const prompt = await limited.client.getPrompt({ name: 'design_report_template', arguments: { purpose: 'x' } });
      const text = prompt.messages[0]?.content.type === 'text' ? prompt.messages[0].content.text : '';
      expect(text).toContain('list_templates');
      expect(text).not.toContain('refine_template');
    } finally {
      await limited.close();
    }
  });

  it('rejects an unknown tool name, naming the known ones', () => {
    expect(() => createServer({ client: quire, tools: ['list_templates', 'delete_everything'] })).toThrow(
      /Unknown tool delete_everything\. The tools are: list_starters, list_templates,/,
    );
    expect(() => createServer({ client: quire, tools: [] })).toThrow(/allow-list is empty/);
    expect(() =>
      createServer({ client: quire, tools: ['create_template'], permissions: ['team:read', 'reports:read'] }),
    ).toThrow(/No tool is left to offer: the key's role does not allow create_template\./);
  });
});

describe('resources', () => {
  it('lists the templates and reports, and reads a template as JSON', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'quire://templates/{id}',
      'quire://reports/{id}',
      'quire://reports/{id}/file',
    ]);
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({
        uri: `quire://templates/${templateId}`,
        name: 'Receipt',
        mimeType: 'application/json',
      }),
    );
    const read = await client.readResource({ uri: `quire://templates/${templateId}` });
    const content = read.contents[0];
    expect(content).toMatchObject({ uri: `quire://templates/${templateId}`, mimeType: 'application/json' });
    expect(JSON.parse(content && 'text' in content ? content.text : '{}')).toMatchObject({
      id: templateId,
      sample_data: RECEIPT_DATA,
    });
  });

  it('reads a report as JSON and its file as a PDF blob', async () => {
    const made = structured(await call('generate_report', { template_id: templateId, data: RECEIPT_DATA }));
    const read = await client.readResource({ uri: `quire://reports/${made.report_id}` });
    const content = read.contents[0];
    expect(JSON.parse(content && 'text' in content ? content.text : '{}')).toMatchObject({
      id: made.report_id,
      status: 'succeeded',
    });
    const file = (await client.readResource({ uri: `quire://reports/${made.report_id}/file` })).contents[0];
    expect(file).toMatchObject({ mimeType: 'application/pdf' });
    const blob = file && 'blob' in file ? file.blob : '';
    expect(Buffer.from(blob, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers a template that does not exist with an error saying where the ids are', async () => {
    await expect(client.readResource({ uri: 'quire://templates/tpl_doesNotExist' })).rejects.toThrow(
      /No template tpl_doesNotExist in this team\. Call list_templates \(or resources\/list\) to see the ids\./,
    );
  });
});

describe('prompts', () => {
  it('design_report_template walks through finding, generating, checking, previewing and refining', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        name: 'design_report_template',
        arguments: [
          expect.objectContaining({ name: 'purpose', required: true }),
          expect.objectContaining({ name: 'data', required: false }),
          expect.objectContaining({ name: 'kind', required: false }),
        ],
      }),
    ]);
    const prompt = await client.getPrompt({
      name: 'design_report_template',
      arguments: { purpose: 'a monthly invoice for a design studio', data: '{"number":"INV-1"}' },
    });
    expect(prompt.messages).toHaveLength(1);
    const message = prompt.messages[0];
    const text = message?.content.type === 'text' ? message.content.text : '';
    expect(message?.role).toBe('user');
    expect(text).toContain('a monthly invoice for a design studio');
    expect(text).toContain('{"number":"INV-1"}');
    for (const tool of [
      'list_starters',
      'generate_template',
      'check_template',
      'preview_template',
      'refine_template',
    ]) {
      expect(text).toContain(tool);
    }
  });
});
