import type { EmbeddedResource } from '@modelcontextprotocol/sdk/types.js';

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
