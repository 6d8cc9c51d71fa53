import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { APIError, type Quire } from '@quire/client';
import { explain } from './errors';
import type { Logger } from './logger';
import { embeddedFile, fileLinkOf, MAX_EMBED_BYTES } from './tools/files';
import { toReport, toTemplate } from './tools/schemas';
import type { ToolPermission } from './tools/tool';

const JSON_TYPE = 'application/json';

/** One value of a URI template variable (`{id}` matches one path segment). */
const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/** A read that failed: a JSON-RPC error whose message says what to do next, as a tool error does. */
async function reading(
  what: { args: Record<string, unknown>; logger: Logger },
  read: () => Promise<ReadResourceResult>,
): Promise<ReadResourceResult> {
  try {
    return await read();
  } catch (error) {
    if (!APIError.isInstance(error)) throw error;
    what.logger.warn({ code: error.code, request_id: error.requestId }, 'resource read failed');
    const message = explain(error, { tool: 'resources/read', args: what.args }).replace(
      /Call (list_\w+)/,
      'Call $1 (or resources/list)',
    );
    throw new McpError(error.status === 404 ? ErrorCode.InvalidParams : ErrorCode.InternalError, message, {
      code: error.code,
      request_id: error.requestId ?? null,
    });
  }
}

/**
 * quire://templates/{id}: a template whole, as JSON (listed: the team's 100 newest).
 * quire://reports/{id}: a report's status and download URL, as JSON (listed: the 20 newest).
 * quire://reports/{id}/file: the report's file (up to 1 MB; larger ones by their download URL).
 */
export function registerResources(
  server: McpServer,
  { client, logger, may }: { client: Quire; logger: Logger; may: (permission: ToolPermission) => boolean },
): void {
  if (may('templates:read')) registerTemplateResource(server, { client, logger });
  if (may('reports:read')) registerReportResources(server, { client, logger });
}

/** Whether a caller with these permissions is offered any resource (else the server declares none). */
export const offersResources = (may: (permission: ToolPermission) => boolean): boolean =>
  may('templates:read') || may('reports:read');

function registerTemplateResource(server: McpServer, { client, logger }: { client: Quire; logger: Logger }): void {
  server.registerResource(
    'template',
    new ResourceTemplate('quire://templates/{id}', {
      async list(extra) {
        const page = await client.templates.list({ limit: 100 }, { signal: extra.signal });
        return {
          resources: page.data.map((t) => ({
            uri: `quire://templates/${t.id}`,
            name: t.name,
            title: t.name,
            description: t.description || `A ${t.kind} template, version ${t.published_version} published`,
            mimeType: JSON_TYPE,
          })),
        };
      },
    }),
    {
      title: 'Quire template',
      description: 'A report template: HTML + Liquid, CSS, header, footer, page setup and sample data.',
      mimeType: JSON_TYPE,
    },
    (uri, variables, extra) =>
      reading({ args: { template_id: one(variables.id) }, logger }, async () => {
        const template = await client.templates.get(one(variables.id), { signal: extra.signal });
        return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(toTemplate(template)) }] };
      }),
  );
}

function registerReportResources(server: McpServer, { client, logger }: { client: Quire; logger: Logger }): void {
  server.registerResource(
    'report',
    new ResourceTemplate('quire://reports/{id}', {
      async list(extra) {
        const page = await client.reports.list({ limit: 20 }, { signal: extra.signal });
        return {
          resources: page.data.map((r) => ({
            uri: `quire://reports/${r.id}`,
            name: r.filename,
            title: r.filename,
            description: `${r.status} ${r.format} report of ${r.template_id}, made ${r.created_at}`,
            mimeType: JSON_TYPE,
          })),
        };
      },
    }),
    {
      title: 'Quire report',
      description: 'A report: its status, pages, size and download URL (the file: quire://reports/{id}/file).',
      mimeType: JSON_TYPE,
    },
    (uri, variables, extra) =>
      reading({ args: { report_id: one(variables.id) }, logger }, async () => {
        const report = await client.reports.get(one(variables.id), { signal: extra.signal });
        return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(toReport(report)) }] };
      }),
  );

  server.registerResource(
    'report_file',
    new ResourceTemplate('quire://reports/{id}/file', { list: undefined }),
    { title: 'Quire report file', description: "A report's PDF or HTML file (up to 1 MB)." },
    (uri, variables, extra) =>
      reading({ args: { report_id: one(variables.id) }, logger }, async () => {
        const id = one(variables.id);
        const report = await client.reports.get(id, { signal: extra.signal });
        if (report.bytes !== null && report.bytes > MAX_EMBED_BYTES) {
          const link = await fileLinkOf(client, report, extra.signal);
          throw new McpError(
            ErrorCode.InvalidParams,
            `The file of ${id} is ${report.bytes} bytes, more than the 1 MB this server sends; ` +
              (link.file_url
                ? `it opens without a key until ${link.file_url_expires_at} at ${link.file_url}`
                : `download it from ${report.download_url ?? 'its download_url'} with the team's API key.`),
          );
        }
        const file = await client.reports.download(id, { signal: extra.signal });
        const base64 = Buffer.from(await file.bytes()).toString('base64');
        return { contents: [embeddedFile(uri.href, file.contentType, base64).resource] };
      }),
  );
}
