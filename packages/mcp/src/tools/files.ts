import type { EmbeddedResource } from '@modelcontextprotocol/sdk/types.js';
import { APIError, type Quire } from '@quire/client';

/** Files up to this size travel inside the tool's answer as an embedded resource; larger ones by download_url. */
export const MAX_EMBED_BYTES = 1024 * 1024;

/**
 * A rendered file as an embedded resource: HTML as text (a model reads it), a PDF as a base64 blob (a client
 * shows or saves it).
 */
export function embeddedFile(uri: string, contentType: string, base64: string): EmbeddedResource {
  const mimeType = contentType.split(';')[0]?.trim() || 'application/octet-stream';
  if (mimeType.startsWith('text/')) {
    return { type: 'resource', resource: { uri, mimeType, text: Buffer.from(base64, 'base64').toString('utf8') } };
  }
  return { type: 'resource', resource: { uri, mimeType, blob: base64 } };
}

/** A signed link to a report's file that opens without a key, and until when; nulls when there is no file. */
export interface FileLink {
  file_url: string | null;
  file_url_expires_at: string | null;
}

/**
 * Asks the service for a signed, short-lived link to a rendered report's file (POST /v1/reports/{id}/file-link):
 * what an agent can hand to a person. Nulls for a report without a file, or from a service too old to sign.
 */
export async function fileLinkOf(
  client: Quire,
  report: { id: string; status: string; download_url: string | null },
  signal: AbortSignal,
): Promise<FileLink> {
  if (report.status !== 'succeeded' || report.download_url === null)
    return { file_url: null, file_url_expires_at: null };
  try {
    const link = await client.reports.createFileLink(report.id, { signal });
    return { file_url: link.url, file_url_expires_at: link.expires_at };
  } catch (error) {
    if (APIError.isInstance(error) && error.code === 'route_not_found')
      return { file_url: null, file_url_expires_at: null };
    throw error;
  }
}
